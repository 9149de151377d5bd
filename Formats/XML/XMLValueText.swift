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
        var text: String
        var issue: Issue?
        switch value {
        case .null: return nil
        case .integer(let integer): text = String(integer)
        case .double(let double): text = Self.doubleText(double)
        case .decimal(let characters), .string(let characters), .uri(let characters): text = characters
        case .boolean(let boolean): text = boolean ? "true" : "false"
        case .date(let timestamp):
            if let iso8601 = timestamp.iso8601 {
                text = iso8601
            } else {
                text = Self.doubleText(timestamp.secondsSinceReferenceDate)
                issue = .dateWithoutISO8601
            }
        case .binary(let bytes): text = Base64.encode(bytes)
        case .binaryFile(let file):
            (self.text, self.file, self.isBase64, self.issue) = ("", file, false, nil)
            return
        case .uuid(let uuid): text = uuid.description
        }
        var isBase64 = false
        if let scalar = XMLCharacters.firstNonCharacter(in: text) {
            text = Base64.encode(Array(text.utf8))
            isBase64 = true
            issue = .nonCharacter(scalar)
        }
        self.text = text
        self.file = nil
        self.isBase64 = isBase64
        self.issue = issue
    }

    /// The shortest text that reads back to the same bits (`0.1`, `1e-05`, `-0.0`), or `NaN`,
    /// `INF` and `-INF`: every form is in the lexical space of `xsd:double`.
    static func doubleText(_ value: Double) -> String {
        if value.isFinite { return value.description }
        if value.isNaN { return "NaN" }
        return value < 0 ? "-INF" : "INF"
    }
}
