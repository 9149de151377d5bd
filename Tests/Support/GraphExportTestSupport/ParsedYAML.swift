public import CYAML
import Foundation

/// The one YAML reader of the tests: one document read with libyaml's parser (event API) into a
/// ``DataNode``, plain scalars by the YAML 1.2 core schema, quoted and `!!str` scalars as
/// strings, `!!binary` as bytes. Anchors, aliases, other tags, text that is not UTF-8, keys that
/// are not strings, duplicate keys and other than one document are errors.
public struct ParsedYAML {
    /// The document.
    public let root: DataNode
    /// Every scalar, keys included, in document order.
    public let scalars: [Scalar]
    /// The deepest nesting of collections.
    public let maxDepth: Int

    /// One scalar as libyaml's parser reported it, and what it resolved to.
    public struct Scalar {
        /// The scalar's text.
        public let value: String
        /// Its tag, `nil` for none.
        public let tag: String?
        /// How it was written: plain, quoted, literal, folded.
        public let style: yaml_scalar_style_t
        /// What it resolved to.
        public let node: DataNode
        /// Whether it is a mapping's key.
        public let isKey: Bool
    }

    /// What makes a text no YAML document the tests accept.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A collection being read: a sequence's items, or a mapping's members and its pending key.
    private final class Open {
        let isMapping: Bool
        var items: [DataNode] = []
        var members: [(key: String, value: DataNode)] = []
        var key: String?
        var keys: Set<String> = []

        init(isMapping: Bool) {
            self.isMapping = isMapping
        }

        func add(_ node: DataNode) throws {
            guard isMapping else { return items.append(node) }
            guard let pending = key else {
                guard case .string(let text) = node else { throw Failure(description: "key \(node) is no string") }
                guard keys.insert(text).inserted else { throw Failure(description: "duplicate key \(text)") }
                key = text
                return
            }
            members.append((pending, node))
            key = nil
        }

        var node: DataNode { isMapping ? .mapping(members) : .sequence(items) }
    }

    /// Parses one YAML document.
    public static func parse(_ bytes: [UInt8]) throws -> ParsedYAML {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else { throw Failure(description: "yaml_parser_initialize failed") }
        defer { yaml_parser_delete(parser) }
        let schema = YAMLCoreSchema()
        return try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            var stack: [Open] = []
            var root: DataNode?
            var scalars: [Scalar] = []
            var maxDepth = 0
            var documents = 0
            func add(_ node: DataNode) throws {
                guard let top = stack.last else {
                    guard root == nil else { throw Failure(description: "two roots") }
                    root = node
                    return
                }
                try top.add(node)
            }
            func open(
                _ isMapping: Bool, anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?
            )
                throws
            {
                guard anchor == nil, tag == nil else { throw Failure(description: "anchor or tag on a collection") }
                stack.append(Open(isMapping: isMapping))
                maxDepth = max(maxDepth, stack.count)
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(parser, &event) == 1 else {
                    let problem = parser.pointee.problem.map { String(cString: $0) } ?? "?"
                    let mark = parser.pointee.problem_mark
                    throw Failure(description: "libyaml: \(problem) at line \(mark.line + 1) column \(mark.column + 1)")
                }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    guard documents == 1, let root else { throw Failure(description: "\(documents) documents") }
                    return ParsedYAML(root: root, scalars: scalars, maxDepth: maxDepth)
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                case YAML_SCALAR_EVENT:
                    let isKey = stack.last.map { $0.isMapping && $0.key == nil } ?? false
                    let scalar = try scalar(event.data.scalar, isKey: isKey, schema: schema)
                    scalars.append(scalar)
                    try add(scalar.node)
                case YAML_SEQUENCE_START_EVENT:
                    try open(false, anchor: event.data.sequence_start.anchor, tag: event.data.sequence_start.tag)
                case YAML_MAPPING_START_EVENT:
                    try open(true, anchor: event.data.mapping_start.anchor, tag: event.data.mapping_start.tag)
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    try add(stack.removeLast().node)
                case YAML_ALIAS_EVENT:
                    throw Failure(description: "unexpected alias")
                default:
                    break
                }
            }
        }
    }

    private static func scalar(
        _ data: yaml_event_t.__Unnamed_union_data.__Unnamed_struct_scalar, isKey: Bool, schema: YAMLCoreSchema
    ) throws -> Scalar {
        guard data.anchor == nil else { throw Failure(description: "unexpected anchor") }
        let bytes = Array(UnsafeBufferPointer(start: data.value, count: data.length))
        guard let value = String(validating: bytes, as: UTF8.self) else { throw Failure(description: "bad UTF-8") }
        let tag = data.tag.map { String(cString: $0) }
        let node: DataNode
        switch tag {
        case nil where data.style == YAML_PLAIN_SCALAR_STYLE:
            node = schema.resolve(value)
        case nil, "!", "tag:yaml.org,2002:str":
            node = .string(value)
        case "tag:yaml.org,2002:binary":
            guard let bytes = Data(base64Encoded: value) else { throw Failure(description: "bad base64 \(value)") }
            node = .binary(Array(bytes))
        case let tag?:
            throw Failure(description: "unexpected tag \(tag)")
        }
        return Scalar(value: value, tag: tag, style: data.style, node: node, isKey: isKey)
    }
}
