import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The kinds of line graphexport writes on standard error. Every line there begins
/// `graphexport: error: `, `graphexport: warning: ` or `graphexport: note: `, so that a script
/// can sort them (`grep '^graphexport: error:'`) and a reader sees whose line it is.
enum MessageKind: String {
    /// A usage error or a failure: graphexport stops, with a status other than 0.
    case error
    /// Something the export did not stop for but its user should know (counted by `--strict`).
    case warning
    /// Information: the progress line, a count of references leaving a selection, the usage
    /// after a usage error, the detail of a warning, a plugin's own lines.
    case note

    /// `graphexport: warning: `.
    var prefix: String { "graphexport: \(rawValue): " }

    /// `text` as one line of this kind: prefixed, with what a terminal would act on shown as its
    /// code (``TerminalText/escaped(_:)``, a newline too), ending in a newline.
    func line(_ text: String) -> String {
        prefix + TerminalText.escaped(text) + "\n"
    }
}

/// Writes text to standard error as it is, in one write: whole lines already made by
/// ``MessageKind/line(_:)``, or the progress line's own.
func printError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// Writes `text` to standard error as a line of `kind` (``MessageKind/line(_:)``).
func printError(_ kind: MessageKind, _ text: String) {
    printError(kind.line(text))
}
