/// Turns a ``GraphSource`` into the event stream a ``GraphWriter`` writes, in either shape.
///
/// Every object of the source is written in full exactly once; every other mention of it is a
/// reference. The tree shape walks the graph with an explicit stack, so nesting depth is bounded by
/// memory, not by the call stack. Objects whose owners form a cycle (or whose owner is missing) are
/// found by a second pass: for each such cycle one object of it is written at the top
/// level, with everything it owns nested below it.
public final class GraphTraversal {
    private let source: any GraphSource
    private let model: GraphModel
    private let shape: ExportShape
    private let onWarning: WarningHandler
    /// Whether the writer of the current run is given ``Value/binary(_:)`` in place of
    /// ``Value/binaryFile(_:)`` (``GraphWriter/streamsFileBytes``).
    private var readsFilesWhole = false

    /// Prepares a traversal of `source` in `shape`, reporting warnings to `onWarning`.
    public init(source: any GraphSource, shape: ExportShape = .tree, onWarning: @escaping WarningHandler = { _ in }) {
        self.source = source
        self.model = source.model
        self.shape = shape
        self.onWarning = onWarning
    }

    /// Writes the whole graph to `writer`: header, objects, end of document.
    ///
    /// A ``Value/binaryFile(_:)`` value goes to a writer that streams such values as it is, and to
    /// any other as ``Value/binary(_:)`` of its bytes, read whole; a file that cannot be read
    /// throws ``FileBytesError``.
    public func run(into writer: any GraphWriter) throws {
        readsFilesWhole = !writer.streamsFileBytes
        var document = source.document
        document.shape = shape
        document.entities = model.entities
        try writer.begin(document)
        switch shape {
        case .flat: try writeFlat(to: writer)
        case .tree: try writeTree(to: writer)
        }
        try writer.finish()
    }

    private func writeFlat(to writer: any GraphWriter) throws {
        for entity in model.concreteEntities {
            let relationships = model.relationships(of: entity)
            let streams = try relationships.indices.map { index in
                relationships[index].isToMany ? try source.destinationsInScanOrder(of: entity, through: index) : nil
            }
            let cursor = try source.scan(entity)
            while let record = try cursor.next() {
                try open(record, in: writer)
                for (index, relationship) in relationships.enumerated() {
                    try writer.write(.beginRelationship(name: relationship.name, isToMany: relationship.isToMany))
                    let destinations =
                        try streams[index]?.destinations(of: record.key)
                        ?? destinations(of: record, through: index)
                    for destination in destinations {
                        try writer.write(.reference(source.id(of: destination)))
                    }
                    try writer.write(.endRelationship)
                }
                try writer.write(.endObject)
            }
        }
    }

    private func writeTree(to writer: any GraphWriter) throws {
        var visited = VisitedSet(entityCount: model.entities.count)
        for entity in model.concreteEntities {
            let cursor = try source.scan(entity, withoutDestinationsIn: model.ownerRelationships(of: entity))
            while let record = try cursor.next() {
                try writeSubtree(record, to: writer, visited: &visited)
            }
        }
        for entity in model.concreteEntities where try visited.counts[entity] < source.count(entity) {
            let cursor = try source.scan(entity)
            while let record = try cursor.next() {
                if !visited.contains(record.key) {
                    try writeSubtree(try topOfOwnerChain(record, visited: visited), to: writer, visited: &visited)
                }
            }
        }
    }

    /// The object to write at the top level so that `record` nests where it belongs: follows
    /// owners upwards until one repeats (a cycle of owners) or is missing.
    private func topOfOwnerChain(_ record: ObjectRecord, visited: VisitedSet) throws -> ObjectRecord {
        var current = record
        var chain: Set<ObjectKey> = [record.key]
        while let index = owner(of: current), let key = current.toOne[index], !visited.contains(key),
            chain.insert(key).inserted, let next = try source.record(key)
        {
            current = next
        }
        return current
    }

    /// One object being written: which relationship it is in and what that relationship holds,
    /// as keys (to-one and non-nesting relationships) or as a cursor of records (nesting ones).
    ///
    /// A frame is a level of nesting, so it holds no array of its own: the object's to-one
    /// destinations and the keys its current relationship holds are ranges of two arrays the whole
    /// stack shares (``Pools``), which grow and shrink with it. Its attribute values are written
    /// when it opens and not kept.
    private struct Frame {
        let key: ObjectKey
        /// Where the object's to-one destinations (one per relationship) start in the pool.
        let toOne: Int
        /// Where the keys of the object's relationships start in the pool; the keys of the
        /// current relationship run from there to the end of the pool while the frame is on top.
        let pendingStart: Int
        var relationship = -1
        /// The next key of the current relationship to write, in the pool.
        var next = 0
        var records: (any ObjectCursor)?
        var isOpen = false
    }

