public import GraphExport

/// Checks a recorded event stream against the source it was exported from, and lists every way
/// it falls short of the export contract.
///
/// What it checks:
/// - **Nesting**: the grammar every ``GraphStream`` checks (``GraphStreamValidator``): attributes only
///   directly inside an object, once each and before its relationships; inside a relationship only
///   objects and references; a to-one relationship holds at most one of them; everything opened is
///   closed. An event that breaks it is reported with the validator's ``GraphStreamError`` and
///   left out of the other checks. In the flat shape no object nests at all.
/// - **Exactly once**: every object of the source (``GraphSource/scan(_:)`` over
///   ``GraphModel/concreteEntities``) is begun exactly once, under its concrete entity; no object
///   the source lacks is begun.
/// - **References resolve**: every reference names an object begun somewhere in the stream.
/// - **Content**: each object's attributes are the model's, in order, with values identical to the
///   source's record (``GraphExport/Value/isIdentical(to:)``); its relationships are the model's,
///   in order, each holding exactly the source's destinations (nested and referenced ids together).
/// - **Ownership** (tree shape): an object nests only inside a relationship that nests its
///   destinations, and only under its owner — the destination of the first of
///   ``GraphModel/ownerRelationships(of:)`` it has a value for, reached through that
///   relationship's inverse. An object written at the top level has no owner, or lies on a cycle
///   of owners.
/// - **Order** (flat shape): the objects come entity by entity in the source's scan order.
///
/// Problems are sentences naming the event index and the object; an empty list means the stream
/// is a faithful export. ``maxDepth`` and ``objectCount`` describe the stream's shape.
public struct GraphCheck {
    /// Every problem found, in the order found; empty for a faithful export.
    public private(set) var problems: [String] = []
    /// The deepest nesting of objects: 1 when every object is at the top level, 0 for no object.
    public private(set) var maxDepth = 0
    /// The number of `beginObject` events.
    public private(set) var objectCount = 0
    /// The number of `reference` events.
    public private(set) var referenceCount = 0

    /// Whether no problem was found.
    public var isValid: Bool { problems.isEmpty }

    /// The first `limit` problems, one per line, with a count of the rest: for a test failure.
    public func summary(limit: Int = 20) -> String {
        var lines = Array(problems.prefix(limit))
        if problems.count > limit { lines.append("… and \(problems.count - limit) more") }
        return lines.joined(separator: "\n")
    }

    /// Checks `events`, an export of `source` in `shape`.
    ///
    /// Throws only what the source throws while the check reads it.
    public init(events: [GraphEvent], shape: ExportShape, source: any GraphSource) throws {
        var checker = try Checker(source: source, shape: shape)
        for (index, event) in events.enumerated() {
            try checker.consume(event, at: index)
        }
        try checker.end(eventCount: events.count)
        problems = checker.problems
        maxDepth = checker.maxDepth
        objectCount = checker.objectCount
        referenceCount = checker.referenceCount
    }

    /// Checks what `recording` was given: its events in the shape its header names, and also that
    /// it was begun and finished.
    public init(recording: RecordingGraphWriter, source: any GraphSource) throws {
        try self.init(events: recording.events, shape: recording.document?.shape ?? .tree, source: source)
        var protocolProblems: [String] = []
        if recording.document == nil { protocolProblems.append("the writer was never begun") }
        if !recording.finished { protocolProblems.append("the writer was never finished") }
        problems = protocolProblems + problems
    }
}

/// The walk over the events behind ``GraphCheck``.
private struct Checker {
    /// One object whose `beginObject` has been seen and whose `endObject` has not.
    struct OpenObject {
        var id: ObjectID
        var key: ObjectKey?
        var attributes: [(name: String, value: Value)] = []
        var relationships: [(name: String, isToMany: Bool, content: [ObjectID])] = []
    }

    let source: any GraphSource
    let model: GraphModel
    let shape: ExportShape
    var problems: [String] = []
    /// The grammar, checked first: the rest of the walk sees only the events it accepts.
    private var validator = GraphStreamValidator()
    var maxDepth = 0
    var objectCount = 0
    var referenceCount = 0

    private var keyByID: [ObjectID: ObjectKey] = [:]
    private var records: [ObjectKey: ObjectRecord] = [:]
    private var scanOrder: [ObjectID] = []
    private var stack: [OpenObject] = []
    private var beginCounts: [ObjectID: Int] = [:]
    private var references: [(event: Int, id: ObjectID)] = []
    private var topLevel: [ObjectID] = []

    init(source: any GraphSource, shape: ExportShape) throws {
        self.source = source
        self.model = source.model
        self.shape = shape
        try validator.begin()
        for entity in model.concreteEntities {
            let cursor = try source.scan(entity)
            while let record = try cursor.next() {
                let id = source.id(of: record.key)
                if let other = keyByID.updateValue(record.key, forKey: id), other != record.key {
                    problems.append("the source gives two objects the id \(id)")
                }
                records[record.key] = record
                scanOrder.append(id)
            }
        }
    }

    mutating func consume(_ event: GraphEvent, at index: Int) throws {
        do {
            try validator.accept(event)
        } catch {
            return problems.append("event \(index): \(error)")
        }
        let top = stack.count - 1
        switch event {
        case .beginObject(let entity, let id):
            try beginObject(entity: entity, id: id, at: index)
        case .changedProperties, .deleted:
            problems.append("event \(index): \(event) marks a change, which a full export has none of")
        case .attribute(let name, let value):
            stack[top].attributes.append((name, value))
        case .beginRelationship(let name, let isToMany):
            stack[top].relationships.append((name, isToMany, []))
        case .reference(let id):
            referenceCount += 1
            stack[top].relationships[stack[top].relationships.count - 1].content.append(id)
            references.append((index, id))
        case .endRelationship:
            break
        case .endObject:
            try compareWithSource(stack.removeLast())
        }
    }

