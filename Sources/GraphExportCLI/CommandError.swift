/// A failure of the command itself, outside the store and the format.
enum CommandError: Error, CustomStringConvertible {
    /// `-o` names the store itself.
    case outputIsStore(path: String)

    var description: String {
        switch self {
        case .outputIsStore(let path):
            return "\(path): the output would overwrite the store; choose another -o path"
        }
    }
}
