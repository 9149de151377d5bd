import GraphExport
import GraphExportStore

extension ExportRequest {
    /// What of the store the export reads: the properties `--exclude-attribute` and `--attributes`
    /// leave, of the entities `--entity`, `--exclude-entity` and `--exact` choose. A Core Data
    /// store looks for the storage of those alone (``CoreDataStoreOptions/scope``).
    var readScope: ReadScope {
        ReadScope(
            adjustment: ModelAdjustment(excludedProperties: excludedAttributes, keptProperties: keptAttributes),
            included: entities, excluded: excludedEntities, exact: exact)
    }

    /// `source` with the properties `--exclude-attribute` and `--attributes` leave out left out,
    /// for `inspect` and `schema`; a name its model does not have is a usage error.
    func keepingProperties(of source: any GraphSource) throws -> any GraphSource {
        let adjustment = readScope.adjustment
        guard !adjustment.isEmpty else { return source }
        do {
            return try AdjustedSource(source, adjustment: adjustment)
        } catch let error as SelectionError {
            throw UsageError(message: error.description)
        }
    }
}

/// What an export reads and writes of the store it opened: the source with the model as the
/// options adjust it, and the selection the traversal honours.
struct ExportSelection {
    /// The source to traverse.
    let source: any GraphSource
    /// The objects to write and the depth to nest them to.
    let selection: Selection

    /// The selection `request` asks for in `store`; a name the store does not have, a `--where`
    /// it refuses and `--include-history` for a plain SQLite database are usage errors.
    init(_ request: ExportRequest, store: any GraphSource, onWarning: WarningHandler) throws {
        var store = store
        if request.includeHistory {
            guard let coreData = store as? CoreDataStore else {
                throw UsageError(
                    message: "'--include-history' applies to Core Data stores, and \(request.store) is a plain "
                        + "SQLite database")
            }
            store = try HistorySource(coreData, onWarning: onWarning)
        }
        do {
            try self.init(checked: request, store: store, onWarning: onWarning)
        } catch let error as SelectionError {
            throw UsageError(message: error.description)
        } catch let error as RowFilterError {
            throw UsageError(message: "--where: " + error.description)
        }
    }

    private init(checked request: ExportRequest, store: any GraphSource, onWarning: WarningHandler) throws {
        // A plain SQLite database applies --nest itself, by its ownership rule; Core Data here.
        let isCoreData = !(store is SQLiteDatabaseSource)
        let adjustment = ModelAdjustment(
            excludedProperties: request.excludedAttributes, keptProperties: request.keptAttributes,
            nest: isCoreData ? request.nest : [], noNest: isCoreData ? request.noNest : [])
        let source = adjustment.isEmpty ? store : try AdjustedSource(store, adjustment: adjustment)
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
        switch request.depth {
        case nil:
            selection.depthLimit = Selection.defaultDepthLimit
            selection.warnsAtDepthLimit = true
        case 0?: selection.depthLimit = nil
        case let levels?: selection.depthLimit = levels
        }
        self.source = source
        self.selection = selection
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