    mutating func end(eventCount: Int) throws {
        do {
            try validator.finish()
        } catch {
            problems.append("end of stream: \(error)")
        }
        for id in scanOrder {
            let count = beginCounts[id] ?? 0
            if count == 0 { problems.append("\(id) is never written in full") }
            if count > 1 { problems.append("\(id) is written in full \(count) times") }
        }
        for (index, id) in references where beginCounts[id] == nil {
            problems.append("event \(index): reference to \(id), which is never written in full")
        }
        switch shape {
        case .tree:
            for id in topLevel { checkTopLevelOwnership(id) }
        case .flat:
            if topLevel != scanOrder {
                problems.append("flat shape: the objects are not in the source's scan order, entity by entity")
            }
        }
    }

    private mutating func beginObject(entity: String, id: ObjectID, at index: Int) throws {
        objectCount += 1
        beginCounts[id, default: 0] += 1
        let key = keyByID[id]
        if let key {
            let name = model.entities[key.entity].name
            if name != entity {
                problems.append("event \(index): \(id) begins as entity '\(entity)', the source says '\(name)'")
            }
        } else {
            problems.append("event \(index): \(id) is not an object of the source")
        }
        if let top = stack.indices.last {
            stack[top].relationships[stack[top].relationships.count - 1].content.append(id)
            checkNesting(child: id, childKey: key, parent: stack[top], at: index)
        } else {
            topLevel.append(id)
        }
        stack.append(OpenObject(id: id, key: key))
        maxDepth = max(maxDepth, stack.count)
    }

    /// In the tree shape a child nests only in a nesting relationship, under its first owner.
    private mutating func checkNesting(child: ObjectID, childKey: ObjectKey?, parent: OpenObject, at index: Int) {
        guard shape == .tree else {
            return problems.append(
                "event \(index): \(child) is nested in \(parent.id), but the flat shape nests nothing")
        }
        guard let childKey, let parentKey = parent.key, let name = parent.relationships.last?.name,
            let relationshipIndex = model.relationships(of: parentKey.entity).firstIndex(where: { $0.name == name })
        else { return }
        let relationship = model.relationships(of: parentKey.entity)[relationshipIndex]
        if !relationship.nestsDestination {
            problems.append(
                "event \(index): \(child) is nested in \(parent.id).\(name), which does not nest its destinations")
        }
        let owner = firstOwner(of: childKey)
        if owner?.relationship != relationship.inverse || owner?.key != parentKey {
            let actual =
                owner.map {
                    "its owner is \(source.id(of: $0.key)) through '\(ownerName($0.relationship, of: childKey))'"
                } ?? "it has no owner"
            problems.append("event \(index): \(child) is nested in \(parent.id).\(name), but \(actual)")
        }
    }

    /// A top-level object in the tree shape must have no owner, or lie on a cycle of owners.
    private mutating func checkTopLevelOwnership(_ id: ObjectID) {
        guard let key = keyByID[id], let owner = firstOwner(of: key), records[owner.key] != nil else { return }
        var seen: Set<ObjectKey> = []
        var current = owner.key
        while current != key {
            guard seen.insert(current).inserted, let next = firstOwner(of: current), records[next.key] != nil else {
                let through = ownerName(owner.relationship, of: key)
                return problems.append(
                    "\(id) is written at the top level, but its owner \(source.id(of: owner.key)) "
                        + "(through '\(through)') is not on a cycle of owners with it")
            }
            current = next.key
        }
    }

    /// The relationship through which the object is owned and its owner, per the model's ranking.
    private func firstOwner(of key: ObjectKey) -> (relationship: Int, key: ObjectKey)? {
        guard let record = records[key] else { return nil }
        for index in model.ownerRelationships(of: key.entity) {
            if let owner = record.toOne[index] { return (index, owner) }
        }
        return nil
    }

    private func ownerName(_ relationship: Int, of key: ObjectKey) -> String {
        model.relationships(of: key.entity)[relationship].name
    }

    private mutating func compareWithSource(_ object: OpenObject) throws {
        guard let key = object.key, let record = records[key] else { return }
        let attributes = model.attributes(of: key.entity)
        if object.attributes.map(\.name) != attributes.map(\.name) {
            problems.append(
                "\(object.id): attributes are \(object.attributes.map(\.name)), "
                    + "the model has \(attributes.map(\.name))")
        } else {
            for (index, attribute) in object.attributes.enumerated()
            where !attribute.value.isIdentical(to: record.values[index]) {
                problems.append(
                    "\(object.id).\(attribute.name) is \(attribute.value), the source has \(record.values[index])")
            }
        }
        let relationships = model.relationships(of: key.entity)
        guard object.relationships.map(\.name) == relationships.map(\.name) else {
            return problems.append(
                "\(object.id): relationships are \(object.relationships.map(\.name)), "
                    + "the model has \(relationships.map(\.name))")
        }
        for (index, relationship) in relationships.enumerated() {
            let written = object.relationships[index]
            if written.isToMany != relationship.isToMany {
                problems.append(
                    "\(object.id).\(relationship.name) is written with isToMany \(written.isToMany), "
                        + "the model says \(relationship.isToMany)")
            }
            let expected =
                relationship.isToMany
                ? try source.destinations(of: key, through: index)
                : record.toOne[index].map { [$0] } ?? []
            let expectedIDs = expected.map { source.id(of: $0) }
            if written.content != expectedIDs {
                problems.append(
                    "\(object.id).\(relationship.name) holds \(written.content), the source has \(expectedIDs)")
            }
        }
    }
}
