/// A mistake in building an ``InMemoryGraph``: an object or link its model does not allow; a command
/// exits with ``ExitStatus/failure``.
public enum InMemoryGraphError: ExitStatusError, Sendable, Hashable {
    /// The model has no entity of that name.
    case unknownEntity(String)
    /// Objects of an abstract entity cannot be added.
    case abstractEntity(String)
    /// The entity has no attribute or relationship of that name.
    case unknownProperty(entity: String, property: String)
    /// The destination is not an object of the relationship's destination entity.
    case wrongDestination(relationship: String)

    /// A sentence naming the entity, property or relationship.
    public var description: String {
        switch self {
        case .unknownEntity(let name):
            return "the model has no entity '\(name)'"
        case .abstractEntity(let name):
            return "entity '\(name)' is abstract: add objects of a sub-entity"
        case .unknownProperty(let entity, let property):
            return "entity '\(entity)' has no property '\(property)'"
        case .wrongDestination(let relationship):
            return "\(relationship) cannot point at that object"
        }
    }
}
