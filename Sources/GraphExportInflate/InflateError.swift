public import GraphExport

/// Compressed bytes that cannot be decompressed (``Inflate``): damaged, cut short, or expanding past
/// the limit. `source` names what was read (`Books.sqlite (Z_MODELCACHE)`, `the note's data`); a
/// command exits with ``GraphExport/ExitStatus/failure``.
public enum InflateError: ExitStatusError, Sendable, Hashable {
    /// The compressed bytes are damaged or cut short; `reason` is zlib's message or ours.
    case corrupt(source: String, reason: String)
    /// Decompressing would produce more than `limit` bytes (a decompression bomb, or a model far
    /// larger than any real one).
    case tooLarge(source: String, limit: Int)

    /// A sentence naming what was read, saying what is wrong with it.
    public var description: String {
        switch self {
        case .corrupt(let source, let reason):
            return ErrorMessage.quoted(source, "the compressed data is damaged or incomplete: \(reason)")
        case .tooLarge(let source, let limit):
            return ErrorMessage.quoted(
                source, "the compressed data expands to more than \(limit) bytes; refusing to decompress it further")
        }
    }
}
