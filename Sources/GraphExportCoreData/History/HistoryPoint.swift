/// A point of a store's persistent history, after which an export writes what changed (`--since`):
/// the token of an earlier export's header, or a bare transaction number.
public enum HistoryPoint: Sendable, Hashable {
    /// `<store UUID>:<transaction number>`, checked against the store's UUID (in any case).
    case token(HistoryToken)
    /// A transaction number alone, for scripts and tests that know the store.
    case transaction(Int64)
}
