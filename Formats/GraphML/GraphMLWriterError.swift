import GraphExportLibXML

/// A reason ``GraphMLGraphWriter`` cannot write that is GraphML's own: an identifier XML cannot
/// hold, a temporary file that cannot be written, or a failure inside libxml2.
///
/// An event stream that is not well nested is a ``GraphStreamError`` instead, and a failure of the
/// sink is the sink's own error. The writer checks each event before writing anything for it.
public enum GraphMLWriterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An object identifier holds a character that XML 1.0 cannot hold.
    case unwritableIdentifier(id: String, character: Unicode.Scalar)
    /// The temporary file that holds nodes and edges until the keys are known could not be
    /// created, written or read, with the system's explanation.
    case temporaryFileFailed(directory: String, reason: String)
    /// A libxml2 function failed (out of memory, or output after a failed write), named by `call`.
    case libxml2Failure(call: String)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .unwritableIdentifier(let id, let character):
            return XMLWriterSentences.unwritableIdentifier(id, character: character)
        case .temporaryFileFailed(let directory, let reason):
            return "cannot use a temporary file in \(directory) for the GraphML output: \(reason) "
                + "(set TMPDIR to a writable directory with room for the export)"
        case .libxml2Failure(let call):
            return XMLWriterSentences.libxml2Failure(call: call)
        }
    }
}
