/// Why an export of what changed since a history token cannot be written, so that a full export
/// is needed instead (the command line exits with status 3, `docs/HISTORY.md`).
public enum HistoryError: Error, Sendable, Hashable, CustomStringConvertible {
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

    /// One sentence saying that a full export is needed, and why.
    public var description: String {
        "\(path): a full export is needed: \(reason)"
    }

    /// What is wrong, without the conclusion (for `graphexport log`): `<path>: <reason>`.
    public var problem: String {
        "\(path): \(reason)"
    }

    private var path: String {
        switch self {
        case .noHistory(let path), .otherStore(let path, _, _), .pruned(let path, _, _),
            .newerThanStore(let path, _, _):
            return path
        }
    }

    private var reason: String {
        switch self {
        case .noHistory:
            return "the store keeps no persistent history (no ATRANSACTION table: the app never turned history "
                + "tracking on), so it cannot tell what changed"
        case .otherStore(_, let token, let storeUUID):
            return "the token \(token) is of another store (this store's UUID is \(storeUUID))"
        case .pruned(_, let token, let oldestKept):
            return "the history kept starts at transaction \(oldestKept), after the token \(token): the transactions "
                + "between were deleted (pruned)"
        case .newerThanStore(_, let token, let lastTransaction):
            return "the token \(token) is newer than the store's last transaction (\(lastTransaction)): the store was "
                + "replaced by an older copy or its history was reset"
        }
    }
}
