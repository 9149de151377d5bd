import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
