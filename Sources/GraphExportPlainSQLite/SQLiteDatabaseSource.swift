internal import CSQLite
public import GraphExport
public import GraphExportSQLite

/// Any SQLite database read as a ``GraphSource``: its tables become entities, their columns
/// attributes, their foreign keys relationships. Opened read-only and read in one snapshot; a
/// database in WAL mode is read from a private copy, so the file is never touched.
///
/// **What is exported.** Every ordinary table, in schema order. Views only with
/// ``SQLiteSourceOptions/includeViews``; virtual tables, their shadow tables and `sqlite_*` tables
/// never. A table whose primary key is exactly the columns of two foreign keys and that has no
/// other column (`PlaylistTrack`) is a *link table*: its rows are not objects but the pairs of a
/// many-to-many relationship, provided no foreign key points at it and every row points at an
/// existing row on both sides (else it stays an entity, so no raw value is lost).
///
/// **Attributes** are all columns, generated ones included, named exactly as the table does,
/// foreign-key columns included: a relationship never replaces its columns, so the raw key stays
/// in the export even when it points at nothing. Each column is typed once, from the schema and
/// the options (``columnTypings``, ``PlainColumnTyping``); a SQLite column holds values of
/// any storage class, so a typed column is typed value by value, and a value that does not fit is
/// written as stored, with one warning per column:
/// - a column of NUMERIC affinity declared `BOOL…` is Boolean: the integers 0 and 1 are booleans;
/// - one declared with `DATE` or `TIME` in its type (`DATE`, `DATETIME`, `TIMESTAMP`) is Date: text
///   in one of SQLite's date and time forms is written as its ISO 8601 text (`2009-01-01 00:00:00`
///   → `2009-01-01T00:00:00`, `2009-01-01` as it is), its time zone kept and none supplied when it
///   has none (``SQLiteDateText``);
/// - a column named in ``SQLiteSourceOptions/jsonColumnNames``, or with
///   ``SQLiteSourceOptions/jsonColumns`` any column not typed so, is read as JSON: a JSON array or
///   object becomes an array or map value (``JSONColumnText``), other text stays text;
/// - every other column, and every column with ``SQLiteSourceOptions/rawValues``, is written by its
///   storage class: integer, floating-point number, text or bytes, never converted (a TEXT in an
///   INTEGER column stays text).
///
/// The attribute type is Boolean or Date for a column typed so, else the affinity's (INTEGER →
/// Integer 64, TEXT → String, BLOB or none → Binary, REAL → Double, NUMERIC → Decimal). Text that is
/// not valid UTF-8 is written as its bytes, with a warning.
///
/// **Relationships.** Each foreign key (declared, composite ones included; or guessed by
/// ``SQLiteSourceOptions/inferRelations``) is a to-one on the child table with a to-many inverse on
/// the parent table. A foreign key whose table is missing or left out, or whose parent columns are
/// not the parent's primary key or a unique index, is reported and ignored. A child row whose
/// non-null key matches no parent row keeps its raw value, an empty to-one, and a warning. Names:
/// - to-one: the column's name without a trailing id marker (`_id`, or `Id`/`ID` after a lowercase
///   letter or digit), in lower camel case: `AlbumId` → `album`, `support_rep_id` → `supportRep`,
///   `ReportsTo` → `reportsTo`; for a composite key or a column named `id`, the parent table's name
///   in lower camel case;
/// - to-many inverse: the child table's name in lower camel case, pluralized (`Track` → `tracks`,
///   `InvoiceLine` → `invoiceLines`; a name already ending in `s` is kept); when the child has
///   several foreign keys to that parent, followed by `By` and the to-one's name
///   (`messagesBySender`);
/// - many-to-many: on each side, the plural of the other side's to-one name (`Playlist.tracks`,
///   `Track.playlists`);
/// - a name equal to a column's or an earlier relationship's (ignoring case) gets `Ref`, then
///   `Ref2`, `Ref3`, … appended; to-ones are named first, in column order, then to-manys.
///
/// **Ownership** (what nests in the tree shape): each child table chooses its owners among its
/// foreign keys, in this order:
/// 1. a key named in ``SQLiteSourceOptions/noNest`` never nests;
/// 2. keys named in ``SQLiteSourceOptions/nest`` nest, first choice;
/// 3. keys with `ON DELETE CASCADE` nest, next, in column order (self references included);
/// 4. only when the table has neither: at most one key chosen automatically. Candidates are the keys
///    to another table that are named after it: the child's columns bear the parent's key column
///    names, or one column is the parent's name plus an id marker (`ArtistId` → Artist); a role
///    such as `SupportRepId` → Employee or `author_id` → users is not a candidate. A candidate's
///    table is a *real parent* when it has foreign keys of its own or more than two columns besides
///    its primary key, else a *lookup table* (Genre, MediaType). The best real parent wins, ranked
///    by: the child's name starts with the parent's (InvoiceLine → Invoice), then the parent is
///    referenced by fewer tables, then column order. Without a real parent a single candidate
///    wins (Album → Artist); several lookup tables tie and none wins.
///
/// Every other key is a reference, and so is every many-to-many. An object nests under the first
/// owner it has a value for, else it is written at the top level. For Chinook: Track under Album,
/// Album under Artist, InvoiceLine under Invoice, Invoice under Customer; Customer (its only key
/// is the role `SupportRepId`) and Employee (`ReportsTo` is a self reference) at the top level.
///
/// **Object identifiers** are `<Table>/<key>`, the table name escaped:
/// - the primary key's values in key order, joined by `,` (`PlaylistTrack/1,3421`): an integer as
///   its digits (`Track/42`), text percent-escaped (`%`, `/`, `,`, control characters, U+FFFE/
///   U+FFFF, and every byte from 0x80 up of text that is not valid UTF-8) and prefixed with `'` when
///   it is empty, digits with an optional `-`, or starts with `'`, `~`, `$` or `#` (`Zip/'10115`),
///   a floating-point number as `~` and its shortest decimal form (`~1.5`), bytes as `$` and
///   lowercase hex (`$00ff`);
/// - `#` and the rowid for a table without a declared key, or for a row whose key holds a NULL
///   (`Note/#7`); for a view, `#` and the row's position from 1.
///
/// ``GraphExport/ObjectKey/row`` is the rowid (the `INTEGER PRIMARY KEY` when there is one); for a
/// WITHOUT ROWID table, its integer key when it has a single one holding only integers, else the
/// position in key order, numbered once in a private `temp` table of the connection (on disk, not
/// in memory).
///
/// **Reading.** Objects come in key order (rowid, integer key or primary-key order; a view in the
/// order SQLite returns it); a parent's children in the child table's key order, a
/// many-to-many's destinations in the link table's order (its rowid, or its primary key when it
/// has none); a parent's children as full records with one query when the child's foreign key is
/// one integer column holding the parent's integer key (the reads of `QueriedSource`, answered by
/// `PlainQueries`).
public final class SQLiteDatabaseSource: QueriedSource {
    /// The entities: one per exported table, in schema order.
    public var model: GraphModel { layout.model }
    /// The export header: `SQLite database` and the path.
    public let document: DocumentInfo
    /// The foreign keys ``SQLiteSourceOptions/inferRelations`` guessed, each also reported as a
    /// warning; empty without that option.
    public let inferredRelations: [InferredRelation]

