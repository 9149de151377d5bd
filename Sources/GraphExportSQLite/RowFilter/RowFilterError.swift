public import GraphExport

/// An SQL expression given to choose objects (`--where`) that cannot be used as it is: a mistake in
/// the usage of a command, which exits with ``GraphExport/ExitStatus/usage``. Each message starts
/// `--where: `, naming the option the expression was given to.
public enum RowFilterError: ExitStatusError, Sendable, Hashable {
    /// SQLite does not accept the expression; `message` is what it said.
    case invalidExpression(String, entity: String, message: String)
    /// The expression asks for more than reading: `action` names what was refused.
    case refused(String, action: String)
    /// The expression holds more than one expression's worth of SQL (it ends the statement).
    case severalStatements(String)
    /// The entity's objects cannot be chosen by SQL: `reason` says why.
    case notFilterable(entity: String, reason: String)
    /// The expression ran more SQLite instructions on the rows of `entity` than its budget
    /// (``FilterStatement``), and was stopped.
    case conditionTooCostly(String, entity: String, instructions: Int64)
    /// The expression needed more memory on the rows of `entity` than its budget of `bytes`
    /// (``FilterStatement``), and was stopped.
    case conditionTooLarge(String, entity: String, bytes: Int64)

    /// `--where: ` and a sentence quoting the expression, saying what to give instead.
    public var description: String {
        switch self {
        case .invalidExpression(let expression, let entity, let message):
            return Self.expression(expression, "is not a valid condition on the rows of \(entity): \(message)")
        case .refused(let expression, let action):
            return Self.expression(expression, "may only read the store, and it tries to \(action)")
        case .severalStatements(let expression):
            return Self.expression(expression, "ends its statement: give one condition, such as \"Name LIKE 'A%'\"")
        case .notFilterable(let entity, let reason):
            return ErrorMessage.about(
                "--where", "the objects of \(entity) cannot be chosen by an expression: \(reason)")
        case .conditionTooCostly(let expression, let entity, let instructions):
            return Self.expression(
                expression,
                "was stopped after \(instructions) SQLite instructions on the rows of \(entity), the most a condition "
                    + "may run on this store: give one that reads fewer rows for each row (docs/SELECTION.md)")
        case .conditionTooLarge(let expression, let entity, let bytes):
            return Self.expression(
                expression,
                "was stopped on the rows of \(entity) when it needed more than \(bytes >> 20) MiB of memory, the most "
                    + "a condition may hold: give one that makes smaller values (docs/SELECTION.md)")
        }
    }

    /// ``GraphExport/ExitStatus/usage``: the expression is to change.
    public var exitStatus: ExitStatus { .usage }

    /// `--where: the expression '<expression>' <predicate>`: a message about an expression given to
    /// choose objects, quoted as the user wrote it (as a message repeats a value: cut, escaped).
    private static func expression(_ expression: String, _ predicate: String) -> String {
        ErrorMessage.about("--where", "the expression '\(TerminalText.echoed(expression))' " + predicate)
    }
}
