import GraphExport
import GraphExportLibXML

/// Text as the writer puts it into the document: as it is, or, when XML 1.0 cannot hold it, as the
/// base64 of its UTF-8 bytes, with the first character that forced it.
struct GraphMLText {
    /// The text to write: XML 1.0 can hold it, and it has no U+0000.
    let text: String
    /// The character XML 1.0 cannot hold that made ``text`` base64, or `nil` when it is the text itself.
    let base64Because: Unicode.Scalar?

    /// Checks `text` and encodes it when it must.
    init(_ text: String) {
        if let scalar = XMLCharacters.firstNonCharacter(in: text) {
            self.text = Base64.encode(Array(text.utf8))
            self.base64Because = scalar
        } else {
            self.text = text
            self.base64Because = nil
        }
    }
}
