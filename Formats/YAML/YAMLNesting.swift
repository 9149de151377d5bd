/// The open elements of a ``YAMLGraphWriter``'s document, innermost last: checks that each event
/// fits where the stream is before anything is handed to libyaml.
struct YAMLNesting {
    /// One open element.
    enum Frame {
        /// The `"@graph"` sequence.
        case graph
        /// An object, with its entity for warnings and its identifier for errors.
        case object(entity: String, id: String)
        /// A relationship: a sequence when to-many, a single value when to-one; whether it holds
        /// anything yet.
        case relationship(name: String, isToMany: Bool, hasItems: Bool)
    }

    private var stack: [Frame] = [.graph]
    /// How many objects are open.
    private(set) var objectDepth = 0

    /// Opens an object where the stream is.
    mutating func beginObject(entity: String, id: String) throws(YAMLWriterError) {
        try addDestination(id: id, isObject: true)
        stack.append(.object(entity: entity, id: id))
        objectDepth += 1
    }

    /// Checks that an attribute may come here and returns the entity of its object.
    func attribute(name: String) throws(YAMLWriterError) -> String {
        guard case .object(let entity, _) = stack[stack.count - 1] else { throw .attributeOutsideObject(name: name) }
        return entity
    }

    /// Opens a relationship of the current object.
    mutating func beginRelationship(name: String, isToMany: Bool) throws(YAMLWriterError) {
        guard case .object = stack[stack.count - 1] else { throw .relationshipOutsideObject(name: name) }
        stack.append(.relationship(name: name, isToMany: isToMany, hasItems: false))
    }

    /// Adds a reference to the current relationship.
    mutating func reference(id: String) throws(YAMLWriterError) {
        try addDestination(id: id, isObject: false)
    }

    /// Closes the current relationship and tells what it was.
    mutating func endRelationship() throws(YAMLWriterError) -> (isToMany: Bool, hasItems: Bool) {
        switch stack[stack.count - 1] {
        case .relationship(_, let isToMany, let hasItems):
            stack.removeLast()
            return (isToMany, hasItems)
        case .object(_, let id):
            throw .unmatchedEndRelationship(openObject: id)
        case .graph:
            throw .unmatchedEndRelationship(openObject: nil)
        }
    }

    /// Closes the current object.
    mutating func endObject() throws(YAMLWriterError) {
        switch stack[stack.count - 1] {
        case .object: break
        case .relationship(let name, _, _): throw .unmatchedEndObject(openRelationship: name)
        case .graph: throw .unmatchedEndObject(openRelationship: nil)
        }
        stack.removeLast()
        objectDepth -= 1
    }

    /// Checks that nothing but the `"@graph"` sequence is open.
    func checkFinished() throws(YAMLWriterError) {
        for case .object(_, let id) in stack.reversed() {
            throw .unfinishedObject(id: id)
        }
    }

    /// Counts an object or a reference into the innermost relationship or the graph.
    private mutating func addDestination(id: String, isObject: Bool) throws(YAMLWriterError) {
        let top = stack.count - 1
        switch stack[top] {
        case .graph:
            guard isObject else { throw .referenceOutsideRelationship(id: id) }
        case .object(_, let parent):
            guard isObject else { throw .referenceOutsideRelationship(id: id) }
            throw .objectInsideObject(id: id, parent: parent)
        case .relationship(let name, let isToMany, let hasItems):
            if !isToMany && hasItems { throw .secondDestinationInToOne(relationship: name, id: id) }
            stack[top] = .relationship(name: name, isToMany: isToMany, hasItems: true)
        }
    }
}
