/// A failure of the command itself, outside the store and the format.
enum CommandError: Error, CustomStringConvertible {
    /// `-o` names the store itself.
    case outputIsStore(path: String)
    /// The output file cannot be made or moved into place.
    case cannotWriteOutput(path: String, reason: String)

    var description: String {
        switch self {
        case .outputIsStore(let path):
            return "\(path): the output would overwrite the store; choose another -o path"
        case .cannotWriteOutput(let path, let reason):
            return "\(path): cannot write the output: \(reason)"
        }
    }
}
