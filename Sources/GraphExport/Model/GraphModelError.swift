/// A model whose entities do not fit together (``GraphModel/init(entities:)``): a mistake of the
/// code or file that describes them; a command exits with ``ExitStatus/failure``.
public enum GraphModelError: ExitStatusError, Sendable, Hashable {
    /// Two entities have the same name.
    case duplicateEntity(String)
    /// An entity names a parent that the model does not have.
    case unknownParent(entity: String, parent: String)
    /// An entity's parents form a loop.
    case inheritanceCycle(entity: String)
    /// A relationship points at an entity that the model does not have.
    case unknownDestination(entity: String, relationship: String, destination: String)
    /// A relationship names an inverse that its destination does not have.
    case unknownInverse(entity: String, relationship: String, inverse: String)

    /// A sentence naming the entity and what of it does not fit.
    public var description: String {
        switch self {
        case .duplicateEntity(let name):
            return "the model defines entity '\(name)' twice"
        case .unknownParent(let entity, let parent):
            return "entity '\(entity)' names parent '\(parent)', which the model does not define"
        case .inheritanceCycle(let entity):
            return "entity '\(entity)' is its own ancestor"
        case .unknownDestination(let entity, let relationship, let destination):
            return "\(entity).\(relationship) points at entity '\(destination)', which the model does not define"
        case .unknownInverse(let entity, let relationship, let inverse):
            return "\(entity).\(relationship) names inverse '\(inverse)', which its destination does not define"
        }
    }
}
