package import GraphExport
import GraphExportJSONText

extension Value {
    /// The text a non-null value is written as in the XML and GraphML formats, or `nil` for null
    /// and for a file value (``Value/binaryFile(_:)``), whose base64 the writers stream from the
    /// file instead; `true` in `isDateWithoutISO8601` when a date had no ISO 8601 form and was
    /// written as seconds since 2001-01-01T00:00:00Z.
    ///
    /// Integers are exact digits; doubles the shortest text that reads back to the same bits
    /// (`0.1`, `1e-05`, `-0.0`), or `NaN`, `INF` and `-INF`, all in the lexical space of
    /// `xsd:double`; decimals, strings and URIs as they are; booleans `true` and `false`; dates
    /// ISO 8601 in UTC (``Timestamp/iso8601``); binary values base64; UUIDs canonical lowercase
    /// text; arrays and maps their compact JSON text (``JSONText/appendValue(_:to:)``, for GraphML,
    /// whose data elements hold text). The text is not yet checked against XML 1.0's characters
    /// (``XMLText`` does that).
    package var xmlText: (text: String, isDateWithoutISO8601: Bool)? {
        switch self {
        case .null, .binaryFile: return nil
        case .decimal(let text), .string(let text), .uri(let text): return (text, false)
        case .binary(let bytes): return (Base64.encode(bytes), false)
        case .integer, .double, .boolean, .date, .uuid:
            var bytes: [UInt8] = []
            let isDateWithoutISO8601 = appendXMLScalarText(to: &bytes) ?? false
            return (String(decoding: bytes, as: UTF8.self), isDateWithoutISO8601)
        case .array, .map:
            var json: [UInt8] = []
            let issue = JSONText.appendValue(self, to: &json)
            return (String(decoding: json, as: UTF8.self), issue == .dateWithoutISO8601)
        }
    }

    /// Appends the ``xmlText`` of an integer, a double, a boolean, a date or a UUID to `bytes`,
    /// building no `String` (but a double's own description), and returns whether it was a date
    /// with no ISO 8601 form; returns `nil`, having appended nothing, for any other value.
    package func appendXMLScalarText(to bytes: inout [UInt8]) -> Bool? {
        switch self {
        case .integer(let integer):
            JSONText.appendInteger(integer, to: &bytes)
        case .double(let double):
            Self.appendXMLDoubleText(double, to: &bytes)
        case .boolean(let boolean):
            bytes.append(contentsOf: boolean ? Self.trueText : Self.falseText)
        case .date(let timestamp):
            if timestamp.appendISO8601(to: &bytes) { return false }
            Self.appendXMLDoubleText(timestamp.secondsSinceReferenceDate, to: &bytes)
            return true
        case .uuid(let uuid):
            uuid.appendText(to: &bytes)
        default:
            return nil
        }
        return false
    }

    private static let trueText = Array("true".utf8)
    private static let falseText = Array("false".utf8)

    /// Appends the shortest text that reads back to the same bits, or `NaN`, `INF` and `-INF`.
    private static func appendXMLDoubleText(_ value: Double, to bytes: inout [UInt8]) {
        if value.isFinite {
            bytes.append(contentsOf: value.description.utf8)
        } else if value.isNaN {
            bytes.append(contentsOf: "NaN".utf8)
        } else {
            bytes.append(contentsOf: (value < 0 ? "-INF" : "INF").utf8)
        }
    }
}
