import CLibXML2
import Foundation

/// A GraphML document as libxml2's parser reads it: checked for well-formedness, namespace
/// well-formedness and GraphML's structure (keys before the graph, every `<data>` naming a key
/// declared for its element), with the markup the writer uses kept as plain values.
public struct ParsedGraphML {
    /// A `<key>` declaration.
    public struct Key: Equatable {
        public var id: String
        public var domain: String
        /// `attr.name`, decoded when the key is marked `gx:encoding="base64"`.
        public var name: String
        public var type: String
        public var isBase64: Bool
    }

    /// A `<data>` element: its key, its text and whether it is marked `gx:encoding="base64"`.
    public struct DataElement: Equatable {
        public var key: String
        public var text: String
        public var isBase64: Bool

        /// The text, decoded from base64 when marked so.
        public var decoded: String {
            guard isBase64, let bytes = Foundation.Data(base64Encoded: text) else { return text }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// A `<node>` element.
    public struct Node: Equatable {
        public var id: String
        public var data: [DataElement]
    }

    /// An `<edge>` element.
    public struct Edge: Equatable {
        public var source: String
        public var target: String
        public var data: [DataElement]
    }

    public var keys: [Key] = []
    /// The `<graph>` element's attributes.
    public var graphAttributes: [String: String] = [:]
    /// The `<data>` directly inside `<graph>`.
    public var graphData: [DataElement] = []
    public var nodes: [Node] = []
    public var edges: [Edge] = []

    /// The key with this id.
    public func key(_ id: String) -> Key? {
        keys.first { $0.id == id }
    }

    /// A node's or edge's data by attribute name, decoded from base64 where marked.
    public func named(_ data: [DataElement]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: data.map { (key($0.key)?.name ?? "?", $0.decoded) })
    }

    /// The header fields from the graph's data, by field name.
    public var header: [String: String] { named(graphData) }

    /// Each edge as `source → target (label)`.
    public var edgeTexts: [String] {
        edges.map { "\($0.source) → \($0.target) (\(named($0.data)["label"] ?? "?"))" }
    }

    /// GraphML's namespace.
    public static let namespace = "http://graphml.graphdrawing.org/xmlns"
    /// The namespace of graphexport's markup (`gx:encoding`).
    private static let markerNamespace = "urn:graphexport:1"

    /// What makes a document not GraphML as written.
    public struct NotGraphML: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses `bytes` with libxml2 (no network, errors collected, not printed) and throws for a
    /// document that is not well-formed, not namespace-well-formed, or not laid out as GraphML.
    public static func parse(_ bytes: [UInt8]) throws -> ParsedGraphML {
        try ParsedXML.withDocument(bytes) { _, root in
            var problems: [String] = []
            let parsed = read(root, problems: &problems)
            guard problems.isEmpty else {
                throw NotGraphML(description: "not GraphML as written: " + problems.joined(separator: "; "))
            }
            return parsed
        }
    }

    /// Parses `bytes` like ``parse(_:)`` and counts the elements of the root (`key`,
    /// `graph`) and of the graph (`graph/node`, `graph/edge`, `graph/data`) by local name, without
    /// reading them: for large documents.
    public static func countElements(_ bytes: [UInt8]) throws -> [String: Int] {
        try ParsedXML.withDocument(bytes) { _, root in
            var counts: [String: Int] = [:]
            for child in elements(in: root) {
                let local = child.pointee.name.map { string($0) } ?? ""
                counts[local, default: 0] += 1
                guard local == "graph" else { continue }
                // Element names are compared with libxml2's own string comparison: a loop over
                // Swift strings would take seconds for large documents in a debug build.
                var names: [(name: UnsafePointer<xmlChar>, count: Int)] = []
                var node = child.pointee.children
                while let current = node {
                    if current.pointee.type == XML_ELEMENT_NODE, let name = current.pointee.name {
                        if let index = names.firstIndex(where: { xmlStrEqual($0.name, name) != 0 }) {
                            names[index].count += 1
                        } else {
                            names.append((name, 1))
                        }
                    }
                    node = current.pointee.next
                }
                for (name, count) in names { counts["graph/" + string(name), default: 0] += count }
            }
            return counts
        }
    }

