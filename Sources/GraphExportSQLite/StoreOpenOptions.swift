/// How a store's files are opened.
public struct StoreOpenOptions: Sendable, Hashable {
    /// How long to wait for a lock another process holds on the store (a writer committing to a
    /// store in rollback-journal mode) before failing with ``SQLiteError/locked(path:waited:)``;
    /// `.zero` fails at once. Five seconds by default.
    public var busyTimeout: Duration

    /// Options with the given busy timeout.
    public init(busyTimeout: Duration = .seconds(5)) {
        self.busyTimeout = busyTimeout
    }
}
