/// Where a writer's bytes go: a file, standard output, memory, a pipe to a plugin.
public protocol ByteSink: AnyObject {
    /// Writes all of `bytes` or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// A failure to write output.
public enum SinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reader of a pipe went away (`graphexport … | head`); not worth a message.
    case brokenPipe
    /// The system refused a write, with its `errno` and the explanation it gives.
    case writeFailed(errno: Int32, reason: String)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .brokenPipe: return "the output pipe was closed"
        case .writeFailed(_, let reason): return "cannot write the output: \(reason)"
        }
    }
}
