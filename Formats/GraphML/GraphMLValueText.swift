import GraphExport

extension Value {
    /// The text a non-null value is written as in a `<data>` element, or `nil` for null and for a
    /// file value (``Value/binaryFile(_:)``), whose base64 the writer streams from the file
    /// instead; `true` in `isDateWithoutISO8601` when a date had no ISO 8601 form and was written
    /// as seconds.
    ///
    /// See ``GraphMLGraphWriter`` for the form of each kind of value. The text is not yet checked
    /// against XML 1.0's characters (``GraphMLText`` does that).
    var graphMLText: (text: String, isDateWithoutISO8601: Bool)? {
        switch self {
        case .null, .binaryFile: return nil
        case .integer(let integer): return (String(integer), false)
        case .double(let double): return (Self.graphMLDoubleText(double), false)
        case .decimal(let text), .string(let text), .uri(let text): return (text, false)
        case .boolean(let boolean): return (boolean ? "true" : "false", false)
        case .date(let timestamp):
            if let text = timestamp.iso8601 { return (text, false) }
            return (Self.graphMLDoubleText(timestamp.secondsSinceReferenceDate), true)
        case .binary(let bytes): return (Base64.encode(bytes), false)
        case .uuid(let uuid): return (uuid.description, false)
        }
    }

    /// The shortest text that reads back to the same bits (`0.1`, `1e-05`, `-0.0`), or `NaN`,
    /// `INF` and `-INF`.
    static func graphMLDoubleText(_ value: Double) -> String {
        if value.isFinite { return value.description }
        if value.isNaN { return "NaN" }
        return value < 0 ? "-INF" : "INF"
    }
}
