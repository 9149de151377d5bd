import GraphExport
import GraphExportSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The progress of an export on standard error (``ProgressText`` says what it reads), shown once
/// the export has run for ``delay``: on a terminal one line redrawn in place at most every
/// ``redrawInterval`` and erased at the end, also on a failure or an interrupting signal
/// (``InterruptCleanup/lineToClear``); into a file or pipe (`--progress`) a whole line every
/// ``lineInterval`` and a last one with the count and the time taken.
///
/// Messages printed during the export go through ``printAbove(_:)``, which erases the line,
/// prints them and draws the line again below them, all in one write.
final class ProgressLine {
    /// How the line is shown.
    enum Style: Equatable {
        /// On a terminal: one line, redrawn after a carriage return and cut to the terminal's width.
        case redrawn
        /// Into a file or a pipe: a line at a time, each ended by a newline.
        case lines
    }

    /// The most often a redrawn line changes.
    static let redrawInterval: Duration = .milliseconds(100)
    /// How often a line is added in the ``Style/lines`` style.
    static let lineInterval: Duration = .seconds(1)
    /// How long an export runs before the line appears, unless `GRAPHEXPORT_PROGRESS_DELAY` says.
    static let defaultDelay: Duration = .seconds(1)
    /// Carriage return, erase to the end of the line.
    private static let eraser = "\r\u{1B}[K"

    private let style: Style
    private let total: ObjectCountEstimate?
    private let start = ContinuousClock.now
    /// When the line is drawn next, given an update.
    private var nextDraw: ContinuousClock.Instant
    /// The redrawn line now on the terminal, `nil` when none is.
    private var shownText: String?
    /// Whether any line was printed, in either style.
    private var hasPrinted = false
    /// Whether the export ended: nothing is drawn any more.
    private var hasEnded = false
    /// When the first update came and how many objects it counted: the rate is measured from
    /// there, so that a slow first query does not make it look slow all along.
    private var first: (instant: ContinuousClock.Instant, objects: Int)?

    /// A line in `style` for an export of `total` objects (`nil`: unknown), shown once the export
    /// has run for `delay`.
    init(style: Style, total: ObjectCountEstimate?, delay: Duration) {
        self.style = style
        self.total = total
        nextDraw = start + delay
    }

    /// Notes that `objects` objects are written; draws the line when it is due.
    func update(objects: Int) {
        let now = ContinuousClock.now
        let first = self.first ?? (now, objects)
        self.first = first
        guard now >= nextDraw, !hasEnded else { return }
        let seconds = ProgressText.seconds(now - first.instant)
        let rate = seconds > 0 && objects > first.objects ? Double(objects - first.objects) / seconds : nil
        let text = ProgressText.line(objects: objects, total: total, rate: rate)
        hasPrinted = true
        switch style {
        case .redrawn:
            nextDraw = now + Self.redrawInterval
            let fitted = Self.fitted(text)
            if shownText == nil { InterruptCleanup.lineToClear = 2 }
            shownText = fitted
            printError("\r" + fitted + "\u{1B}[K")
        case .lines:
            nextDraw = now + Self.lineInterval
            printError(text + "\n")
        }
    }

    /// Prints `text` (whole lines) above the line, which is drawn again below it.
    func printAbove(_ text: String) {
        guard let shownText else { return printError(text) }
        printError(Self.eraser + text + shownText)
    }

    /// Ends the line of an export that wrote `objects` objects: erases a redrawn line; adds the
    /// last line to the others.
    func finish(objects: Int) {
        guard style == .lines else { return erase() }
        guard hasPrinted, !hasEnded else { return }
        hasEnded = true
        printError(ProgressText.summary(objects: objects, elapsed: ContinuousClock.now - start) + "\n")
    }

    /// Erases a redrawn line, if one is shown; for an export that stops early. Nothing is drawn after.
    func erase() {
        hasEnded = true
        guard shownText != nil else { return }
        shownText = nil
        printError(Self.eraser)
        InterruptCleanup.lineToClear = nil
    }

    /// `text` cut to one character less than the terminal is wide, so that it never wraps (a
    /// wrapped line could not be redrawn in place), without the separators left at the cut.
    private static func fitted(_ text: String) -> String {
        var size = winsize()
        guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 1, text.utf8.count >= Int(size.ws_col) else {
            return text
        }
        var cut = text.prefix(Int(size.ws_col) - 1)
        while cut.last == " " || cut.last == "," { cut.removeLast() }
        return String(cut)
    }
}
