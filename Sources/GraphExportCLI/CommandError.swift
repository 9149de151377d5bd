import GraphExportStore

/// A failure of the command itself, outside the store and the format.
enum CommandError: Error, CustomStringConvertible {
    /// `-o` names a file the export reads (the same file, by a link or by its own path).
    case outputIsInput(path: String, input: ExportInputs.File)

    var description: String {
        switch self {
        case .outputIsInput(let path, let input):
            return "\(path): the output would overwrite \(input.role) \(input.path), which the export reads; "
                + "choose another -o path"
        }
    }
}
