package import GraphExport

/// What a relational writer does with an export's rows, as ``RelationalStream`` hands them on.
package protocol RelationalTarget {
    /// An object's row starts, at nesting `level` (0 at the top): its attribute values, borrowed
    /// for the call, go to the columns ``RelationalSchema/EntityMapping/attributeColumns`` names.
    mutating func beginRow(_ row: ObjectRow, key: Int64, level: Int) throws
    /// The row started at `level` is complete: `foreignKeys` holds the key of each to-one's
    /// destination, in the order of ``RelationalSchema/EntityMapping/foreignKeyColumns``, `nil` for
    /// none.
    mutating func endRow(entity: Int, key: Int64, id: ObjectID, level: Int, foreignKeys: [Int64?]) throws
    /// One pair of a join table (by table index); `position` is the destination's place in an
    /// ordered relationship.
    mutating func writeJoinRow(table: Int, source: Int64, destination: Int64, position: Int64?) throws
    /// A tombstone of a delta: the object `id` of `entity`, deleted since the token.
    mutating func writeTombstone(entity: Int, key: Int64, id: ObjectID) throws
}

/// Turns an export's checked calls into rows of the relational mapping: the part the SQLite and
/// SQL writers share. An object's attributes start its row, its to-ones fill the row's foreign
/// keys, its kept to-manys are join rows, and its end completes the row; an object nested in a
/// relationship is also a destination of it. Holds one frame per open object, nothing per object
/// written.
package struct RelationalStream {
    /// The mapping.
    package let schema: RelationalSchema
    /// Per entity, how many to-one foreign keys it has.
    private let foreignKeyCounts: [Int]
    /// Per entity, per relationship (model order), where a destination goes.
    private let places: [[Place]]
    /// Per entity, its relationships' names, in model order.
    private let relationshipNames: [[String]]
    /// Per entity, its relationships' indexes by name.
    private let relationshipIndex: [[String: Int]]
    /// Per entity, its attributes' indexes by name, for objects written as events.
    private let attributeIndex: [[String: Int]]
    /// The open objects, innermost last: the first ``depth`` of these. The frames past them are
    /// kept, so that the next object at their level reuses their storage.
    private var frames: [Frame] = []
    /// How many objects are open.
    private var depth = 0

    /// Where a relationship's destination goes.
    private enum Place {
        /// Slot `slot` of the object's foreign keys.
        case foreignKey(slot: Int)
        /// A row of join table `table`.
        case join(table: Int, isOrdered: Bool)
        /// Nowhere: the inverse holds it.
        case none
    }

    /// One open object.
    private struct Frame {
        var entity: Int
        var key: Int64
        var id: ObjectID
        var foreignKeys: [Int64?]
        /// The place of the open relationship, and how many destinations it has had.
        var relationship: Place = .none
        var position: Int64 = 0
        /// The index of the relationship expected next.
        var nextRelationship = 0
        /// For an object written as events, its values until its row starts; `nil` once started.
        var pendingValues: [Value]?
        var isTombstone = false
    }

    /// A stream for `schema`.
    package init(schema: RelationalSchema) {
        self.schema = schema
        let model = schema.model
        var places: [[Place]] = []
        for entity in model.entities.indices {
            var slots = 0
            places.append(
                schema.mapping(of: entity).relationships.map { place in
                    switch place {
                    case .column:
                        slots += 1
                        return .foreignKey(slot: slots - 1)
                    case .joinTable(let table):
                        guard case .join(_, _, let isOrdered) = schema.tables[table].kind else { return .none }
                        return .join(table: table, isOrdered: isOrdered)
                    case .inverse:
                        return .none
                    }
                })
        }
        foreignKeyCounts = model.entities.indices.map { schema.mapping(of: $0).foreignKeyColumns.count }
        self.places = places
        relationshipNames = model.entities.indices.map { entity in model.relationships(of: entity).map(\.info.name) }
        relationshipIndex = model.entities.indices.map { entity in
            Dictionary(
                model.relationships(of: entity).enumerated().map { ($1.info.name, $0) },
                uniquingKeysWith: { first, _ in first }
            )
        }
        attributeIndex = model.entities.indices.map { entity in
            Dictionary(
                model.attributes(of: entity).enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first }
            )
        }
    }

    /// Whether relationship `relationship` of `entity` has rows of its own (a foreign key or a join
    /// table); `false` for a to-many its inverse's foreign key or join table holds, whose
    /// destinations the stream passes over (``GraphWriter/writesDestinations(ofEntity:through:)``).
    package func writesDestinations(ofEntity entity: Int, through relationship: Int) -> Bool {
        guard entity < places.count, relationship < places[entity].count else { return true }
        if case .none = places[entity][relationship] { return false }
        return true
    }

    /// Starts the row of an object given as a row.
    package mutating func beginObject(_ row: ObjectRow, into target: inout some RelationalTarget) throws {
        let key = RelationalKey.key(of: row.id)
        try addDestination(key, into: &target)
        push(entity: row.entity, key: key, id: row.id, pendingValues: nil)
        try target.beginRow(row, key: key, level: depth - 1)
    }

    /// Handles one event.
    package mutating func write(_ event: GraphEvent, into target: inout some RelationalTarget) throws {
        switch event {
        case .beginObject(let entityName, let id):
            guard let entity = schema.model.index(of: entityName) else {
                throw GraphWriterRejection(RelationalMappingError.unknownEntity(entityName))
            }
            let key = RelationalKey.key(of: id)
            try addDestination(key, into: &target)
            push(
                entity: entity, key: key, id: id,
                pendingValues: Array(repeating: .null, count: schema.model.attributes(of: entity).count))
        case .changedProperties:
            break
        case .deleted:
            frames[depth - 1].isTombstone = true
        case .attribute(let name, let value):
            let top = depth - 1
            guard frames[top].pendingValues != nil, let index = attributeIndex[frames[top].entity][name] else { break }
            frames[top].pendingValues![index] = value
        case .beginRelationship(let name, _):
            try startPendingRow(into: &target)
            let top = depth - 1
            let entity = frames[top].entity
            // The traversal writes an object's relationships in model order: the name is checked
            // against the one expected next before it is looked up.
            let expected = frames[top].nextRelationship
            let names = relationshipNames[entity]
            let index = expected < names.count && names[expected] == name ? expected : relationshipIndex[entity][name]
            frames[top].relationship = index.map { places[entity][$0] } ?? .none
            frames[top].nextRelationship = (index ?? expected) + 1
            frames[top].position = 0
        case .reference(let id):
            try addDestination(RelationalKey.key(of: id), into: &target)
        case .endRelationship:
            frames[depth - 1].relationship = .none
        case .endObject:
            try startPendingRow(into: &target)
            depth -= 1
            if frames[depth].isTombstone {
                try target.writeTombstone(entity: frames[depth].entity, key: frames[depth].key, id: frames[depth].id)
            } else {
                try target.endRow(
                    entity: frames[depth].entity, key: frames[depth].key, id: frames[depth].id, level: depth,
                    foreignKeys: frames[depth].foreignKeys)
            }
        }
    }

    /// Opens a frame for an object, reusing the storage of the last one at its level.
    private mutating func push(entity: Int, key: Int64, id: ObjectID, pendingValues: [Value]?) {
        let count = foreignKeyCounts[entity]
        if depth == frames.count {
            frames.append(Frame(entity: entity, key: key, id: id, foreignKeys: Array(repeating: nil, count: count)))
        } else {
            frames[depth].entity = entity
            frames[depth].key = key
            frames[depth].id = id
            frames[depth].foreignKeys.removeAll(keepingCapacity: true)
            frames[depth].foreignKeys.append(contentsOf: repeatElement(nil, count: count))
            frames[depth].relationship = .none
            frames[depth].position = 0
            frames[depth].nextRelationship = 0
            frames[depth].isTombstone = false
        }
        frames[depth].pendingValues = pendingValues
        depth += 1
    }

    /// Starts the row of the innermost object when it was given as events and has not started.
    private mutating func startPendingRow(into target: inout some RelationalTarget) throws {
        let top = depth - 1
        guard let values = frames[top].pendingValues else { return }
        frames[top].pendingValues = nil
        guard !frames[top].isTombstone else { return }
        let entity = frames[top].entity
        let row = ObjectRow(
            entity: entity, entityName: schema.model.entities[entity].name,
            attributeNames: schema.model.attributes(of: entity).map(\.name), id: frames[top].id,
            values: values.map(RowValue.init))
        try target.beginRow(row, key: frames[top].key, level: top)
    }

    /// Records `key` as a destination of the innermost open relationship, if any.
    private mutating func addDestination(_ key: Int64, into target: inout some RelationalTarget) throws {
        let top = depth - 1
        guard top >= 0 else { return }
        switch frames[top].relationship {
        case .foreignKey(let slot):
            frames[top].foreignKeys[slot] = key
        case .join(let table, let isOrdered):
            try target.writeJoinRow(
                table: table, source: frames[top].key, destination: key,
                position: isOrdered ? frames[top].position : nil)
            frames[top].position += 1
        case .none:
            break
        }
    }
}
