/// What a command-line program ends with when it stops on an error, by what its user can do about
/// the error: every error graphexport throws says which (``ExitStatusError``), so that a command
/// maps an error to its status in one place.
public enum ExitStatus: Int32, Sendable, Hashable, CaseIterable {
    /// The run failed (status 1): a store, a file, a plugin or the output could not be read or
    /// written as asked. The message says what to do.
    case failure = 1
    /// The command line asks for what cannot be done (status 64, `EX_USAGE`): a name the store does
    /// not have, an option it cannot use. A command shows its usage below the message.
    case usage = 64
    /// Only a full export can answer (status 3): what changed since a point of a store's history
    /// cannot be told (`docs/HISTORY.md`).
    case needsFullExport = 3
    /// What the run writes to could not be reached now (status 2): a sync's target refused the
    /// connection, went away or stayed locked (`docs/SYNC.md`). Nothing was written; a later run
    /// may succeed as it is.
    case unavailable = 2
    /// The reader of the output went away (status 0, `graphexport … | head`): what was read is
    /// written, and the run ends quietly.
    case outputClosed = 0
}

/// An error that carries the status a program stopping on it exits with: ``ExitStatus/failure``
/// unless the error says otherwise.
public protocol ExitStatusError: Error, CustomStringConvertible {
    /// The status to exit with.
    var exitStatus: ExitStatus { get }
}

extension ExitStatusError {
    /// ``ExitStatus/failure``: the run failed.
    public var exitStatus: ExitStatus { .failure }
}

extension ExitStatus {
    /// The status of `error`: its own when it carries one (``ExitStatusError``), else
    /// ``failure``.
    public init(of error: any Error) {
        self = (error as? any ExitStatusError)?.exitStatus ?? .failure
    }
}
