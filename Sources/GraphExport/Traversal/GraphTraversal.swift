/// Turns a ``GraphSource`` into the event stream a ``GraphWriter`` writes, in either shape, through
/// the one ``GraphStream`` that checks it.
///
/// Every object of the source is written in full exactly once; every other mention of it is a
/// reference. The tree shape walks the graph with an explicit stack, so nesting depth is bounded by
/// memory, not by the call stack. Objects whose owners form a cycle (or whose owner is missing) are
/// found by a second pass: for each such cycle one object of it is written at the top
/// level, with everything it owns nested below it.
///
/// A ``Selection`` narrows this to the selected objects and bounds the nesting; see there. A
/// ``ChangeSet`` (an export of what changed since a history token) marks each updated object
/// with its changed properties and adds the tombstones of deleted objects after the objects.
///
/// The traversal counts the objects it writes (``objectsWritten``) and, given a progress handler,
/// tells it the count as it goes, so that no writer in between has to count them.
public final class GraphTraversal {
    /// Told how many objects a run has written so far (`finished` false), at its first object and
    /// then every ``objectsPerProgressUpdate`` objects, so that a clock read there is read that
    /// seldom; and once more with the total (`finished` true) after the writer has finished.
    public typealias ProgressHandler = (_ objects: Int, _ finished: Bool) -> Void

    /// How many objects go by between two calls of the progress handler.
    public static let objectsPerProgressUpdate = 64

    private let source: any GraphSource
    private let model: GraphModel
    private let shape: ExportShape
    private let selection: Selection
    /// The selection's explicit objects by entity, in key order; `nil` when it has none.
    private let selectedKeys: [Int: [ObjectKey]]?
    private let onWarning: WarningHandler
    /// What changed, restricted to the model's names; `nil` for an export of everything.
    private let changes: ChangeSet?
    /// The references the last run wrote to objects the selection leaves out.
    public private(set) var referencesOutsideSelection = 0
    /// The objects the last run wrote in full, tombstones included: each object once.
    public var objectsWritten: Int { counted }
    // Unchecked: counting is a few instructions an object, which an exclusivity check would triple;
    // the traversal is not reentrant.
    @exclusivity(unchecked) private var counted = 0
    /// The count at which `onProgress` is called next; `Int.max` without a handler.
    @exclusivity(unchecked) private var nextProgressUpdate = Int.max
    private var onProgress: ProgressHandler?
    /// Objects the depth limit moved to the top level, waiting to be written there.
    private var deferred: [ObjectRecord] = []
    private var hasWarnedAtDepthLimit = false
    /// Whether the writer of the current run is given ``Value/binary(_:)`` in place of
    /// ``Value/binaryFile(_:)`` (``GraphWriter/streamsFileBytes``).
    private var readsFilesWhole = false
    /// Each entity's attribute names, in model order: one array per entity, handed to every
    /// ``ObjectRow`` of it.
    private let attributeNames: [[String]]

    /// Prepares a traversal of the objects of `source` that `selection` selects, in `shape`,
    /// reporting warnings to `onWarning`; with `changes`, the updated objects carry their changed
    /// properties and the tombstones of the selected entities follow the objects.
    public init(
        source: any GraphSource, shape: ExportShape = .tree, selection: Selection = .everything,
        changes: ChangeSet? = nil, onWarning: @escaping WarningHandler = { _ in }
    ) {
        self.source = source
        self.model = source.model
        self.shape = shape
        self.selection = selection
        self.changes = changes?.restricted(to: source.model)
        self.selectedKeys = selection.objectsByEntity()
        self.onWarning = onWarning
        let model = source.model
        self.attributeNames = model.entities.indices.map { entity in model.attributes(of: entity).map(\.name) }
    }

