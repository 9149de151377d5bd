public import GraphExport
public import GraphExportSQLite

/// A Core Data SQLite store read as a ``GraphSource``: opened read-only, read in one snapshot,
/// mapped onto the version of its model that fits it.
///
/// Objects are read in `Z_PK` order, the destinations of a to-many in stored order for an ordered
/// one, else by `Z_PK`; the children of a one-to-many with one query (the reads of
/// `QueriedSource`, answered by `CoreDataQueries`). Object identifiers are Core Data's own URIs,
/// `x-coredata://<store UUID>/<Entity>/p<Z_PK>`.
public final class CoreDataStore: QueriedSource {
    /// The entities of the model version in use.
    public var model: GraphModel { layout.model }
    /// The export header: store path; as ``DocumentInfo/sourceFields``, `storeUUID`, when the
    /// metadata names it `frameworkVersion`, and for a store that keeps persistent history
    /// `historyToken` (``HistoryToken``: where the history stands in this snapshot); model file and version (the version used from a
    /// bundle, even a bundle of one; `Z_MODELCACHE (no version of <bundle> fits)` when the store's
    /// own model replaced a bundle).
    public let document: DocumentInfo
    /// The store's UUID (`Z_METADATA.Z_UUID`), part of every object's identifier.
    public let storeUUID: String
    /// The version of the framework that wrote the store (`NSPersistenceFrameworkVersion` in
    /// `Z_METADATA`'s plist), when the metadata names it.
    public let frameworkVersion: String?
    /// The name of the model version that fits the store.
    public let modelVersion: String
    /// Which model the store is read with, where it came from, and what was tried before it.
    package let modelChoice: ModelChoice
    /// The to-ones of a model inferred from the store's tables whose destination is a guess (each
    /// also said in a warning); empty when the store is read with any other model.
    public let inferredRelations: [InferredRelation]

    private let file: StoreFile
    /// The store's connection, in its snapshot.
    let database: SQLiteDatabase
    /// The mapping of the model onto the store's tables.
    let layout: CoreDataLayout
    /// The statements that read the store.
    @usableFromInline package let queries: CoreDataQueries
    private let idPrefixes: [String]
    /// The rows the scans select, counted when the store was opened (``EntityTableCensus``).
    private let objectCount: Int
    /// How far the store's persistent history reaches in the snapshot; `nil` for a store that
    /// keeps none.
    let historyPosition: HistoryPosition?

    /// Opens the store at `path` with the model bundle that describes it, or, without one, with
    /// the model the store keeps of itself in `Z_MODELCACHE` (stores written since about iOS 9),
    /// or, for a store without one, with a model inferred from its tables (``InferredModel``),
    /// which one warning and the header's `model` say.
    ///
    /// The version of a bundle tried first is its current one, then the others, newest first; the
    /// first whose entities, tables and columns all fit the store is used, and named in the
    /// header. When none fits and the store has a `Z_MODELCACHE`, that is used, with a warning;
    /// when nothing fits, the error lists what each candidate lacks
    /// (``CoreDataError/noModelFits(path:model:misfits:)``). A single version given by itself is
    /// used or refused with its own error. `opening` says how long to wait for a lock.
    ///
    /// Every row of an entity table is either exported or named in a warning (table, `Z_ENT`,
    /// how many rows); a store whose bookkeeping contradicts itself (an entity listed twice in
    /// `Z_PRIMARYKEY`, a `Z_ENT` or `Z_PK` that is not an integer, a `Z_PK` shared by several
    /// rows of one table) is a ``CoreDataError``. The model's own warnings (``ModelBundle/warnings``)
    /// go to `onWarning` too.
    /// `options` says how values are read (``CoreDataStoreOptions``).
    public convenience init(
        path: String, model: ModelBundle? = nil, options: CoreDataStoreOptions = .init(),
        opening: StoreOpenOptions = .init(), onWarning: @escaping WarningHandler = { _ in }
    ) throws {
        try self.init(
            path: path, model: model, readingModelCache: true, options: options, opening: opening,
            onWarning: onWarning)
    }

