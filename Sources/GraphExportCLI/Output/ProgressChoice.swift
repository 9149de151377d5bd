import GraphExportSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether an export shows a progress line, and how.
///
/// Without `--progress`, the line is shown when standard error is a terminal and the output is
/// not written to a terminal (a line between the output's own would garble both), unless
/// `--quiet`. `--progress` shows it in any case, even with `--quiet`: redrawn on a terminal,
/// else (a file, a pipe, or a terminal whose `TERM` is `dumb`) a line at a time.
/// `GRAPHEXPORT_PROGRESS_DELAY` sets how many seconds an export runs before the line appears.
enum ProgressChoice {
    /// The most seconds `GRAPHEXPORT_PROGRESS_DELAY` may say.
    static let maximumDelaySeconds = 86_400

    /// The line for `request`, counting up to `total` (read only when a line is shown); `nil` when
    /// none is shown.
    static func line(
        for request: ExportRequest, total: @autoclosure () throws -> ObjectCountEstimate?,
        environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }
    ) throws -> ProgressLine? {
        let onTerminal = isatty(2) != 0
        if !request.given.contains("progress") {
            let outputOnTerminal = request.output == nil && isatty(1) != 0
            guard onTerminal, !outputOnTerminal, !request.quiet else { return nil }
        }
        let delay = try environment("GRAPHEXPORT_PROGRESS_DELAY").map(Self.delay(from:)) ?? ProgressLine.defaultDelay
        let style: ProgressLine.Style = onTerminal && environment("TERM") != "dumb" ? .redrawn : .lines
        return ProgressLine(style: style, total: try total(), delay: delay)
    }

    /// `text` as a delay: a number of seconds from 0 to ``maximumDelaySeconds``.
    private static func delay(from text: String) throws -> Duration {
        guard let seconds = Double(text), seconds >= 0, seconds <= Double(maximumDelaySeconds) else {
            throw CommandError.badDelay(value: text)
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
