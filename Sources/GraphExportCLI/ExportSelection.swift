import GraphExport
import GraphExportCoreData
import GraphExportPlainSQLite
import GraphExportSQLite

extension ExportRequest {
    /// What of the store the export reads: the properties `--exclude-attribute` and `--attributes`
    /// leave, of the entities `--entity`, `--exclude-entity` and `--exact` choose, and the
    /// `wholeEntities` value decoders read (``DecoderChoice/wholeEntities``). A Core Data store
    /// looks for the storage of those alone (``CoreDataStoreOptions/scope``).
    func readScope(wholeEntities: [String]) -> ReadScope {
        ReadScope(
            adjustment: ModelAdjustment(excludedProperties: excludedAttributes, keptProperties: keptAttributes),
            included: entities, excluded: excludedEntities, exact: exact, wholeEntities: wholeEntities)
    }

    /// The model of `source` as the export reads it, for `inspect` and `schema`: the options'
    /// ``modelAdjustment(for:)`` applied; a name its model does not have is a ``SelectionError``.
    func adjustedModel(of source: any GraphSource) throws -> GraphModel {
        let adjustment = modelAdjustment(for: source)
        guard !adjustment.isEmpty else { return source.model }
        return try AdjustedSource(source, adjustment: adjustment).model
    }

    /// The changes to the model of `store` the options ask for: `--exclude-attribute`,
    /// `--attributes`, and for a Core Data store `--nest` and `--no-nest` (a plain SQLite database
    /// applies those when it is opened, by its ownership rule). The export, `inspect` and `schema`
    /// resolve the names alike.
    func modelAdjustment(for store: any GraphSource) -> ModelAdjustment {
        let isCoreData = !(store is SQLiteDatabaseSource)
        return ModelAdjustment(
            excludedProperties: excludedAttributes, keptProperties: keptAttributes, nest: isCoreData ? nest : [],
            noNest: isCoreData ? noNest : [])
    }
}

/// What an export reads and writes of the store it opened: the source with the model as the
/// options adjust it, and the selection the traversal honours.
struct ExportSelection {
    /// The source to traverse.
    let source: any GraphSource
    /// The objects to write and the depth to nest them to.
    let selection: Selection
    /// With `--since`, what changed since the point it names (``selection`` holds its objects).
    let changes: ChangeSet?

    /// The selection `request` asks for in `store`, read through `decoding` (the value decoders'
    /// source, below the properties left out); a name the store does not have is a
    /// ``SelectionError``, a `--where` it refuses a ``RowFilterError``.
    init(
        _ request: ExportRequest, store: any GraphSource,
        decoding: (any GraphSource) throws -> any GraphSource = { $0 },
        onWarning: @escaping WarningHandler
    ) throws {
        var store = store
        let changes = try Self.changes(request, store: store, onWarning: onWarning)
        // --include-history was refused for a plain SQLite database (``Applicability``).
        if request.includeHistory, let coreData = store as? CoreDataStore {
            store = try HistorySource(coreData, onWarning: onWarning)
        }
        try self.init(checked: request, store: store, changes: changes, decoding: decoding, onWarning: onWarning)
    }

    private init(
        checked request: ExportRequest, store: any GraphSource, changes: ChangeSet?,
        decoding: (any GraphSource) throws -> any GraphSource, onWarning: WarningHandler
    ) throws {
        let adjustment = request.modelAdjustment(for: store)
        let decoded = try decoding(store)
        let source = adjustment.isEmpty ? decoded : try AdjustedSource(decoded, adjustment: adjustment)
        let model = source.model
        var selection = Selection()
        if !request.entities.isEmpty || !request.excludedEntities.isEmpty {
            selection.entities = try Selection.entities(
                including: request.entities, excluding: request.excludedEntities, exact: request.exact, in: model)
        }
        let builder = SelectionBuilder(source: source)
        if let rootName = request.root {
            guard let root = model.index(of: rootName) else {
                throw SelectionError.unknownEntity(rootName, known: model.entities.map(\.name))
            }
            var roots: [ObjectKey] = []
            for entity in model.concreteEntities where model.entity(entity, isKindOf: root) {
                roots += try Self.keys(
                    of: entity, where: request.whereExpression, namesOf: root, limit: request.limit, in: store,
                    source: source)
            }
            if let expression = request.whereExpression, roots.isEmpty {
                onWarning(Warning("--where \"\(expression)\" selects no \(rootName)"))
            }
            let reach = request.closure ? SelectionReach.reachable : .owned
            selection.objects =
                try request.limit.map {
                    try builder.sample(limit: $0, from: roots, reach: reach, within: selection.entities)
                }
                ?? builder.objects(from: roots, reach: reach, within: selection.entities)
        } else if let limit = request.limit {
            selection.objects = try builder.sample(limit: limit, entities: selection.entities, shape: request.shape)
        }
        if let changes { selection.objects = changes.objects }
        switch request.depth {
        case nil:
            selection.depthLimit = Selection.defaultDepthLimit
            selection.warnsAtDepthLimit = true
        case 0?: selection.depthLimit = nil
        case let levels?: selection.depthLimit = levels
        }
        self.source = source
        self.selection = selection
        self.changes = changes
    }

    /// The objects of `entity` whose rows satisfy `expression`, in which names are those of
    /// `root` (``RowFilteringSource/keys(of:where:namesOf:)``), or all of them without one, in key
    /// order; the first `limit` of them when there is one.
    private static func keys(
        of entity: Int, where expression: String?, namesOf root: Int, limit: Int?, in store: any GraphSource,
        source: any GraphSource
    ) throws -> [ObjectKey] {
        if let expression {
            guard let filtering = store as? any RowFilteringSource else {
                throw UsageError(message: "'--where' does not apply to this store, which is not read through SQLite")
            }
            let keys = try filtering.keys(of: entity, where: expression, namesOf: root)
            return limit.map { Array(keys.prefix($0)) } ?? keys
        }
        var keys: [ObjectKey] = []
        let cursor = try source.scan(entity)
        while keys.count < limit ?? .max, let record = try cursor.nextBorrowed() { keys.append(record.key) }
        return keys
    }
}