    /// Writes the whole graph to `writer`, through a ``GraphStream`` of its own: header, objects, end
    /// of document.
    ///
    /// A ``Value/binaryFile(_:)`` value goes to a writer that streams such values as it is, and to
    /// any other as ``Value/binary(_:)`` of its bytes, read whole; a file that cannot be read
    /// throws ``FileValueError``. `onProgress` is told the objects written as they go
    /// (``ProgressHandler``).
    public func run(into writer: any GraphWriter, onProgress: ProgressHandler? = nil) throws {
        try run(into: GraphStream(writer), onProgress: onProgress)
    }

    /// Writes the whole graph through `writer`, the checker in front of a writer, as the other
    /// `run(into:onProgress:)` does: for a caller that goes on with the stream after the run.
    public func run(into writer: GraphStream, onProgress: ProgressHandler? = nil) throws {
        readsFilesWhole = !writer.streamsFileBytes
        referencesOutsideSelection = 0
        counted = 0
        self.onProgress = onProgress
        nextProgressUpdate = onProgress == nil ? Int.max : 1
        defer { self.onProgress = nil }
        deferred = []
        hasWarnedAtDepthLimit = false
        var document = source.document
        document.shape = shape
        document.entities = model.entities
        document.isDelta = changes != nil
        try writer.begin(document)
        switch shape {
        case .flat: try writeFlat(to: writer)
        case .tree: try writeTree(to: writer)
        }
        try writeTombstones(to: writer)
        source.didFinishRun()
        try writer.finish()
        onProgress?(counted, true)
    }

    /// Counts an object written, telling the progress handler when its turn comes.
    @inline(__always)
    private func countObject() {
        counted += 1
        if counted == nextProgressUpdate { reportProgress() }
    }

    /// Tells the progress handler the count, and when to tell it next.
    @inline(never)
    private func reportProgress() {
        nextProgressUpdate = counted + Self.objectsPerProgressUpdate
        onProgress?(counted, false)
    }

    /// Writes each tombstone of an entity the selection includes at the top level: the object
    /// marked ``GraphEvent/deleted``, with the values kept of it.
    private func writeTombstones(to writer: GraphStream) throws {
        for tombstone in changes?.tombstones ?? [] where selection.includes(entity: tombstone.key.entity) {
            countObject()
            try writer.write(
                .beginObject(entity: model.entities[tombstone.key.entity].name, id: source.id(of: tombstone.key)))
            try writer.write(.deleted)
            for entry in tombstone.values { try writer.write(.attribute(name: entry.key, value: entry.value)) }
            try writer.endObject()
        }
    }

    /// Writes every selected object at the top level, its relationships with its row
    /// (``ObjectRelationships``): the destinations as keys, counted when outside the selection.
    private func writeFlat(to writer: GraphStream) throws {
        let objectRelationships = ObjectRelationships(source: source)
        let countsOutside = selection.isPartial
        for entity in model.concreteEntities where selection.includes(entity: entity) {
            let relationships = model.relationships(of: entity)
            // Destinations the writer does not write are not read when none can be outside the selection.
            let written = relationships.indices.filter { index in
                !relationships[index].isToMany || selection.isPartial
                    || writer.writesDestinations(ofEntity: entity, through: index)
            }
            // A stream answers for every object in scan order, so not for a few chosen ones; a
            // to-one is read from the record.
            let streams: [(relationship: Int, cursor: any DestinationCursor)] = try written.compactMap { index in
                guard relationships[index].isToMany else { return nil }
                let cursor: any DestinationCursor =
                    selectedKeys == nil
                    ? try source.destinationsInScanOrder(of: entity, through: index)
                    : PerObjectDestinations(of: source, through: index)
                return (index, cursor)
            }
            objectRelationships.start(relationships: relationships, written: written)
            let cursor = try selectedRecords(of: entity)
            while let record = try cursor.nextBorrowed() {
                try open(record, in: writer)
                if !written.isEmpty {
                    objectRelationships.setToOne(record.toOne)
                    for (relationship, stream) in streams {
                        try objectRelationships.fillToMany(relationship, of: record.key, from: stream)
                    }
                    if countsOutside { referencesOutsideSelection += objectRelationships.countOutside(selection) }
                    try writer.writeRelationships(objectRelationships)
                    // Let go of the record's array, which its cursor fills again for the next.
                    objectRelationships.setToOne([])
                }
                try writer.endObject()
            }
        }
    }

