/// The kinds of line graphexport writes on standard error. Every line there begins
/// `graphexport: error: `, `graphexport: warning: ` or `graphexport: note: `, so that a script
/// can sort them (`grep '^graphexport: error:'`) and a reader sees whose line it is.
public enum MessageKind: String, Sendable {
    /// A usage error or a failure: graphexport stops, with a status other than 0.
    case error
    /// Something the export did not stop for but its user should know (counted by `--strict`).
    case warning
    /// Information: the progress line, a count of references leaving a selection, the usage
    /// after a usage error, the detail of a warning, a plugin's own lines.
    case note

    /// `graphexport: warning: `.
    public var prefix: String { "graphexport: \(rawValue): " }

    /// `text` as one line of this kind: prefixed, with what a terminal would act on shown as its
    /// code (``TerminalText/escaped(_:)``, a newline too), ending in a newline.
    public func line(_ text: String) -> String {
        prefix + TerminalText.escaped(text) + "\n"
    }
}
