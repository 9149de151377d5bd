import GraphExport

/// Text as the XML, property list and GraphML writers put it into a document: as it is, or, when
/// XML 1.0 cannot hold it (``XMLCharacters/firstNonCharacter(in:)``), as the base64 of its UTF-8
/// bytes, ASCII that needs no escape, with the first character that forced it.
package struct XMLText {
    /// The text to write: XML 1.0 can hold it, and it has no U+0000.
    package let text: String
    /// The character XML 1.0 cannot hold that made ``text`` base64, or `nil` when it is the text itself.
    package let base64Because: Unicode.Scalar?

    /// Checks `text` and encodes it when it must.
    package init(_ text: String) {
        if let scalar = XMLCharacters.firstNonCharacter(in: text) {
            self.text = Base64.encode(Array(text.utf8))
            self.base64Because = scalar
        } else {
            self.text = text
            self.base64Because = nil
        }
    }
}
