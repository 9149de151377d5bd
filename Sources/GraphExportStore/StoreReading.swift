import GraphExport
public import GraphExportCoreData
public import GraphExportPlainSQLite
public import GraphExportSQLite

/// How to read a store: which reader opens it, and the options of each (`graphexport`'s reading
/// options: `--source`, `--model`, `--raw-values`, `--busy-timeout`, and the plain SQLite options).
public struct StoreReading: Sendable {
    /// Which reader opens the store.
    public enum Reader: Sendable, Hashable {
        /// A Core Data store when the file has Core Data's tables, else a plain SQLite database.
        case automatic
        /// A Core Data store: a file without Core Data's tables is a ``GraphExportCoreData/CoreDataError``.
        case coreData
        /// A plain SQLite database, read through its foreign keys.
        case plainSQLite
    }

    /// Which reader opens the store; a ``model`` makes it ``Reader/coreData``.
    public var reader: Reader
    /// The Core Data model to read the store with (`--model`, a version chosen with
    /// `--model-version`); `nil`: the version that fits, the store's own model cache, or a model
    /// inferred from its tables.
    public var model: ModelBundle?
    /// How a Core Data store is read: values as stored or decoded, and what of it is read.
    public var coreData: CoreDataStoreOptions
    /// How a plain SQLite database is read: nesting, views, inferred relations, JSON columns.
    public var plainSQLite: SQLiteSourceOptions
    /// How the store's file is opened: how long to wait for another process's lock.
    public var opening: StoreOpenOptions

    /// Reading options; the defaults read any store as `graphexport` does without options.
    public init(
        reader: Reader = .automatic, model: ModelBundle? = nil, coreData: CoreDataStoreOptions = .init(),
        plainSQLite: SQLiteSourceOptions = .init(), opening: StoreOpenOptions = .init()
    ) {
        self.reader = reader
        self.model = model
        self.coreData = coreData
        self.plainSQLite = plainSQLite
        self.opening = opening
    }
}
