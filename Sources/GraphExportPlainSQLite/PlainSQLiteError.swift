import GraphExport

/// A plain SQLite database that cannot be exported as asked, with what to do about it.
public enum PlainSQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be read.
    case cannotRead(path: String, reason: String)
    /// The file is not a SQLite database.
    case notADatabase(path: String)
    /// A `--nest`/`--no-nest` value does not name a relationship as `Table.relationship`.
    case unknownRelationship(path: String, name: String)
    /// A `--nest`/`--no-nest` value names a table the export does not have; `known` lists those
    /// it has.
    case unknownTable(path: String, name: String, table: String, known: [String])
    /// A `--nest`/`--no-nest` value names a relationship its table does not have; `known` lists
    /// those it has.
    case unknownTableRelationship(path: String, name: String, table: String, known: [String])
    /// A `--nest` value names a relationship that cannot nest.
    case cannotNest(path: String, name: String, reason: String)
    /// The same relationship is given to both `--nest` and `--no-nest`.
    case conflictingNesting(path: String, name: String)
    /// A `--json-columns` name (``SQLiteSourceOptions/jsonColumnNames``) whose table, `table`, is
    /// none of the tables the export writes, which are `tables`.
    case noSuchTable(path: String, name: String, table: String, tables: [String])
    /// A `--json-columns` name whose table has no column `column`; `columns` are the table's.
    case noSuchColumn(path: String, name: String, table: String, column: String, columns: [String])
    /// A `--json-columns` name whose table is read as the links of a many-to-many relationship, so
    /// that its columns are not written.
    case linkTableColumn(path: String, name: String, table: String)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason):
            return ErrorMessage.about(path, "cannot read the database: \(reason)")
        case .notADatabase(let path):
            return ErrorMessage.about(path, "not a SQLite database")
        case .unknownRelationship(let path, let name):
            return ErrorMessage.about(
                path,
                "'\(name)' is not a relationship of this database: write it as Table.relationship, "
                    + "with a name the export uses (e.g. Album.tracks)")
        case .unknownTable(let path, let name, let table, let known):
            return ErrorMessage.about(
                path,
                "'\(name)': no table '\(table)' in the export"
                    + NearNames.hint(for: table, among: known, kind: "tables"))
        case .unknownTableRelationship(let path, let name, let table, let known):
            let relationship = String(name[name.index(after: name.lastIndex(of: ".") ?? name.startIndex)...])
            return ErrorMessage.about(
                path,
                "'\(name)': table '\(table)' has no relationship '\(relationship)'"
                    + NearNames.hint(for: relationship, among: known, kind: "relationships"))
        case .cannotNest(let path, let name, let reason):
            return ErrorMessage.about(path, "cannot nest '\(name)': \(reason)")
        case .conflictingNesting(let path, let name):
            return ErrorMessage.about(path, "'\(name)' is given to both --nest and --no-nest: keep one")
        case .noSuchTable(let path, let name, let table, let tables):
            return Self.jsonColumns(
                path, name,
                "no table '\(table)' is exported; write the column as Table.column, with one of the tables "
                    + Self.list(tables))
        case .noSuchColumn(let path, let name, let table, let column, let columns):
            return Self.jsonColumns(
                path, name, "table \(table) has no column '\(column)'; its columns are " + Self.list(columns))
        case .linkTableColumn(let path, let name, let table):
            return Self.jsonColumns(
                path, name,
                "table \(table) is read as the links of a many-to-many relationship, so its columns are not written")
        }
    }

    /// `<path>: --json-columns <name>: <explanation>`.
    private static func jsonColumns(_ path: String, _ name: String, _ explanation: String) -> String {
        ErrorMessage.about(path, ErrorMessage.option("--json-columns", name, explanation))
    }

    /// `A, B and C`, at most 20 names, then how many more.
    private static func list(_ names: [String]) -> String {
        guard !names.isEmpty else { return "(none)" }
        let shown = names.prefix(20)
        let rest = names.count - shown.count
        if rest > 0 { return shown.joined(separator: ", ") + " and \(rest) more" }
        guard shown.count > 1 else { return shown[0] }
        return shown.dropLast().joined(separator: ", ") + " and " + shown.last!
    }
}
