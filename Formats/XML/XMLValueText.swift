import GraphExport
import GraphExportLibXML

/// The text one non-null value is written as, and whether it had to be written another way.
///
/// See ``XMLGraphWriter`` for the form of each kind of value.
struct XMLValueText {
    /// What about a value XML could not hold as such, and what the writer warns about.
    enum Issue {
        /// Text held a character XML 1.0 cannot hold (the first one named): written as base64.
        case nonCharacter(Unicode.Scalar)
        /// A date had no ISO 8601 form: written as seconds since 2001-01-01T00:00:00Z.
        case dateWithoutISO8601
    }

    /// The text, which XML 1.0 can hold and which has no U+0000; empty for a file value.
    let text: String
    /// For a ``Value/binaryFile(_:)`` value, the file whose base64 is the value's text, which the
    /// writer streams: base64 is ASCII that XML holds as it is.
    let file: FileBytes?
    /// Whether ``text`` is the base64 of the value's UTF-8 text rather than the text itself.
    let isBase64: Bool
    /// What could not be written as such, if anything.
    let issue: Issue?

    /// The text of `value`, or `nil` for null.
    init?(_ value: Value) {
        if case .binaryFile(let file) = value {
            (self.text, self.file, self.isBase64, self.issue) = ("", file, false, nil)
            return
        }
        guard let rendered = value.xmlText else { return nil }
        let checked = XMLText(rendered.text)
        self.text = checked.text
        self.file = nil
        self.isBase64 = checked.base64Because != nil
        if let scalar = checked.base64Because {
            self.issue = .nonCharacter(scalar)
        } else {
            self.issue = rendered.isDateWithoutISO8601 ? .dateWithoutISO8601 : nil
        }
    }
}
