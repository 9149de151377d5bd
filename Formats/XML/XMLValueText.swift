import GraphExport
import GraphExportLibXML

/// What one value that is no array or map is written as: nothing (null), text, or base64, and
/// what about it the writer warns of.
///
/// See ``XMLGraphWriter`` for the form of each kind of value. The one place where both the event
/// path and the row path (``ObjectRow``) turn a value into text: borrowed text and bytes are
/// handed on as they are, never built into a `String` or an array.
enum XMLValueText {
    /// What about a value XML could not hold as such, and what the writer warns about.
    enum Issue {
        /// Text held a character XML 1.0 cannot hold (the first one named): written as base64.
        case nonCharacter(Unicode.Scalar)
        /// A date had no ISO 8601 form: written as seconds since 2001-01-01T00:00:00Z.
        case dateWithoutISO8601
    }

    /// Null: no text.
    case null
    /// UTF-8 text that XML 1.0 can hold, with no U+0000.
    case text(UnsafeRawBufferPointer)
    /// Bytes written as their base64 text, which XML holds as it is; `isText` when they are text
    /// XML 1.0 cannot hold, which the document marks as base64.
    case base64(UnsafeRawBufferPointer, isText: Bool)
    /// A file whose base64 text is the value's, streamed by the writer.
    case file(FileBytes)

    /// Calls `body` with what `value` is written as and what could not be written as such, if
    /// anything; the buffers are valid only during the call. An integer, double, boolean, date or
    /// UUID is formatted into `scalarText` (emptied first), an array the caller keeps, not into a
    /// `String`.
    @inline(__always)
    static func with<Result>(
        _ value: RowValue, formattingInto scalarText: inout [UInt8], _ body: (XMLValueText, Issue?) throws -> Result
    ) rethrows -> Result {
        switch value {
        case .null:
            return try body(.null, nil)
        case .text(let bytes):
            return try checking(bytes, isDateWithoutISO8601: false, body)
        case .bytes(let bytes):
            return try body(.base64(bytes, isText: false), nil)
        case .integer, .double, .boolean, .date:
            return try with(value.value, formattingInto: &scalarText, body)
        case .other(let owned):
            return try with(owned, formattingInto: &scalarText, body)
        }
    }

    /// ``with(_:formattingInto:_:)-(RowValue,_,_)`` for an owned value.
    @inline(__always)
    private static func with<Result>(
        _ value: Value, formattingInto scalarText: inout [UInt8], _ body: (XMLValueText, Issue?) throws -> Result
    ) rethrows -> Result {
        switch value {
        case .string(var text), .uri(var text), .decimal(var text):
            return try text.withUTF8 { try checking(UnsafeRawBufferPointer($0), isDateWithoutISO8601: false, body) }
        case .binary(let bytes):
            return try bytes.withUnsafeBytes { try body(.base64($0, isText: false), nil) }
        case .binaryFile(let file):
            return try body(.file(file), nil)
        default:
            scalarText.removeAll(keepingCapacity: true)
            if let isDateWithoutISO8601 = value.appendXMLScalarText(to: &scalarText) {
                return try scalarText.withUnsafeBytes {
                    try checking($0, isDateWithoutISO8601: isDateWithoutISO8601, body)
                }
            }
            guard var rendered = value.xmlText else { return try body(.null, nil) }
            return try rendered.text.withUTF8 {
                try checking(UnsafeRawBufferPointer($0), isDateWithoutISO8601: rendered.isDateWithoutISO8601, body)
            }
        }
    }

    /// Calls `body` with `text` as it is, or as base64 when XML 1.0 cannot hold it.
    @inline(__always)
    private static func checking<Result>(
        _ text: UnsafeRawBufferPointer, isDateWithoutISO8601: Bool, _ body: (XMLValueText, Issue?) throws -> Result
    ) rethrows -> Result {
        if let scalar = XMLCharacters.firstNonCharacter(inUTF8: text) {
            return try body(.base64(text, isText: true), .nonCharacter(scalar))
        }
        return try body(.text(text), isDateWithoutISO8601 ? .dateWithoutISO8601 : nil)
    }
}
