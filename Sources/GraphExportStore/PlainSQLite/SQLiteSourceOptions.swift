/// What a plain SQLite export includes and how it nests, beyond what the schema says.
///
/// The defaults export every ordinary table, trust only declared foreign keys and let the
/// ownership rule of ``SQLiteDatabaseSource`` decide what nests.
public struct SQLiteSourceOptions: Sendable, Hashable {
    /// Relationships that nest their destinations, as `Table.relationship` (`Album.tracks`); either
    /// side of a foreign key's pair may be named (`Track.album` means the same pair). The child
    /// table takes its owners from these first (`--nest`).
    public var nest: [String]
    /// Relationships that never nest, as `Table.relationship` (`Genre.tracks`); either side of the
    /// pair may be named. The ownership rule does not consider them (`--no-nest`).
    public var noNest: [String]
    /// Whether views are exported too, as entities without relationships whose objects are
    /// identified by their position (`--include-views`). Virtual tables, their shadow tables and
    /// `sqlite_*` tables are never exported.
    public var includeViews: Bool
    /// Whether columns named `<table>_id` or `<Table>Id` that no declared foreign key covers are
    /// taken as foreign keys to that table's single-column primary key (`--infer-relations`). Every
    /// guess is reported as a warning and in ``SQLiteDatabaseSource/inferredRelations``.
    public var inferRelations: Bool
    /// Whether text that is a JSON array or object is read as an array or map value
    /// (``Value/array(_:)``, ``Value/map(_:)``) rather than as a string (`--json-columns`). Other
    /// JSON (a number, a string) stays the text it is; text that is not JSON stays text too, with
    /// one warning per column.
    public var jsonColumns: Bool

    /// Creates options; the defaults change nothing.
    public init(
        nest: [String] = [],
        noNest: [String] = [],
        includeViews: Bool = false,
        inferRelations: Bool = false,
        jsonColumns: Bool = false
    ) {
        self.nest = nest
        self.noNest = noNest
        self.includeViews = includeViews
        self.inferRelations = inferRelations
        self.jsonColumns = jsonColumns
    }
}
