/// A failure to write output (``ByteSink``): the reader went away, or the system refused a write.
public enum OutputError: ExitStatusError, Sendable, Hashable {
    /// The reader of a pipe went away (`graphexport … | head`); not worth a message.
    case brokenPipe
    /// The system refused a write, with its `errno` and the explanation it gives.
    case writeFailed(errno: Int32, reason: String)

    /// A sentence saying why the output cannot be written.
    public var description: String {
        switch self {
        case .brokenPipe:
            return "the output pipe was closed"
        case .writeFailed(_, let reason):
            return "cannot write the output: \(reason)"
        }
    }

    /// ``ExitStatus/outputClosed`` for ``brokenPipe`` (what was read is written, and the run ends
    /// quietly), else ``ExitStatus/failure``.
    public var exitStatus: ExitStatus {
        switch self {
        case .brokenPipe: .outputClosed
        case .writeFailed: .failure
        }
    }
}
