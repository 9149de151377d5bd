/// What a plain SQLite export includes and how it nests, beyond what the schema says.
///
/// The defaults export every ordinary table, trust only declared foreign keys, let the ownership
/// rule of ``SQLiteDatabaseSource`` decide what nests, and type the columns declared `BOOL…`,
/// `…DATE…` or `…TIME…` (``PlainColumnTyping``).
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
    /// Whether every column that its declared type does not type (``PlainColumnTyping/stored``) is read
    /// as JSON (``PlainColumnTyping/json``; the bare `--json-columns`): text that is a JSON array or
    /// object becomes an array or map value (``Value/array(_:)``, ``Value/map(_:)``), other JSON (a
    /// number, a string) stays the text it is, and the columns whose text is not JSON are named in
    /// one warning when the export ends (``GraphSource/didFinishRun()``).
    public var jsonColumns: Bool
    /// The columns read as JSON, whatever their declared type, as `Table.column` (`--json-columns
    /// Track.meta`; the table and the column compared as SQLite compares names, ignoring ASCII case).
    /// A name that is no exported table's column is an error; a column whose text is not JSON is
    /// named in one warning of its own.
    public var jsonColumnNames: [String]
    /// Whether every value is written as SQLite stores it (`--raw-values`): no column is typed by
    /// its declared type, and none is read as JSON (the JSON column names are still checked).
    public var rawValues: Bool

    /// Creates options; the defaults export every ordinary table, type the columns whose declared
    /// type says Boolean or Date, and read no column as JSON.
    public init(
        nest: [String] = [],
        noNest: [String] = [],
        includeViews: Bool = false,
        inferRelations: Bool = false,
        jsonColumns: Bool = false,
        jsonColumnNames: [String] = [],
        rawValues: Bool = false
    ) {
        self.nest = nest
        self.noNest = noNest
        self.includeViews = includeViews
        self.inferRelations = inferRelations
        self.jsonColumns = jsonColumns
        self.jsonColumnNames = jsonColumnNames
        self.rawValues = rawValues
    }
}
