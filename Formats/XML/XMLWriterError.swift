import GraphExportLibXML

/// A reason ``XMLGraphWriter`` cannot write that is XML's own: an identifier XML cannot hold, or a
/// failure inside libxml2.
///
/// An event stream that is not well nested is a ``GraphStreamError`` instead, and a failure of the
/// sink is the sink's own error. The writer checks each event before writing anything for it, so
/// what was written before such an error is intact.
public enum XMLWriterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An object identifier holds a character that XML 1.0 cannot hold.
    case unwritableIdentifier(id: String, character: Unicode.Scalar)
    /// A libxml2 function failed (out of memory, or output after a failed write), named by `call`.
    case libxml2Failure(call: String)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .unwritableIdentifier(let id, let character):
            return XMLWriterSentences.unwritableIdentifier(id, character: character)
        case .libxml2Failure(let call):
            return XMLWriterSentences.libxml2Failure(call: call)
        }
    }
}
