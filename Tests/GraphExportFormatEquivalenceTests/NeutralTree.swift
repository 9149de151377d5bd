/// An export read back into a form every format maps onto: the header's fields and the top-level
/// objects, each with what it nests.
struct NeutralDocument: Equatable {
    var header: [String: String] = [:]
    var nodes: [NeutralNode] = []
}

/// One object written in full: attributes by name, relationships by name.
struct NeutralNode: Equatable {
    var id: String
    var entity: String
    var attributes: [String: NeutralValue] = [:]
    var relationships: [String: NeutralRelationship] = [:]
}

/// What a relationship holds: `null` (an empty to-one), or its destinations in order (one at most
/// for a to-one).
enum NeutralRelationship: Equatable {
    case null
    case items([NeutralItem])
}

/// A destination: an object nested here, or a reference to one written in full elsewhere.
enum NeutralItem: Equatable {
    case node(NeutralNode)
    case reference(String)

    var id: String {
        switch self {
        case .node(let node): return node.id
        case .reference(let id): return id
        }
    }
}

/// One object of a graph with its relationships as lists of identifiers: what every export of a
/// graph must agree on, whatever its shape.
struct FlatObject: Equatable {
    var entity: String
    var attributes: [String: NeutralValue]
    /// Each relationship's destinations in order; an empty to-one is `[]`.
    var relationships: [String: [String]]
}

/// A graph as objects by identifier.
struct FlatGraph: Equatable {
    var objects: [String: FlatObject] = [:]
    /// Identifiers written in full more than once.
    var duplicates: [String] = []

    mutating func add(_ id: String, _ object: FlatObject) {
        if objects.updateValue(object, forKey: id) != nil { duplicates.append(id) }
    }

    /// Objects per entity name.
    var counts: [String: Int] {
        objects.values.reduce(into: [:]) { $0[$1.entity, default: 0] += 1 }
    }
}

extension NeutralDocument {
    /// Every object written in full, wherever it nests, with its relationships as identifiers.
    func flattened() -> FlatGraph {
        var graph = FlatGraph()
        var pending = nodes
        while let node = pending.popLast() {
            var relationships: [String: [String]] = [:]
            for (name, relationship) in node.relationships {
                guard case .items(let items) = relationship else {
                    relationships[name] = []
                    continue
                }
                relationships[name] = items.map(\.id)
                for case .node(let child) in items { pending.append(child) }
            }
            graph.add(
                node.id, FlatObject(entity: node.entity, attributes: node.attributes, relationships: relationships))
        }
        return graph
    }
}

/// Where two read-back exports differ, one sentence per difference.
enum NeutralDifferences {
    /// The differences between two graphs of objects, `left` and `right` named in the sentences.
    static func between(_ left: FlatGraph, _ right: FlatGraph, _ names: (String, String)) -> [String] {
        guard left != right else { return [] }
        var found: [String] = []
        for id in left.duplicates { found.append("\(names.0) writes \(id) in full more than once") }
        for id in right.duplicates { found.append("\(names.1) writes \(id) in full more than once") }
        for id in Set(left.objects.keys).union(right.objects.keys).sorted() {
            switch (left.objects[id], right.objects[id]) {
            case (nil, _?): found.append("\(id): missing from \(names.0)")
            case (_?, nil): found.append("\(id): missing from \(names.1)")
            case (let one?, let other?): found += between(one, other, id: id, names)
            default: break
            }
        }
        return found
    }

    private static func between(_ left: FlatObject, _ right: FlatObject, id: String, _ names: (String, String))
        -> [String]
    {
        var found: [String] = []
        if left.entity != right.entity {
            found.append("\(id): entity \(left.entity) in \(names.0), \(right.entity) in \(names.1)")
        }
        return found + between(left.attributes, right.attributes, id: id, names)
            + between(left.relationships, right.relationships, id: id, names)
    }

    /// One sentence per name whose value differs between `left` and `right`.
    private static func between<Property: Equatable & CustomStringConvertible>(
        _ left: [String: Property], _ right: [String: Property], id: String, _ names: (String, String)
    ) -> [String] {
        Set(left.keys).union(right.keys).sorted().filter { left[$0] != right[$0] }.map {
            "\(id).\($0): \(left[$0]?.description ?? "absent") in \(names.0), "
                + "\(right[$0]?.description ?? "absent") in \(names.1)"
        }
    }

    /// The differences between two documents, nesting and order included.
    static func between(_ left: NeutralDocument, _ right: NeutralDocument, _ names: (String, String)) -> [String] {
        guard left != right else { return [] }
        var found: [String] = []
        if left.header != right.header {
            found.append(
                "header: \(left.header.sorted { $0.key < $1.key }) in \(names.0), "
                    + "\(right.header.sorted { $0.key < $1.key }) in \(names.1)")
        }
        var pending: [(path: String, left: [NeutralItem], right: [NeutralItem])] = [
            ("@graph", left.nodes.map(NeutralItem.node), right.nodes.map(NeutralItem.node))
        ]
        while let (path, leftItems, rightItems) = pending.popLast() {
            guard leftItems.map(\.id) == rightItems.map(\.id) else {
                found.append("\(path): \(leftItems.map(\.id)) in \(names.0), \(rightItems.map(\.id)) in \(names.1)")
                continue
            }
            for (one, other) in zip(leftItems, rightItems) {
                switch (one, other) {
                case (.reference, .reference):
                    continue
                case (.node(let leftNode), .node(let rightNode)):
                    guard leftNode != rightNode else { continue }
                    let here = "\(path) > \(leftNode.id)"
                    if leftNode.entity != rightNode.entity || leftNode.attributes != rightNode.attributes {
                        found += between(
                            FlatObject(entity: leftNode.entity, attributes: leftNode.attributes, relationships: [:]),
                            FlatObject(entity: rightNode.entity, attributes: rightNode.attributes, relationships: [:]),
                            id: here, names)
                    }
                    for name in Set(leftNode.relationships.keys).union(rightNode.relationships.keys).sorted() {
                        switch (leftNode.relationships[name], rightNode.relationships[name]) {
                        case (.items(let leftChildren)?, .items(let rightChildren)?):
                            pending.append(("\(here).\(name)", leftChildren, rightChildren))
                        case (let one, let other) where one != other:
                            found.append(
                                "\(here).\(name): \(one.map(String.init(describing:)) ?? "absent") in \(names.0), "
                                    + "\(other.map(String.init(describing:)) ?? "absent") in \(names.1)")
                        default:
                            break
                        }
                    }
                default:
                    found.append("\(path) > \(one.id): \(one.kind) in \(names.0), \(other.kind) in \(names.1)")
                }
            }
        }
        return found
    }
}

extension NeutralItem {
    fileprivate var kind: String {
        if case .node = self { return "nested object" }
        return "reference"
    }
}

extension NeutralRelationship: CustomStringConvertible {
    var description: String {
        switch self {
        case .null: return "null"
        case .items(let items): return "[" + items.map(\.id).joined(separator: ", ") + "]"
        }
    }
}
