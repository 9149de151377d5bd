/// A failure of the command itself, outside the store and the format.
enum CommandError: Error, CustomStringConvertible {
    /// No model was given for a Core Data store.
    case modelRequired(store: String)
    /// `-o` names the store itself.
    case outputIsStore(path: String)
    /// The output file cannot be made or moved into place.
    case cannotWriteOutput(path: String, reason: String)

    var description: String {
        switch self {
        case .modelRequired(let store):
            return "\(store): pass --model with the app's .xcdatamodeld bundle or .xcdatamodel folder"
        case .outputIsStore(let path):
            return "\(path): the output would overwrite the store; choose another -o path"
        case .cannotWriteOutput(let path, let reason):
            return "\(path): cannot write the output: \(reason)"
        }
    }
}
