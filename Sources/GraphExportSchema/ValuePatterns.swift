/// The regular expressions of the value texts that both schema languages check with a pattern,
/// written once in the syntax both share (ECMA-262 for JSON Schema, XML Schema's for XSD), without
/// anchors: ``anchored(_:)`` adds them for JSON Schema, XSD patterns always match the whole text.
enum ValuePatterns {
    /// A decimal's exact text (`-12.5`, `300`, `0.00001`), or `NaN`.
    static let decimal = "-?[0-9]+(\\.[0-9]+)?|NaN"
    /// ISO 8601 in UTC as ``GraphExport/Timestamp/iso8601`` writes it: four-digit years 0000-9999,
    /// a sign before others (`-0001`, `+10000`), fractional seconds only when the value has them.
    static let date =
        "([+\\-][0-9]{4,}|[0-9]{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]"
        + "(\\.[0-9]+)?Z"
    /// A plain SQLite column's date text in the ISO 8601 form the reader writes: a date, a date and
    /// time (`T` between them, seconds always, a fraction as stored), or a time, with the time zone
    /// as stored (`Z` or `±HH:MM`, hours up to 14) or none.
    static let sqliteDate =
        "[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])(T\(sqliteTime))?|\(sqliteTime)"
    /// The time part of ``sqliteDate``.
    private static let sqliteTime =
        "([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]+)?(Z|[+\\-](0[0-9]|1[0-4]):[0-5][0-9])?"
    /// Padded base64 (RFC 4648 alphabet).
    static let base64 = "([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?"
    /// A UUID's canonical lowercase text.
    static let uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

    /// `pattern` matching whole strings only, for JSON Schema (whose patterns match anywhere).
    static func anchored(_ pattern: String) -> String {
        "^(" + pattern + ")$"
    }
}
