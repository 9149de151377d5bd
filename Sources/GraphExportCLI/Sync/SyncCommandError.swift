import GraphExport
import GraphExportStore

/// Why `graphexport sync` refused to start: a failure of the command line's files, before the
/// store is read or the target opened (exit status 1).
enum SyncCommandError: ExitStatusError {
    /// The SQLite target is a file the sync reads (the store, its `-wal`, the model): writing the
    /// copy there would change the user's store.
    case targetIsInput(path: String, input: ExportInputs.File)

    var description: String {
        switch self {
        case .targetIsInput(let path, let input):
            return ErrorMessage.about(
                path,
                "the copy would be written into \(input.role) \(input.path), which the sync reads; give another target")
        }
    }
}
