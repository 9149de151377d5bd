import GraphExport
import GraphExportStore

/// What an export reads and writes of the store it opened: the source with the model as the
/// options adjust it, and the selection the traversal honours.
struct ExportSelection {
    /// The source to traverse.
    let source: any GraphSource
    /// The objects to write and the depth to nest them to.
    let selection: Selection

    /// The selection `request` asks for in `store`, read through `decoding` (the value decoders'
    /// source, below the attributes left out); a name the store does not have, a `--where` it
    /// refuses and `--include-history` for a plain SQLite database are usage errors.
    init(
        _ request: ExportRequest, store: any GraphSource,
        decoding: (any GraphSource) throws -> any GraphSource = { $0 },
        onWarning: WarningHandler
    ) throws {
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
            try self.init(checked: request, store: store, decoding: decoding)
        } catch let error as SelectionError {
            throw UsageError(message: error.description)
        } catch let error as RowFilterError {
            throw UsageError(message: "--where: " + error.description)
        }
    }

    private init(
        checked request: ExportRequest, store: any GraphSource, decoding: (any GraphSource) throws -> any GraphSource
    ) throws {
        // A plain SQLite database applies --nest itself, by its ownership rule; Core Data here.
        let isCoreData = !(store is SQLiteDatabaseSource)
        let adjustment = ModelAdjustment(
            excludedAttributes: request.excludedAttributes, nest: isCoreData ? request.nest : [],
            noNest: isCoreData ? request.noNest : [])
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