    private let file: StoreFile
    let database: SQLiteDatabase
    /// Which tables are entities and links, and how every relationship is stored.
    let layout: PlainLayout
    /// The statements that read the database.
    @usableFromInline package let queries: PlainQueries

    /// Opens the database at `path` and reads its schema.
    ///
    /// Throws ``PlainSQLiteError`` for a file that cannot be read or is not a database,
    /// ``PlainSQLiteOptionError`` for nesting options that name no relationship and for JSON column
    /// names that name no column;
    /// ``SQLiteError`` when SQLite fails or the store's files cannot be read together. What is
    /// skipped (a broken view, a foreign key that cannot be followed) goes to `onWarning`.
    /// `opening` says how long to wait for a lock.
    public init(
        path: String, options: SQLiteSourceOptions = .init(), opening: StoreOpenOptions = .init(),
        onWarning: @escaping WarningHandler = { _ in }
    ) throws {
        let file: StoreFile
        do {
            file = try StoreFile(storePath: path, options: opening, onWarning: onWarning)
        } catch SQLiteError.cannotRead(_, let reason) {
            throw PlainSQLiteError.cannotRead(path: path, reason: reason)
        }
        let database = try file.open()
        do {
            try database.beginSnapshot()
        } catch SQLiteError.failed(let code, _, _, _, _) where code & 0xFF == SQLITE_NOTADB {
            throw PlainSQLiteError.notADatabase(path: path)
        }
        let (tables, inferred) = try SchemaReader(database: database, options: options, onWarning: onWarning).read()
        let layout = try PlainLayout(tables: tables, options: options, database: database, onWarning: onWarning)
        self.queries = try PlainQueries(layout: layout, database: database, options: options, onWarning: onWarning)
        self.layout = layout
        self.inferredRelations = inferred
        self.document = DocumentInfo(sourceKind: "SQLite database", source: path)
        self.database = database
        self.file = file
    }

    /// About how many objects an export writes (``RowCountEstimate``), or `nil` when a view or a
    /// table without a reachable key or statistics is among the entities.
    package func estimatedObjectCount() throws -> ObjectCountEstimate? {
        try RowCountEstimate.objects(in: layout, database: database)
    }

    /// `<Table>/<key>`, as the type's documentation describes.
    public func id(of key: ObjectKey) -> ObjectID {
        queries.id(of: key)
    }

    /// `<Table>/` or `<Table>/#` for a table whose identifiers are it and the row's digits; `nil`
    /// for one identified by its key's text.
    public func numberedIDPrefix(of entity: Int) -> String? {
        queries.numberedIDPrefix(of: entity)
    }

    /// How each attribute's values are typed: per entity, one typing per attribute of
    /// ``GraphModel/attributes(of:)``, in that order (what the schemas and `inspect` describe).
    public var columnTypings: [[PlainColumnTyping]] {
        layout.typings
    }
}
