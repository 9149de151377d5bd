public import GraphExport

/// Why a sync wrote nothing (docs/SYNC.md, *Exit status*). Each case's ``description`` is one
/// sentence that starts with the target; ``exitStatus`` tells a failure to retry later
/// (``GraphExport/ExitStatus/unavailable``, 2) from one a person must look at (1).
public enum SyncError: ExitStatusError, Sendable, Hashable {
    /// The target could not be reached: libpq's or SQLite's reason (a refused connection, a wrong
    /// password, a file that cannot be opened).
    case cannotConnect(target: String, reason: String)
    /// The SQLite file cannot be opened or is not a database: SQLite's reason.
    case cannotOpen(target: String, reason: String)
    /// Another sync (or program) held the target's lock past `--busy-timeout`.
    case busy(target: String, milliseconds: Int64)
    /// The connection to the server was lost during the run; `duringCommit` when it was lost while
    /// the run committed, so that the run may or may not have been applied.
    case connectionLost(target: String, reason: String, duringCommit: Bool)
    /// A table of the copy is missing or its columns are not the mapping's: it was changed by hand.
    case tableChanged(target: String, table: String, detail: String)
    /// A table or view the mapping needs is there, but no sync made it.
    case inTheWay(target: String, name: String, isView: Bool)
    /// The target refused a statement: its message and the SQL.
    case statementFailed(target: String, message: String, sql: String)
    /// The private file the rows are staged in could not be made or written in `directory`.
    case stagingFailed(directory: String, reason: String)

    /// ``GraphExport/ExitStatus/unavailable`` when the target could not be reached or locked, or
    /// went away: nothing was written, and a later run may succeed as it is; else
    /// ``GraphExport/ExitStatus/failure``.
    public var exitStatus: ExitStatus {
        switch self {
        case .cannotConnect, .busy, .connectionLost: .unavailable
        case .cannotOpen, .tableChanged, .inTheWay, .statementFailed, .stagingFailed: .failure
        }
    }

    /// One sentence that names the target and what failed.
    public var description: String {
        switch self {
        case .cannotConnect(let target, let reason):
            return ErrorMessage.about(target, "cannot connect: \(reason)")
        case .cannotOpen(let target, let reason):
            return ErrorMessage.about(target, "cannot open the SQLite database: \(reason); nothing was written")
        case .busy(let target, let milliseconds):
            return ErrorMessage.about(
                target,
                "another sync or program holds the target's lock (waited \(milliseconds) ms; --busy-timeout waits "
                    + "longer); nothing was written")
        case .connectionLost(let target, let reason, let duringCommit):
            let outcome =
                duringCommit
                ? "the run may or may not have been committed: the next sync reads which from the target"
                : "nothing was written (the run's transaction was not committed)"
            return ErrorMessage.about(target, "the connection was lost: \(reason); \(outcome)")
        case .tableChanged(let target, let table, let detail):
            return ErrorMessage.about(
                target,
                "the table \"\(TerminalText.echoed(table))\" was changed since the last sync: \(detail); nothing was "
                    + "written (--full rebuilds the tables)")
        case .inTheWay(let target, let name, let isView):
            return ErrorMessage.about(
                target,
                "the \(isView ? "view" : "table") \"\(TerminalText.echoed(name))\" is in the way: the copy needs the "
                    + "name, and no sync made it (sync into a new database or another schema, or drop it)")
        case .statementFailed(let target, let message, let sql):
            return ErrorMessage.about(
                target,
                "the target refused a statement: \(message) (in: \(TerminalText.echoed(String(sql.prefix(200))))); "
                    + "nothing was written (if the copy was edited by hand, --repair puts its rows back)")
        case .stagingFailed(let directory, let reason):
            return "cannot stage the rows in \(directory): \(reason); set TMPDIR to a folder with room"
        }
    }
}
