/// An SQL expression given to choose objects (`--where`) that cannot be used as it is.
public enum RowFilterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// SQLite does not accept the expression; `message` is what it said.
    case invalidExpression(String, entity: String, message: String)
    /// The expression asks for more than reading: `action` names what was refused.
    case refused(String, action: String)
    /// The expression holds more than one expression's worth of SQL (it ends the statement).
    case severalStatements(String)
    /// The entity's objects cannot be chosen by SQL: `reason` says why.
    case notFilterable(entity: String, reason: String)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .invalidExpression(let expression, let entity, let message):
            return "the expression '\(expression)' is not a valid condition on the rows of \(entity): \(message)"
        case .refused(let expression, let action):
            return "the expression '\(expression)' may only read the store, and it tries to \(action)"
        case .severalStatements(let expression):
            return "the expression '\(expression)' ends its statement: give one condition, such as \"Name LIKE 'A%'\""
        case .notFilterable(let entity, let reason):
            return "the objects of \(entity) cannot be chosen by an expression: \(reason)"
        }
    }
}
