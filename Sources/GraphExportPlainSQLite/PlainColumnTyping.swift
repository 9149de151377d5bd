/// How the values of one plain SQLite column are exported: as SQLite stores them, or typed.
///
/// A plain database's column holds values of any storage class whatever its declared type, so a
/// typed column is typed value by value: each stored value that fits becomes the typed value, and
/// any other is written as stored, with one warning per column. The reader decides a column's
/// typing once, from its declared type and the options (docs/SQLITE.md); the schemas and
/// `graphexport inspect` say it per column.
public enum PlainColumnTyping: String, Sendable, Hashable, CaseIterable {
    /// Every value by its storage class: an integer, a floating-point number, text or bytes.
    case stored
    /// A column declared `BOOL…`: the integers 0 and 1 are ``Value/boolean(_:)``.
    case boolean
    /// A column declared `…DATE…` or `…TIME…`: text in one of SQLite's date and time forms is the
    /// ``Value/string(_:)`` of its ISO 8601 form, keeping its time zone or its lack of one.
    case date
    /// A column read as JSON (`--json-columns`): text that is a JSON array or object is an array or
    /// a map (``Value/array(_:)``, ``Value/map(_:)``); other JSON text stays text.
    case json
}
