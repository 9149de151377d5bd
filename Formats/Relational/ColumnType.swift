public import GraphExport

/// What a column of the relational mapping holds (docs/RELATIONAL.md, *Columns and types*): the
/// one place each attribute type gets its SQL type in each dialect.
public enum ColumnType: Sendable, Hashable {
    /// An object's key or a foreign key: a 64-bit integer.
    case key
    /// Text the mapping writes itself (`_id`, `_entity`).
    case text
    /// An ordered relationship's position.
    case position
    /// An attribute's value, by its type.
    case attribute(AttributeType)

    /// The declared type in `dialect`. SQLite's are chosen for their affinity, so that a value is
    /// stored exactly as written: `DECIMAL_TEXT`, `UUID_TEXT`, `URI_TEXT` and `JSON_TEXT` have text
    /// affinity, `DATETIME` and `BOOLEAN` numeric affinity (which keeps ISO 8601 text as text and
    /// is how readers, graphexport's among them, recognize dates and truth values).
    public func name(in dialect: SQLDialect) -> String {
        switch (self, dialect) {
        case (.key, .sqlite), (.position, .sqlite): return "INTEGER"
        case (.key, .postgresql), (.position, .postgresql): return "bigint"
        case (.text, .sqlite): return "TEXT"
        case (.text, .postgresql): return "text"
        case (.attribute(let type), .sqlite): return Self.sqliteName(of: type)
        case (.attribute(let type), .postgresql): return Self.postgresqlName(of: type)
        }
    }

    private static func sqliteName(of type: AttributeType) -> String {
        switch type {
        case .integer16, .integer32, .integer64: "INTEGER"
        case .decimal: "DECIMAL_TEXT"
        case .double, .float: "REAL"
        case .string: "TEXT"
        case .boolean: "BOOLEAN"
        case .date: "DATETIME"
        case .binary: "BLOB"
        case .uuid: "UUID_TEXT"
        case .uri: "URI_TEXT"
        case .transformable: "JSON_TEXT"
        }
    }

    private static func postgresqlName(of type: AttributeType) -> String {
        switch type {
        case .integer16: "smallint"
        case .integer32: "integer"
        case .integer64: "bigint"
        case .decimal: "numeric"
        case .double, .float: "double precision"
        case .string, .uri: "text"
        case .boolean: "boolean"
        case .date: "timestamptz"
        case .binary: "bytea"
        case .uuid: "uuid"
        case .transformable: "jsonb"
        }
    }
}
