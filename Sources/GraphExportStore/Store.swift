public import GraphExport
public import GraphExportCoreData
public import GraphExportPlainSQLite
public import GraphExportSQLite

/// A store opened for export: the source its reader made, and what that reader can do besides
/// reading objects (its description and what only its reader tells, its persistent history, the
/// typing of its columns), asked of the store instead of found by casting its source. The first call of an embedder that reads
/// stores as `graphexport` does:
///
/// ```swift
/// let store = try Store(path: "Notes.sqlite", onWarning: { print($0) })
/// let export = try store.export(SelectionOptions(entities: ["Note"]))
/// try GraphExporter(source: export.source, selection: try export.selection()).write(…)
/// ```
///
/// Both readers open the file read-only, in one read transaction for the life of the store, a
/// WAL store through a private, consistent copy (`docs/RELIABILITY.md`).
public final class Store {
    /// Which reader a store is read with.
    public enum Kind: Sendable, Hashable {
        /// A Core Data store (``GraphExportCoreData/CoreDataStore``).
        case coreData
        /// A plain SQLite database, read through its foreign keys
        /// (``GraphExportPlainSQLite/SQLiteDatabaseSource``).
        case plainSQLite
    }

    /// The store's path, as given.
    public let path: String
    /// Which reader reads it.
    public let kind: Kind
    /// The store read as a graph, every object and relationship, nothing chosen or left out.
    public var source: any GraphSource { reader }
    /// The Core Data store, when it is one.
    private let coreData: CoreDataStore?
    /// The plain SQLite database, when it is one.
    private let plainSQLite: SQLiteDatabaseSource?
    /// Whichever of the two it is.
    private let reader: any InspectableSource & RowFilteringSource

    /// Opens the store at `path` as `reading` says. With ``StoreReading/Reader/automatic``, a file
    /// without Core Data's tables is read as a plain SQLite database (the warnings met trying it
    /// as a Core Data store are dropped, since the plain reader meets them again); any other error
    /// of the Core Data reader stops there. Throws what the reader throws: a
    /// ``GraphExportSQLite/SQLiteError`` for files that cannot be read, a
    /// ``GraphExportCoreData/CoreDataError`` or ``GraphExportCoreData/ModelFileError`` for a model
    /// that does not fit, a ``GraphExportPlainSQLite/PlainSQLiteOptionError`` for plain SQLite
    /// options the database cannot honour.
    public init(path: String, reading: StoreReading = .init(), onWarning: @escaping WarningHandler = { _ in }) throws {
        self.path = path
        if let store = try Self.coreDataStore(path: path, reading: reading, onWarning: onWarning) {
            (kind, coreData, plainSQLite, reader) = (.coreData, store, nil, store)
            return
        }
        let database = try SQLiteDatabaseSource(
            path: path, options: reading.plainSQLite, opening: reading.opening, onWarning: onWarning)
        (kind, coreData, plainSQLite, reader) = (.plainSQLite, nil, database, database)
    }

    /// The store as a Core Data store, or `nil` when it is to be read as a plain SQLite database:
    /// as asked, or, automatically, when it has no Core Data tables.
    private static func coreDataStore(
        path: String, reading: StoreReading, onWarning: @escaping WarningHandler
    ) throws -> CoreDataStore? {
        if reading.reader == .coreData || reading.model != nil {
            return try CoreDataStore(
                path: path, model: reading.model, options: reading.coreData, opening: reading.opening,
                onWarning: onWarning)
        }
        guard reading.reader == .automatic else { return nil }
        let held = HeldWarnings()
        do {
            let store = try CoreDataStore(
                path: path, options: reading.coreData, opening: reading.opening, onWarning: held.report)
            held.release(to: onWarning)
            return store
        } catch CoreDataError.notCoreDataStore {
            return nil
        } catch {
            held.release(to: onWarning)
            throw error
        }
    }

    /// What graphexport sees in the store (`graphexport inspect`): every entity with its object
    /// count, where each attribute and relationship is read from, which relationships nest. What
    /// only its reader tells is ``coreDataDescription`` or ``plainSQLiteDescription``.
    public func describe() throws -> StoreDescription {
        try reader.storeDescription()
    }

    /// What only a Core Data store tells of itself beside ``describe()``: its UUID, the framework
    /// version that wrote it, the model chosen, each entity's `Z_ENT`, the attributes that allow
    /// external storage; `nil` for a plain SQLite database.
    public var coreDataDescription: CoreDataDescription? {
        coreData?.coreDataDescription
    }

    /// What only a plain SQLite database tells of itself beside ``describe()``: each attribute's
    /// declared type and typing, the link tables; `nil` for a Core Data store.
    public var plainSQLiteDescription: PlainSQLiteDescription? {
        plainSQLite?.plainSQLiteDescription
    }

    /// How many objects an export of the whole store writes, found without reading them; `nil`
    /// when that cannot be known so (a plain SQLite database with a view among its entities).
    public func estimatedObjectCount() throws -> ObjectCountEstimate? {
        try reader.estimatedObjectCount()
    }

    /// Which model a Core Data store is read with, where it came from and what was tried before
    /// it; `nil` for a plain SQLite database.
    public var modelChoice: ModelChoice? {
        coreData?.modelChoice
    }

    /// How a plain SQLite database's columns are typed, per entity one per attribute of
    /// ``GraphExport/GraphModel/attributes(of:)``; `nil` for a Core Data store, whose values are
    /// typed by its model.
    public var columnTypings: [[PlainColumnTyping]]? {
        plainSQLite?.columnTypings
    }

    /// The store's persistent history (`--since`, `graphexport log`). Throws
    /// ``GraphExportCoreData/HistoryError/noHistory(path:)`` for a store that keeps none, a plain
    /// SQLite database among them.
    public func persistentHistory() throws -> PersistentHistory {
        guard let coreData else { throw HistoryError.noHistory(path: path) }
        return try PersistentHistory(coreData)
    }

    /// The objects of `entity` whose rows satisfy the SQL `expression`, in which names are those of
    /// `root` (``GraphExportSQLite/RowFilteringSource/keys(of:where:namesOf:)``), read from
    /// `source` (the store, or the store with its history tables).
    func keys(
        of entity: Int, where expression: String, namesOf root: Int, in source: (any RowFilteringSource)?
    ) throws -> [ObjectKey] {
        try (source ?? reader).keys(of: entity, where: expression, namesOf: root)
    }

    /// The store with Core Data's persistent-history tables as entities of their own
    /// (`--include-history`); a plain SQLite database has none, and is read as it is.
    func includingHistory(onWarning: WarningHandler) throws -> (any RowFilteringSource)? {
        try coreData.map { try HistorySource($0, onWarning: onWarning) }
    }
}
