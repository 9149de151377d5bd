import GraphExport

/// A class whose objects go into an export: the entity it maps to, its attribute values and the
/// objects it points at.
protocol Exportable: AnyObject {
    /// The entity the class maps to: its attributes and relationships, with their inverses.
    static var entity: EntityInfo { get }
    /// The object's attribute values, by attribute name; a missing attribute is null.
    var values: [String: Value] { get }
    /// The objects the object points at, by relationship name, in order. One side of each pair
    /// of inverses is enough: the graph fills in the other side.
    var links: [(relationship: String, objects: [any Exportable])] { get }
}

extension InMemoryGraph {
    /// A graph of `roots` and every object they link to, directly or not: each object is added
    /// once, however many paths lead to it, and cycles end where they meet an object already added.
    convenience init(exporting roots: [any Exportable], model: GraphModel, document: DocumentInfo) throws {
        self.init(model: model, document: document)
        var keys: [ObjectIdentifier: ObjectKey] = [:]
        var objects: [any Exportable] = []
        /// The object's key, adding the object the first time it is met.
        func key(of object: any Exportable) throws -> ObjectKey {
            if let key = keys[ObjectIdentifier(object)] { return key }
            let key = try add(type(of: object).entity.name, object.values)
            keys[ObjectIdentifier(object)] = key
            objects.append(object)
            return key
        }
        for root in roots { _ = try key(of: root) }
        var next = 0
        while next < objects.count {
            let object = objects[next]
            next += 1
            let source = try key(of: object)
            for (relationship, destinations) in object.links {
                for destination in destinations {
                    try link(source, relationship, to: try key(of: destination))
                }
            }
        }
    }
}
