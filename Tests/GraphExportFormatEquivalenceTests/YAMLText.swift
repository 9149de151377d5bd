import CYAML
import Foundation

/// Reads one YAML document with libyaml's parser (event API) into a ``DataNode``: plain scalars by
/// the YAML 1.2 core schema, quoted and `!!str` scalars as strings, `!!binary` as bytes. Anchors,
/// aliases, other tags, keys that are not strings, duplicate keys and more than one document are
/// errors.
enum YAMLText {
    struct Failure: Error, CustomStringConvertible {
        let description: String
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

    static func parse(_ bytes: [UInt8]) throws -> DataNode {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else { throw Failure(description: "yaml_parser_initialize failed") }
        defer { yaml_parser_delete(parser) }
        return try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            var stack: [Open] = []
            var root: DataNode?
            var documents = 0
            func add(_ node: DataNode) throws {
                guard let top = stack.last else {
                    guard root == nil else { throw Failure(description: "two roots") }
                    root = node
                    return
                }
                try top.add(node)
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
                    return root
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                case YAML_SCALAR_EVENT:
                    try add(try scalar(event.data.scalar))
                case YAML_SEQUENCE_START_EVENT:
                    guard event.data.sequence_start.anchor == nil, event.data.sequence_start.tag == nil else {
                        throw Failure(description: "anchor or tag on a sequence")
                    }
                    stack.append(Open(isMapping: false))
                case YAML_MAPPING_START_EVENT:
                    guard event.data.mapping_start.anchor == nil, event.data.mapping_start.tag == nil else {
                        throw Failure(description: "anchor or tag on a mapping")
                    }
                    stack.append(Open(isMapping: true))
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

    private static func scalar(_ data: yaml_event_t.__Unnamed_union_data.__Unnamed_struct_scalar) throws -> DataNode {
        guard data.anchor == nil else { throw Failure(description: "unexpected anchor") }
        let bytes = Array(UnsafeBufferPointer(start: data.value, count: data.length))
        guard let value = String(validating: bytes, as: UTF8.self) else { throw Failure(description: "bad UTF-8") }
        switch data.tag.map({ String(cString: $0) }) {
        case nil where data.style == YAML_PLAIN_SCALAR_STYLE:
            return coreSchema(value)
        case nil, "!", "tag:yaml.org,2002:str":
            return .string(value)
        case "tag:yaml.org,2002:binary":
            guard let bytes = ValueText.base64(value) else { throw Failure(description: "bad base64 \(value)") }
            return .binary(bytes)
        case let tag?:
            throw Failure(description: "unexpected tag \(tag)")
        }
    }

    /// The YAML 1.2 core schema's resolution of a plain scalar (YAML 1.2.2, §10.3.2).
    static func coreSchema(_ text: String) -> DataNode {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .boolean(true)
        case "false", "False", "FALSE": return .boolean(false)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        default: break
        }
        let bytes = Array(text.utf8)
        if matchesNumber(bytes, fraction: false), let integer = Int64(text) { return .integer(integer) }
        if text.hasPrefix("0o"), let integer = Int64(text.dropFirst(2), radix: 8) { return .integer(integer) }
        if text.hasPrefix("0x"), text.count > 2, text.dropFirst(2).allSatisfy(\.isHexDigit),
            let integer = Int64(text.dropFirst(2), radix: 16)
        {
            return .integer(integer)
        }
        if matchesNumber(bytes, fraction: true), let double = Double(text) { return .float(double) }
        return .string(text)
    }

    /// Whether `bytes` match the core schema's `[-+]?[0-9]+` (`fraction` false) or
    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` (`fraction` true).
    private static func matchesNumber(_ bytes: [UInt8], fraction: Bool) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        let whole = digits()
        guard fraction else { return whole > 0 && index == bytes.count }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 || whole > 0 else { return false }
        } else if whole == 0 {
            return false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }
}
