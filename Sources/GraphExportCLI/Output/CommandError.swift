import GraphExport
import GraphExportCoreData
import GraphExportStore

/// What the command itself throws, outside the store, the core, the formats and the plugins: output
/// that would overwrite an input or cannot be compressed, a progress setting graphexport cannot use,
/// a `log` of a store without history. Each message is one line that names the file or setting and
/// says what the user can do. (A command line graphexport cannot parse is a ``UsageError``, which
/// shows usage; a plugin that fails, a ``PluginError``.)
enum CommandError: ExitStatusError {
    /// `-o` names a file the export reads (the same file, by a link or by its own path).
    case outputIsInput(path: String, input: ExportInputs.File)
    /// zlib could not start or run the compression of `-o out.json.gz` (it runs out of memory, at
    /// most).
    case gzipFailed(path: String, status: Int32)
    /// `graphexport log` of a store that keeps no persistent history: what is wrong, without the
    /// conclusion an export draws (``HistoryError/problem``); exit status 3, as for `--since`.
    case noHistoryToList(HistoryError)
    /// `GRAPHEXPORT_PROGRESS_DELAY` is not a number of seconds graphexport accepts.
    case badDelay(value: String)

    /// A sentence naming the file or setting, saying what to do.
    var description: String {
        switch self {
        case .outputIsInput(let path, let input):
            return ErrorMessage.about(
                path,
                "the output would overwrite \(input.role) \(input.path), which the export reads; choose another -o path"
            )
        case .gzipFailed(let path, let status):
            return ErrorMessage.about(path, "zlib cannot compress the output (status \(status)); write it without .gz")
        case .noHistoryToList(let error):
            return error.problem
        case .badDelay(let value):
            return ErrorMessage.notSeconds(
                "GRAPHEXPORT_PROGRESS_DELAY", value, range: "from 0 to \(ProgressChoice.maximumDelaySeconds)",
                examples: "0 or 2.5", unset: "1 s")
        }
    }

    /// ``GraphExport/ExitStatus/needsFullExport`` for a `log` of a store without history (as for
    /// `--since`), else ``GraphExport/ExitStatus/failure``.
    var exitStatus: ExitStatus {
        switch self {
        case .noHistoryToList: .needsFullExport
        case .outputIsInput, .gzipFailed, .badDelay: .failure
        }
    }
}