    /// Opens the store as ``init(path:model:options:opening:onWarning:)`` does; with
    /// `readingModelCache` false, a store opened without a model is read with a model inferred from
    /// its tables even when it has a `Z_MODELCACHE` (for comparing the two).
    package init(
        path: String, model: ModelBundle?, readingModelCache: Bool, options: CoreDataStoreOptions = .init(),
        opening: StoreOpenOptions = .init(), onWarning: @escaping WarningHandler = { _ in }
    ) throws {
        let onWarning = Self.once(onWarning)
        let file = try StoreFile(storePath: path, options: opening, onWarning: onWarning)
        let database = try file.open()
        try database.beginSnapshot()
        guard try database.tableExists("Z_PRIMARYKEY"), try database.tableExists("Z_METADATA") else {
            throw CoreDataError.notCoreDataStore(path: path)
        }
        let primaryKeys = try PrimaryKeyTable(database: database)
        let (uuid, frameworkVersion) = try Self.metadata(database, onWarning: onWarning)
        model?.warnings.forEach(onWarning)
        let fit = try ModelFit(
            model: model, numbers: primaryKeys.numbers, database: database, scope: options.scope, onWarning: onWarning,
            cachedModel: { readingModelCache ? try Self.cachedModel(database) : nil })
        let layout = fit.layout
        let versionName = fit.versionName
        layout.warnings.forEach(onWarning)
        objectCount = try EntityTableCensus.check(
            layout, primaryKeys: primaryKeys, modelVersion: versionName, database: database, onWarning: onWarning)
        self.file = file
        self.database = database
        self.layout = layout
        self.modelVersion = versionName
        self.storeUUID = uuid
        self.frameworkVersion = frameworkVersion
        self.modelChoice = ModelChoice(fit, given: model)
        self.inferredRelations = fit.inferredRelations
        self.queries = CoreDataQueries(
            layout: layout, database: database,
            decoder: ValueDecoder(
                onWarning: onWarning,
                transformables: options.rawValues ? nil : TransformableValues(onWarning: onWarning)),
            externalData: ExternalDataFolder(storePath: path))
        self.idPrefixes = layout.model.entities.map { "x-coredata://\(uuid)/\($0.name)/p" }
        let history = try HistoryPosition.read(database)
        self.historyPosition = history
        self.document = DocumentInfo(
            sourceKind: "Core Data store", source: path,
            sourceFields: [DocumentField(key: "storeUUID", value: uuid)]
                + (frameworkVersion.map { [DocumentField(key: "frameworkVersion", value: $0)] } ?? [])
                + (history.map {
                    [
                        DocumentField(
                            key: "historyToken",
                            value: HistoryToken(storeUUID: uuid, transaction: $0.lastTransaction).description)
                    ]
                } ?? []),
            model: fit.modelPath, modelVersion: fit.headerVersion)
    }

    /// Whether the file at `path` is a Core Data store (it has `Z_PRIMARYKEY` and `Z_METADATA`).
    public static func isCoreDataStore(path: String) throws -> Bool {
        let database = try StoreFile(storePath: path).open()
        return try database.tableExists("Z_PRIMARYKEY") && database.tableExists("Z_METADATA")
    }

    /// Exactly the objects an export writes: the rows of the entity tables whose `Z_ENT` is a
    /// concrete entity stored there, counted when the store was opened.
    package func estimatedObjectCount() -> ObjectCountEstimate? {
        .exact(objectCount)
    }

    /// `x-coredata://<store UUID>/<Entity>/p<Z_PK>`.
    public func id(of key: ObjectKey) -> ObjectID {
        ObjectID(prefix: idPrefixes[key.entity], number: key.row)
    }

    /// `x-coredata://<store UUID>/<Entity>/p`: every identifier is it and the `Z_PK`'s digits.
    public func numberedIDPrefix(of entity: Int) -> String? {
        idPrefixes[entity]
    }

    /// A handler that passes each distinct warning on once: a record read twice (scanned, then
    /// looked up to be nested) must not warn twice.
    private static func once(_ handler: @escaping WarningHandler) -> WarningHandler {
        var seen: Set<String> = []
        return { warning in
            if seen.insert(warning.message).inserted { handler(warning) }
        }
    }

    /// The store UUID and, when the metadata plist says it, the framework version. A plist that
    /// cannot be read (damaged, cut short, cyclic) is a warning: the objects do not depend on it.
    private static func metadata(
        _ database: SQLiteDatabase, onWarning: WarningHandler
    ) throws -> (uuid: String, frameworkVersion: String?) {
        let statement = try database.prepare("SELECT Z_UUID, Z_PLIST FROM Z_METADATA ORDER BY Z_VERSION LIMIT 1")
        guard try statement.step(), statement.storage(at: 0) == .text, let uuid = statement.text(at: 0), !uuid.isEmpty
        else {
            throw CoreDataError.malformedStore(path: database.path, reason: "Z_METADATA has no store UUID")
        }
        var plist: PropertyListValue?
        do {
            plist = try BinaryPropertyList.parse(statement.bytes(at: 1), source: database.path + " (Z_METADATA)")
        } catch {
            onWarning(Warning("\(error); the export's header names no framework version"))
        }
        let version: String? =
            switch plist?.dictionary?["NSPersistenceFrameworkVersion"] {
            case .integer(let number): String(number)
            case .real(let number): String(number)
            case .string(let text): text
            default: nil
            }
        return (uuid, version)
    }

    /// The model in `Z_MODELCACHE`, or `nil` for a store without one.
    private static func cachedModel(_ database: SQLiteDatabase) throws -> ModelBundle? {
        guard try database.tableExists("Z_MODELCACHE") else { return nil }
        let statement = try database.prepare("SELECT Z_CONTENT FROM Z_MODELCACHE LIMIT 1")
        guard try statement.step(), statement.storage(at: 0) == .blob else { return nil }
        return try ModelCacheReader.bundle(fromModelCache: statement.bytes(at: 0), storePath: database.path)
    }
}
