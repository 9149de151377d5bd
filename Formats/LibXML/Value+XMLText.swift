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
        case .integer(let integer): return (String(integer), false)
        case .double(let double): return (Self.xmlDoubleText(double), false)
        case .decimal(let text), .string(let text), .uri(let text): return (text, false)
        case .boolean(let boolean): return (boolean ? "true" : "false", false)
        case .date(let timestamp):
            if let text = timestamp.iso8601 { return (text, false) }
            return (Self.xmlDoubleText(timestamp.secondsSinceReferenceDate), true)
        case .binary(let bytes): return (Base64.encode(bytes), false)
        case .uuid(let uuid): return (uuid.description, false)
        case .array, .map:
            var json: [UInt8] = []
            let issue = JSONText.appendValue(self, to: &json)
            return (String(decoding: json, as: UTF8.self), issue == .dateWithoutISO8601)
        }
    }

    /// The shortest text that reads back to the same bits, or `NaN`, `INF` and `-INF`.
    private static func xmlDoubleText(_ value: Double) -> String {
        if value.isFinite { return value.description }
        if value.isNaN { return "NaN" }
        return value < 0 ? "-INF" : "INF"
    }
}
