/// A plain SQLite database that cannot be exported as asked, with what to do about it.
public enum SQLiteSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be read.
    case cannotRead(path: String, reason: String)
    /// The file is not a SQLite database.
    case notADatabase(path: String)
    /// A `--nest`/`--no-nest` value does not name a relationship of the export.
    case unknownRelationship(path: String, name: String)
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
        case .cannotNest(let path, let name, let reason):
            return "\(path): cannot nest '\(name)': \(reason)"
        case .conflictingNesting(let path, let name):
            return "\(path): '\(name)' is given to both --nest and --no-nest: keep one"
        }
    }
}
