/// What the relational mapping cannot hold.
public enum RelationalMappingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An object's entity is not in the document's model, so it has no table.
    case unknownEntity(String)

    /// One sentence that names what failed.
    public var description: String {
        switch self {
        case .unknownEntity(let name): "the entity '\(name)' is not in the document's model, so it has no table"
        }
    }
}