    private func writeTree(to writer: GraphStream) throws {
        var visited = VisitedSet(entityCount: model.entities.count)
        for entity in model.concreteEntities where selection.includes(entity: entity) {
            // Everything selected: the top level is what has no owner, which SQL can select.
            let cursor =
                selection.isPartial
                ? try selectedRecords(of: entity)
                : try source.scan(entity, withoutDestinationsIn: model.ownerRelationships(of: entity))
            while let record = try cursor.nextBorrowed() {
                if let owner = model.ownerKey(of: record), selection.contains(owner) { continue }
                if !visited.contains(record.key) { try writeTopLevel(record, to: writer, visited: &visited) }
            }
        }
        for entity in model.concreteEntities
        where try selection.includes(entity: entity) && visited.counts[entity] < selectedCount(of: entity) {
            let cursor = try selectedRecords(of: entity)
            while let record = try cursor.next() {
                if !visited.contains(record.key) {
                    let top = try topOfOwnerChain(record, visited: visited)
                    try writeTopLevel(BorrowedRecord(top), to: writer, visited: &visited)
                }
            }
        }
    }

    /// The selected objects of `entity`, in scan order.
    private func selectedRecords(of entity: Int) throws -> any ObjectCursor {
        guard let selectedKeys else { return try source.scan(entity) }
        return KeyListCursor(keys: selectedKeys[entity] ?? [], source: source)
    }

    /// How many objects of `entity` are selected.
    private func selectedCount(of entity: Int) throws -> Int {
        guard let selectedKeys else { return try source.count(entity) }
        return selectedKeys[entity]?.count ?? 0
    }

    /// Writes `record` at the top level with everything nested under it, then the objects the
    /// depth limit moved out of that tree, each at the top level in turn.
    private func writeTopLevel(_ record: BorrowedRecord, to writer: GraphStream, visited: inout VisitedSet) throws {
        try writeSubtree(record, to: writer, visited: &visited)
        var next = 0
        while next < deferred.count {
            let moved = deferred[next]
            next += 1
            if !visited.contains(moved.key) { try writeSubtree(BorrowedRecord(moved), to: writer, visited: &visited) }
        }
        deferred.removeAll()
    }

    /// Whether an object whose owner is at `level` (the top level being 1) may nest under it.
    private func nestsBelow(level: Int) -> Bool {
        guard let limit = selection.depthLimit else { return true }
        return level < limit
    }

    /// Keeps `record`, which the depth limit stops from nesting, for the top level, and warns
    /// the first time when the selection asks for it.
    private func moveToTopLevel(_ record: ObjectRecord) {
        deferred.append(record)
        guard selection.warnsAtDepthLimit, !hasWarnedAtDepthLimit, let limit = selection.depthLimit else { return }
        hasWarnedAtDepthLimit = true
        onWarning(
            Warning(
                "objects nested deeper than \(limit) levels are written at the top level, referenced where they "
                    + "would nest (--depth sets the limit; 0: none)",
                detail: "so that common parsers can read the export: xmllint refuses XML nested more than 256 "
                    + "elements deep, PyYAML YAML deeper than about 250 levels"))
    }

    /// Writes a reference to `key`, counting it when the selection leaves the object out.
    @inline(__always)
    private func writeReference(to key: ObjectKey, in writer: GraphStream) throws {
        if !selection.contains(key) { referencesOutsideSelection += 1 }
        try writer.reference(source.id(of: key))
    }