    /// The arrays the frames of one walk share, each frame's part after its parent's.
    private struct Pools {
        var toOne: [ObjectKey?] = []
        var pending: [ObjectKey] = []

        /// A frame for `record` on top of the others, its to-one destinations added.
        mutating func push(_ record: ObjectRecord) -> Frame {
            let frame = Frame(key: record.key, toOne: toOne.count, pendingStart: pending.count)
            toOne += record.toOne
            return frame
        }

        /// Drops what `frame`, the top one, added.
        mutating func pop(_ frame: Frame) {
            toOne.removeSubrange(frame.toOne...)
            pending.removeSubrange(frame.pendingStart...)
        }
    }

    private func writeSubtree(
        _ root: ObjectRecord, to writer: any GraphWriter, visited: inout VisitedSet
    ) throws {
        visited.insert(root.key)
        try open(root, in: writer)
        var pools = Pools()
        var stack = [pools.push(root)]
        while let top = stack.indices.last {
            let relationships = model.relationships(of: stack[top].key.entity)
            if stack[top].isOpen {
                let relationship = relationships[stack[top].relationship]
                if let cursor = stack[top].records {
                    if let child = try cursor.next() {
                        if !visited.contains(child.key) && owner(of: child) == relationship.inverse {
                            visited.insert(child.key)
                            try open(child, in: writer)
                            stack.append(pools.push(child))
                        } else {
                            try writer.write(.reference(source.id(of: child.key)))
                        }
                        continue
                    }
                    stack[top].records = nil
                } else if stack[top].next < pools.pending.count {
                    let destination = pools.pending[stack[top].next]
                    stack[top].next += 1
                    if let child = try nestedChild(destination, through: relationship, visited: visited) {
                        visited.insert(child.key)
                        try open(child, in: writer)
                        stack.append(pools.push(child))
                    } else {
                        try writer.write(.reference(source.id(of: destination)))
                    }
                    continue
                }
                try writer.write(.endRelationship)
                stack[top].isOpen = false
            }
            stack[top].relationship += 1
            let index = stack[top].relationship
            guard index < relationships.count else {
                try writer.write(.endObject)
                pools.pop(stack.removeLast())
                continue
            }
            let relationship = relationships[index]
            try writer.write(.beginRelationship(name: relationship.name, isToMany: relationship.isToMany))
            pools.pending.removeSubrange(stack[top].pendingStart...)
            if relationship.isToMany && relationship.nestsDestination,
                let records = try source.destinationRecords(of: stack[top].key, through: index)
            {
                stack[top].records = records
            } else if relationship.isToMany {
                pools.pending += try source.destinations(of: stack[top].key, through: index)
            } else if let destination = pools.toOne[stack[top].toOne + index] {
                pools.pending.append(destination)
            }
            stack[top].next = stack[top].pendingStart
            stack[top].isOpen = true
        }
    }

    /// The destination's record when it nests here: the relationship nests, the destination is
    /// not written yet, and this relationship's inverse is the destination's first owner.
    private func nestedChild(
        _ key: ObjectKey, through relationship: ResolvedRelationship, visited: VisitedSet
    ) throws -> ObjectRecord? {
        guard relationship.nestsDestination, !visited.contains(key) else { return nil }
        guard let child = try source.record(key) else {
            onWarning(Warning("\(source.id(of: key)) is referenced through '\(relationship.name)' but does not exist"))
            return nil
        }
        return owner(of: child) == relationship.inverse ? child : nil
    }

    /// The index of the relationship through which the object is owned, if it has an owner.
    private func owner(of record: ObjectRecord) -> Int? {
        model.ownerRelationships(of: record.key.entity).first { record.toOne[$0] != nil }
    }

    private func destinations(of record: ObjectRecord, through index: Int) throws -> [ObjectKey] {
        if model.relationships(of: record.key.entity)[index].isToMany {
            return try source.destinations(of: record.key, through: index)
        }
        return record.toOne[index].map { [$0] } ?? []
    }

    private func open(_ record: ObjectRecord, in writer: any GraphWriter) throws {
        let entity = record.key.entity
        try writer.write(.beginObject(entity: model.entities[entity].name, id: source.id(of: record.key)))
        for (attribute, value) in zip(model.attributes(of: entity), record.values) {
            if readsFilesWhole, case .binaryFile(let file) = value {
                try writer.write(.attribute(name: attribute.name, value: .binary(file.readAll())))
            } else {
                try writer.write(.attribute(name: attribute.name, value: value))
            }
        }
    }
}
