import GraphExport
import GraphExportStore

/// What an export reads and writes of the store it opened: the source with the model as the
/// options adjust it, and the selection the traversal honours.
struct ExportSelection {
    /// The source to traverse.
    let source: any GraphSource
    /// The objects to write and the depth to nest them to.
    let selection: Selection

    /// The selection `request` asks for in `store`; a name the store does not have and a `--where`
    /// it refuses are usage errors.
    init(_ request: ExportRequest, store: any GraphSource, onWarning: WarningHandler) throws {
        var store = store
        // --include-history was refused for a plain SQLite database (``Applicability``).
        if request.includeHistory, let coreData = store as? CoreDataStore {
            store = try HistorySource(coreData, onWarning: onWarning)
        }
        do {
            try self.init(checked: request, store: store)
        } catch let error as SelectionError {
            throw UsageError(message: error.description)
        } catch let error as RowFilterError {
            throw UsageError(message: "--where: " + error.description)
        }
    }

    private init(checked request: ExportRequest, store: any GraphSource) throws {
        let adjustment = request.modelAdjustment(for: store)
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
                var keys = try Self.keys(of: entity, where: request.whereExpression, in: store, source: source)
                if let limit = request.limit { keys = Array(keys.prefix(limit)) }
                roots += keys
            }
            selection.objects = try builder.objects(from: roots, reach: request.closure ? .reachable : .owned)
        } else if let limit = request.limit {
            let roots = try builder.firstObjects(limit: limit, entities: selection.entities, shape: request.shape)
            selection.objects = request.shape == .tree ? try builder.objects(from: roots, reach: .owned) : Set(roots)
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

    /// The objects of `entity` whose rows satisfy `expression`, or all of them without one, in
    /// key order.
    private static func keys(
        of entity: Int, where expression: String?, in store: any GraphSource, source: any GraphSource
    ) throws -> [ObjectKey] {
        if let expression {
            guard let filtering = store as? any RowFilteringSource else {
                throw UsageError(message: "'--where' does not apply to this store, which is not read through SQLite")
            }
            return try filtering.keys(of: entity, where: expression)
        }
        var keys: [ObjectKey] = []
        let cursor = try source.scan(entity)
        while let record = try cursor.next() { keys.append(record.key) }
        return keys
    }
}

extension ExportRequest {
    /// The changes to the model of `store` the options ask for: `--exclude-attribute`, and for a
    /// Core Data store `--nest` and `--no-nest` (a plain SQLite database applies those when it is
    /// opened, by its ownership rule). The export and `inspect` resolve the names alike.
    func modelAdjustment(for store: any GraphSource) -> ModelAdjustment {
        let isCoreData = !(store is SQLiteDatabaseSource)
        return ModelAdjustment(
            excludedAttributes: excludedAttributes, nest: isCoreData ? nest : [], noNest: isCoreData ? noNest : [])
    }
}