    private static func read(_ root: xmlNodePtr, problems: inout [String]) -> ParsedGraphML {
        var parsed = ParsedGraphML()
        if name(of: root) != "{\(Self.namespace)}graphml" { problems.append("root is \(name(of: root))") }
        var sawGraph = false
        for child in elements(in: root) {
            let attributes = self.attributes(of: child)
            switch name(of: child) {
            case "{\(Self.namespace)}key":
                if sawGraph { problems.append("a key after the graph") }
                let isBase64 = attributes["gx:encoding"] == "base64"
                let name = attributes["attr.name"] ?? ""
                parsed.keys.append(
                    Key(
                        id: attributes["id"] ?? "", domain: attributes["for"] ?? "",
                        name: isBase64
                            ? String(decoding: Foundation.Data(base64Encoded: name) ?? .init(), as: UTF8.self) : name,
                        type: attributes["attr.type"] ?? "", isBase64: isBase64))
            case "{\(Self.namespace)}graph":
                if sawGraph { problems.append("a second graph") }
                sawGraph = true
                parsed.graphAttributes = attributes
                readGraph(child, into: &parsed, problems: &problems)
            case let other:
                problems.append("unexpected \(other) in the root")
            }
        }
        if !sawGraph { problems.append("no graph") }
        let domains = Dictionary(parsed.keys.map { ($0.id, $0.domain) }, uniquingKeysWith: { first, _ in first })
        if domains.count != parsed.keys.count { problems.append("two keys share an id") }
        func check(_ data: [DataElement], _ domain: String) {
            for item in data where domains[item.key] != domain {
                problems.append("data keyed \(item.key) in a \(domain), declared for \(domains[item.key] ?? "nothing")")
            }
        }
        check(parsed.graphData, "graph")
        for node in parsed.nodes { check(node.data, "node") }
        for edge in parsed.edges { check(edge.data, "edge") }
        return parsed
    }

    private static func readGraph(_ graph: xmlNodePtr, into parsed: inout ParsedGraphML, problems: inout [String]) {
        for child in elements(in: graph) {
            let attributes = self.attributes(of: child)
            switch name(of: child) {
            case "{\(Self.namespace)}data":
                parsed.graphData.append(data(child, attributes))
            case "{\(Self.namespace)}node":
                parsed.nodes.append(
                    Node(id: attributes["id"] ?? "", data: dataElements(in: child, problems: &problems)))
            case "{\(Self.namespace)}edge":
                parsed.edges.append(
                    Edge(
                        source: attributes["source"] ?? "", target: attributes["target"] ?? "",
                        data: dataElements(in: child, problems: &problems)))
            case let other:
                problems.append("unexpected \(other) in the graph")
            }
        }
    }

    private static func dataElements(in element: xmlNodePtr, problems: inout [String]) -> [DataElement] {
        elements(in: element).compactMap { child in
            guard name(of: child) == "{\(Self.namespace)}data" else {
                problems.append("unexpected \(name(of: child)) in a node or edge")
                return nil
            }
            return data(child, attributes(of: child))
        }
    }

    private static func data(_ element: xmlNodePtr, _ attributes: [String: String]) -> DataElement {
        let content = xmlNodeGetContent(element)
        defer { gx_xml_free(content) }
        return DataElement(
            key: attributes["key"] ?? "", text: content.map { string($0) } ?? "",
            isBase64: attributes["gx:encoding"] == "base64")
    }

    /// The element children of `parent`.
    private static func elements(in parent: xmlNodePtr) -> [xmlNodePtr] {
        var result: [xmlNodePtr] = []
        var child = parent.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(current) }
            child = current.pointee.next
        }
        return result
    }

    private static func name(of node: xmlNodePtr) -> String {
        let local = node.pointee.name.map { string($0) } ?? ""
        guard let namespace = node.pointee.ns?.pointee.href.map({ string($0) }) else { return local }
        return "{\(namespace)}\(local)"
    }

    /// Attributes by name, `gx:` standing for the marker namespace.
    private static func attributes(of node: xmlNodePtr) -> [String: String] {
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let value = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1)
            let local = current.pointee.name.map { string($0) } ?? ""
            let namespace = current.pointee.ns?.pointee.href.map { string($0) }
            let name = namespace == Self.markerNamespace ? "gx:" + local : local
            attributes[name] = value.map { string($0) } ?? ""
            gx_xml_free(value)
            attribute = current.pointee.next
        }
        return attributes
    }

    private static func string(_ characters: UnsafePointer<xmlChar>) -> String {
        characters.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
    }
}
