public import GraphExport

/// An option given for a plain SQLite database that it cannot honour: `--nest` and `--no-nest` naming
/// what the database lacks or cannot nest, `--json-columns` naming a column it does not export. A
/// mistake in the usage of a command, which exits with ``GraphExport/ExitStatus/usage``.
public enum PlainSQLiteOptionError: ExitStatusError, Sendable, Hashable {
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

    /// A sentence a user can act on, naming the database file first, as every message of this
    /// reader does.
    public var description: String {
        ErrorMessage.about(path, explanation)
    }

    /// ``GraphExport/ExitStatus/usage``: the option is to change.
    public var exitStatus: ExitStatus { .usage }

    /// The database file, as the caller named it.
    private var path: String {
        switch self {
        case .unknownRelationship(let path, _), .unknownTable(let path, _, _, _),
            .unknownTableRelationship(let path, _, _, _), .cannotNest(let path, _, _), .conflictingNesting(let path, _),
            .noSuchTable(let path, _, _, _), .noSuchColumn(let path, _, _, _, _), .linkTableColumn(let path, _, _):
            return path
        }
    }

    /// What is wrong with the database, or with an option given for it, and what to do.
    private var explanation: String {
        switch self {
        case .unknownRelationship(_, let name):
            return "'\(name)' is not a relationship of this database: write it as Table.relationship, "
                + "with a name the export uses (e.g. Album.tracks)"
        case .unknownTable(_, let name, let table, let known):
            return "'\(name)': no table '\(table)' in the export"
                + NearNames.hint(for: table, among: known, kind: "tables")
        case .unknownTableRelationship(_, let name, let table, let known):
            let relationship = String(name[name.index(after: name.lastIndex(of: ".") ?? name.startIndex)...])
            return "'\(name)': table '\(table)' has no relationship '\(relationship)'"
                + NearNames.hint(for: relationship, among: known, kind: "relationships")
        case .cannotNest(_, let name, let reason):
            return "cannot nest '\(name)': \(reason)"
        case .conflictingNesting(_, let name):
            return "'\(name)' is given to both --nest and --no-nest: keep one"
        case .noSuchTable(_, let name, let table, let tables):
            return ErrorMessage.option(
                "--json-columns", name,
                "no table '\(table)' is exported; write the column as Table.column, with one of the tables "
                    + Self.list(tables))
        case .noSuchColumn(_, let name, let table, let column, let columns):
            return ErrorMessage.option(
                "--json-columns", name,
                "table \(table) has no column '\(column)'; its columns are " + Self.list(columns))
        case .linkTableColumn(_, let name, let table):
            return ErrorMessage.option(
                "--json-columns", name,
                "table \(table) is read as the links of a many-to-many relationship, so its columns are not written")
        }
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
