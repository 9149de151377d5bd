public import GraphExport

/// A graph of `length` objects of entity `Node`, each the only child of the one before: the
/// deepest tree a graph of that size can have.
///
/// `Node` has an `index` (`Integer 64`, 0 for the root) and the one-to-many `children` (Cascade)
/// with its to-one inverse `parent`.
public func makeChain(length: Int) -> InMemoryGraph {
    do {
        let model = try GraphModel(entities: [
            EntityInfo(
                name: "Node",
                attributes: [AttributeInfo(name: "index", type: .integer64, isOptional: false)],
                relationships: [
                    RelationshipInfo(
                        name: "children", destination: "Node", isToMany: true, inverse: "parent",
                        deletionRule: .cascade),
                    RelationshipInfo(name: "parent", destination: "Node", isToMany: false, inverse: "children"),
                ])
        ])
        let graph = InMemoryGraph(model: model)
        var previous: ObjectKey?
        for index in 0..<length {
            let node = try graph.add("Node", ["index": .integer(Int64(index))])
            if let previous { try graph.link(node, "parent", to: previous) }
            previous = node
        }
        return graph
    } catch {
        preconditionFailure("makeChain(length:) failed to build its fixed model: \(error)")
    }
}
