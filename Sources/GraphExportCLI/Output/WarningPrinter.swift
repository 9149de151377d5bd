import GraphExport

/// Prints warnings and notes to standard error as they come, warnings up to a limit, then
/// counts the rest; prints neither when quiet. Counts the warnings either way, for `--strict`.
/// Prints above the progress line while one is shown.
///
/// A warning is one line of under ``lineLimit`` characters: its message, and `(more with
/// --verbose)` when it has a detail and that fits; a message too long by itself (a long path, a
/// long name) is cut at a word and ends `… (more with --verbose)`. With `--verbose` the whole
/// message is printed, and its detail as a note below it. Either way what a terminal would act
/// on, a newline too, is shown as its code (``TerminalText``).
final class WarningPrinter {
    /// The most warnings printed; the rest are counted in one line at the end.
    static let limit = 50
    /// Every warning line is shorter than this, in characters, without `--verbose`.
    static let lineLimit = 200
    /// What ends a warning line that leaves something to `--verbose`.
    private static let moreHint = " (more with --verbose)"
    private let quiet: Bool
    private let verbose: Bool
    /// The warnings reported so far.
    private(set) var count = 0
    /// The progress line of the export, while it runs.
    var progress: ProgressLine?

    init(quiet: Bool, verbose: Bool = false) {
        self.quiet = quiet
        self.verbose = verbose
    }

    func report(_ warning: Warning) {
        count += 1
        guard !quiet && count <= Self.limit else { return }
        var text = MessageKind.warning.line(verbose ? warning.message : Self.shortened(warning))
        if verbose, let detail = warning.detail { text += MessageKind.note.line(detail) }
        show(text)
    }

    /// Prints `text` as a note, unless quiet.
    func note(_ text: String) {
        guard !quiet else { return }
        show(MessageKind.note.line(text))
    }

    func printSummary() {
        if !quiet && count > Self.limit {
            printError(.warning, "\(count - Self.limit) more warnings not shown")
        }
    }

    private func show(_ text: String) {
        if let progress { progress.printAbove(text) } else { printError(text) }
    }

    /// The message of `warning` as its one line shows it without `--verbose`.
    static func shortened(_ warning: Warning) -> String {
        let room = lineLimit - 1 - MessageKind.warning.prefix.count
        let message = TerminalText.escaped(warning.message)
        if warning.detail != nil && message.count + moreHint.count <= room { return message + moreHint }
        if message.count <= room { return message }
        var cut = message.prefix(room - moreHint.count - 1)
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > room / 2 {
            cut = cut[..<space]
        }
        while let last = cut.last, last == " " || last == "," || last == ";" || last == ":" { cut.removeLast() }
        return cut + "…" + moreHint
    }
}
