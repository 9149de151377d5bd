/// How a sync runs (docs/SYNC.md): the options of `graphexport sync` that are not the store's.
public struct SyncOptions: Sendable, Hashable {
    /// `--full`: rebuild the tables and load everything, whatever the target holds.
    public var full = false
    /// `--repair`: compare the whole copy with the store instead of trusting the history.
    public var repair = false
    /// `--dry-run`: say what the run would do, write nothing.
    public var dryRun = false
    /// `--busy-timeout`: how long to wait for the target's lock (another sync) before failing.
    public var busyTimeout: Duration = .seconds(5)

    /// Options with the defaults: a sync that trusts the history, writes, and waits 5 seconds.
    public init(full: Bool = false, repair: Bool = false, dryRun: Bool = false, busyTimeout: Duration = .seconds(5)) {
        self.full = full
        self.repair = repair
        self.dryRun = dryRun
        self.busyTimeout = busyTimeout
    }

    /// ``busyTimeout`` in whole milliseconds, at least 0.
    var busyTimeoutMilliseconds: Int64 {
        let (seconds, attoseconds) = busyTimeout.components
        return max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