    /// The object to write at the top level so that `record` nests where it belongs: follows
    /// owners upwards until one repeats (a cycle of owners) or is missing.
    private func topOfOwnerChain(_ record: ObjectRecord, visited: VisitedSet) throws -> ObjectRecord {
        var current = record
        var chain: Set<ObjectKey> = [record.key]
        while let key = model.ownerKey(of: current), selection.contains(key), !visited.contains(key),
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
        mutating func push(_ record: BorrowedRecord) -> Frame {
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
        _ root: BorrowedRecord, to writer: GraphStream, visited: inout VisitedSet
    ) throws {
        visited.insert(root.key)
        try open(root, in: writer)
        var pools = Pools()
        var stack = [pools.push(root)]
        while let top = stack.indices.last {
            let relationships = model.relationships(of: stack[top].key.entity)
            if stack[top].isOpen {
                // Read in place, not copied: this runs once per destination.
                let index = stack[top].relationship
                if let cursor = stack[top].records {
                    if let child = try cursor.nextBorrowed() {
                        let nests =
                            !visited.contains(child.key) && selection.contains(child.key)
                            && model.owner(of: child) == relationships[index].inverse
                        if nests && nestsBelow(level: stack.count) {
                            visited.insert(child.key)
                            try open(child, in: writer)
                            stack.append(pools.push(child))
                            continue
                        }
                        if nests { moveToTopLevel(child.record) }
                        try writeReference(to: child.key, in: writer)
                        continue
                    }
                    stack[top].records = nil
                } else if stack[top].next < pools.pending.count {
                    let destination = pools.pending[stack[top].next]
                    stack[top].next += 1
                    if relationships[index].nestsDestination,
                        let child = try nestedChild(destination, through: relationships[index], visited: visited)
                    {
                        if nestsBelow(level: stack.count) {
                            let borrowed = BorrowedRecord(child)
                            visited.insert(child.key)
                            try open(borrowed, in: writer)
                            stack.append(pools.push(borrowed))
                            continue
                        }
                        moveToTopLevel(child)
                    }
                    try writeReference(to: destination, in: writer)
                    continue
                }
                try writer.endRelationship()
                stack[top].isOpen = false
            }
            stack[top].relationship += 1
            let index = stack[top].relationship
            guard index < relationships.count else {
                try writer.endObject()
                pools.pop(stack.removeLast())
                continue
            }
            // Read in place, not copied: this runs once per relationship of every object.
            let isToMany = relationships[index].isToMany
            try writer.beginRelationship(name: relationships[index].name, isToMany: isToMany)
            pools.pending.removeSubrange(stack[top].pendingStart...)
            if isToMany && relationships[index].nestsDestination,
                let records = try source.destinationRecords(of: stack[top].key, through: index)
            {
                stack[top].records = records
            } else if isToMany {
                pools.pending += try source.destinations(of: stack[top].key, through: index)
            } else if let destination = pools.toOne[stack[top].toOne + index] {
                pools.pending.append(destination)
            }
            stack[top].next = stack[top].pendingStart
            stack[top].isOpen = true
        }
    }

    /// The destination's record when it nests here: the relationship nests, the destination is
    /// selected and not written yet, and this relationship's inverse is the destination's first
    /// owner.
    private func nestedChild(
        _ key: ObjectKey, through relationship: ResolvedRelationship, visited: VisitedSet
    ) throws -> ObjectRecord? {
        guard relationship.nestsDestination, !visited.contains(key), selection.contains(key) else { return nil }
        guard let child = try source.record(key) else {
            onWarning(Warning("\(source.id(of: key)) is referenced through '\(relationship.name)' but does not exist"))
            return nil
        }
        return model.owner(of: child) == relationship.inverse ? child : nil
    }

    /// Starts the object of `record` in `writer` with all its attributes (``GraphStream/beginObject(_:)``).
    private func open(_ record: BorrowedRecord, in writer: GraphStream) throws {
        countObject()
        let entity = record.key.entity
        var values = record.values
        if readsFilesWhole {
            for (index, value) in values.enumerated() {
                if case .other(.binaryFile(let file)) = value { values[index] = .other(.binary(try file.readAll())) }
            }
        }
        try writer.beginObject(
            ObjectRow(
                entity: entity, entityName: model.entities[entity].name, attributeNames: attributeNames[entity],
                id: source.id(of: record.key), values: values,
                changedProperties: changes?.changedProperties[record.key]))
    }
}
