import GraphExport

/// A plain SQLite database that cannot be exported as asked, with what to do about it.
public enum SQLiteSourceError: Error, Sendable, Hashable, CustomStringConvertible {
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

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason):
            return "\(path): cannot read the database: \(reason)"
        case .notADatabase(let path):
            return "\(path): not a SQLite database"
        case .unknownRelationship(let path, let name):
            return "\(path): '\(name)' is not a relationship of this database: write it as Table.relationship, "
                + "with a name the export uses (e.g. Album.tracks)"
        case .unknownTable(let path, let name, let table, let known):
            return "\(path): '\(name)': no table '\(table)' in the export"
                + NearNames.hint(for: table, among: known, kind: "tables")
        case .unknownTableRelationship(let path, let name, let table, let known):
            let relationship = String(name[name.index(after: name.lastIndex(of: ".") ?? name.startIndex)...])
            return "\(path): '\(name)': table '\(table)' has no relationship '\(relationship)'"
                + NearNames.hint(for: relationship, among: known, kind: "relationships")
        case .cannotNest(let path, let name, let reason):
            return "\(path): cannot nest '\(name)': \(reason)"
        case .conflictingNesting(let path, let name):
            return "\(path): '\(name)' is given to both --nest and --no-nest: keep one"
        }
    }
}
