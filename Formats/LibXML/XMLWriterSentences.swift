/// The sentences of the errors that every writer over libxml2 (XML, property list, GraphML) shares,
/// each written once, for the `description` of the writer's own error type.
package enum XMLWriterSentences {
    /// An object identifier holds `character`, which XML 1.0 cannot hold.
    package static func unwritableIdentifier(_ id: String, character: Unicode.Scalar) -> String {
        "object identifier '\(id.debugDescription.dropFirst().dropLast())' holds "
            + "\(XMLCharacters.describe(character)), which XML 1.0 cannot hold: use another export format"
    }

    /// The libxml2 function `call` failed.
    package static func libxml2Failure(call: String) -> String {
        "libxml2 failed in \(call) (out of memory, or writing on after an output error)"
    }
}
