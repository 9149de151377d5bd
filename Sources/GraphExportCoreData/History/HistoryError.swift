public import GraphExport

/// Why a Core Data store cannot tell what changed since a point of its persistent history
/// (`--since`, `graphexport log`): it keeps none, or the point is not one of its history. An export
/// of what changed cannot be written, so a full export is needed instead: a command exits with
/// ``GraphExport/ExitStatus/needsFullExport`` (`docs/HISTORY.md`).
public enum HistoryError: ExitStatusError, Sendable, Hashable {
    /// The store keeps no persistent history: no `ATRANSACTION` table (the app never turned
    /// history tracking on), or it is a plain SQLite database.
    case noHistory(path: String)
    /// The token is of another store: its UUID is not this store's.
    case otherStore(path: String, token: String, storeUUID: String)
    /// The history kept starts after the token: the transactions between were deleted (pruned).
    case pruned(path: String, token: String, oldestKept: Int64)
    /// The token names a transaction after the store's last one: the store was replaced by an
    /// older copy, or its history was reset.
    case newerThanStore(path: String, token: String, lastTransaction: Int64)
    /// A transaction after the token (`missing`, the newest one missing) is not in `ATRANSACTION`
    /// though older ones are: the history is damaged, since pruning deletes only the oldest.
    case historyHole(path: String, token: String, missing: Int64)

    /// `<path>: a full export is needed: <reason>`.
    public var description: String {
        ErrorMessage.about(gap.path, "a full export is needed: \(gap.reason)")
    }

    /// What is wrong, without the conclusion that a full export is needed (for `graphexport
    /// log`): `<path>: <reason>`.
    public var problem: String {
        ErrorMessage.about(gap.path, gap.reason)
    }

    /// Why the history cannot say what changed, without the store's path (`graphexport sync`
    /// compares instead, docs/SYNC.md).
    public var reason: String {
        gap.reason
    }

    /// ``GraphExport/ExitStatus/needsFullExport``.
    public var exitStatus: ExitStatus { .needsFullExport }

    /// The store and why a full export of it is needed.
    private var gap: (path: String, reason: String) {
        switch self {
        case .noHistory(let path):
            return (
                path,
                "the store keeps no persistent history (no ATRANSACTION table: the app never turned history "
                    + "tracking on), so it cannot tell what changed"
            )
        case .otherStore(let path, let token, let storeUUID):
            return (
                path, "the token \(TerminalText.echoed(token)) is of another store (this store's UUID is \(storeUUID))"
            )
        case .pruned(let path, let token, let oldestKept):
            return (
                path,
                "the history kept starts at transaction \(oldestKept), after the token \(TerminalText.echoed(token)): the transactions "
                    + "between were deleted (pruned)"
            )
        case .newerThanStore(let path, let token, let lastTransaction):
            return (
                path,
                "the token \(TerminalText.echoed(token)) is newer than the store's last transaction (\(lastTransaction)): the store was "
                    + "replaced by an older copy or its history was reset"
            )
        case .historyHole(let path, let token, let missing):
            return (
                path,
                "transaction \(missing), after the token \(token), is missing from ATRANSACTION though older ones "
                    + "are kept: the history is damaged (pruning deletes only the oldest)"
            )
        }
    }
}
