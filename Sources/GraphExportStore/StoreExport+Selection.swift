public import GraphExport

extension StoreExport {
    /// The objects the options choose and the depth to nest them to, read from the store: the
    /// entities ``SelectionOptions/entities`` and ``SelectionOptions/excludedEntities`` leave, the
    /// objects of ``SelectionOptions/root`` that ``SelectionOptions/whereExpression`` chooses (and
    /// what they own or reach), a sample of ``SelectionOptions/limit`` objects, or what changed.
    /// Throws a ``GraphExport/SelectionError`` for a name the model does not have, a
    /// ``GraphExportSQLite/RowFilterError`` for a condition the store refuses; `onWarning` hears
    /// of a condition that chooses nothing.
    public func selection(onWarning: WarningHandler = { _ in }) throws -> Selection {
        var selection = Selection()
        if !options.entities.isEmpty || !options.excludedEntities.isEmpty {
            selection.entities = try Selection.entities(
                including: options.entities, excluding: options.excludedEntities, exact: options.exact,
                in: source.model)
        }
        let builder = SelectionBuilder(source: source)
        if let rootName = options.root {
            let roots = try rootObjects(of: rootName, onWarning: onWarning)
            let reach = options.closure ? SelectionReach.reachable : .owned
            selection.objects =
                try options.limit.map {
                    try builder.sample(limit: $0, from: roots, reach: reach, within: selection.entities)
                }
                ?? builder.objects(from: roots, reach: reach, within: selection.entities)
        } else if let limit = options.limit {
            selection.objects = try builder.sample(limit: limit, entities: selection.entities, shape: options.shape)
        }
        if let changes { selection.objects = changes.objects }
        switch options.depth {
        case nil:
            selection.depthLimit = Selection.defaultDepthLimit
            selection.warnsAtDepthLimit = true
        case 0?: selection.depthLimit = nil
        case let levels?: selection.depthLimit = levels
        }
        return selection
    }

    /// The objects of `rootName` and its sub-entities that the condition chooses, or all of them
    /// without one; the first ``SelectionOptions/limit`` of each entity when there is one.
    private func rootObjects(of rootName: String, onWarning: WarningHandler) throws -> [ObjectKey] {
        let model = source.model
        guard let root = model.index(of: rootName) else {
            throw SelectionError.unknownEntity(rootName, known: model.entities.map(\.name))
        }
        var roots: [ObjectKey] = []
        for entity in model.concreteEntities where model.entity(entity, isKindOf: root) {
            roots += try keys(of: entity, namesOf: root)
        }
        if let expression = options.whereExpression, roots.isEmpty {
            onWarning(Warning("--where \"\(expression)\" selects no \(rootName)"))
        }
        return roots
    }

    /// The objects of `entity` whose rows satisfy the condition, in which names are those of
    /// `root`, or all of them without one, in key order; the first ``SelectionOptions/limit`` of
    /// them when there is one.
    private func keys(of entity: Int, namesOf root: Int) throws -> [ObjectKey] {
        let limit = options.limit
        if let expression = options.whereExpression {
            let keys = try store.keys(of: entity, where: expression, namesOf: root, in: filtering)
            return limit.map { Array(keys.prefix($0)) } ?? keys
        }
        var keys: [ObjectKey] = []
        let cursor = try source.scan(entity)
        while keys.count < limit ?? .max, let record = try cursor.nextBorrowed() { keys.append(record.key) }
        return keys
    }
}
