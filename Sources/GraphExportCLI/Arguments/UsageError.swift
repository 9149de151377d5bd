import GraphExport

/// A command line that does not say something graphexport can do: ``GraphExport/ExitStatus/usage``.
struct UsageError: ExitStatusError, Equatable {
    let message: String
    /// The command whose usage the error shows.
    var command: CommandName = .export

    var description: String { message }
    var exitStatus: ExitStatus { .usage }
}
