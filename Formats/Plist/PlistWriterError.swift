import GraphExportLibXML

/// A reason ``PlistGraphWriter`` cannot write that is the property list's own: a name XML
/// cannot hold, or a failure inside libxml2.
///
/// An event stream that is not well nested is a ``GraphStreamError`` instead, and a failure of the
/// sink is the sink's own error. The writer checks each event before writing anything for it, so
/// what was written before such an error is intact.
public enum PlistWriterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An attribute or relationship name holds a character XML 1.0 cannot hold, so it cannot be a
    /// dictionary key; `id` names the object it belongs to.
    case unwritableName(name: String, character: Unicode.Scalar, id: String)
    /// A libxml2 call failed for a reason other than the sink's.
    case libxml2Failure(call: String)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .unwritableName(let name, let character, let id):
            return "\(id): the name \(String(reflecting: name)) holds \(XMLCharacters.describe(character)), which "
                + "XML 1.0 cannot hold, so it cannot be a property list key: rename it or export another format"
        case .libxml2Failure(let call):
            return "libxml2 failed in \(call) while writing the property list (out of memory?)"
        }
    }
}
