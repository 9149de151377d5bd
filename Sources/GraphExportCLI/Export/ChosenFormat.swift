import GraphExport
import GraphExportPlugin

/// The format an export is written in: a built-in one or an external plugin.
enum ChosenFormat {
    case builtIn(ExportFormat)
    case plugin(Plugin)

    /// `the json format`, `the format plugin 'csv'`, for messages.
    var phrase: String {
        switch self {
        case .builtIn(let format): "the \(format.name) format"
        case .plugin(let plugin): "the format plugin '\(plugin.name)'"
        }
    }

    /// What the checks of what applies know of it. A plugin reads the event stream, which keeps
    /// objects nested in the tree shape; it has one layout, and no built-in format's options.
    var facts: Applicability.Format {
        switch self {
        case .builtIn(let format):
            Applicability.Format(phrase: phrase, capabilities: format.capabilities, ownOptions: format.name)
        case .plugin: Applicability.Format(phrase: phrase, capabilities: [.nesting], ownOptions: nil)
        }
    }
}
