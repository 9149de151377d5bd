/// The grammar of an export's event stream, checked one call at a time: the one implementation of
/// the rules every ``GraphWriter`` follows, which the export's ``GraphStream`` owns and feeds every
/// call before the writer writes anything for it.
///
/// The grammar:
/// - `begin(_:)` comes first and once; `finish()` comes last and once; nothing comes after it.
/// - At the top level come only objects, each from `beginObject` to its `endObject`.
/// - Inside an object come its attributes, then its relationships, each from `beginRelationship`
///   to its `endRelationship`; an object has at most one attribute of a name.
/// - Inside a relationship come only objects, written in full where they nest, and references; a
///   to-one relationship holds at most one of them (none: it is empty, null).
/// - Right after an object's `beginObject(entity:id:)`, before anything else of it, may come one
///   mark: `changedProperties` or `deleted` (a row carries its changed properties itself). A
///   deleted object is at the top level and has no relationships.
/// - `finish()` comes with no object open.
///
/// A call that breaks a rule throws ``GraphStreamError`` and changes nothing, so the stream may go
/// on as if the call had not come.
///
/// The validator keeps a stack of the open objects and relationships (one entry per level, so
/// depth is bounded by memory, not by the call stack) and tells what a writer needs to lay the
/// stream out (``StreamPosition``): the depth, whether the innermost element is a to-many
/// relationship, and whether it is still empty. Checking costs, for an attribute, one comparison
/// of its name with the same attribute of the first object of its entity (the traversal's calls
/// go through the method of their case, without a switch; a call through ``accept(_:)`` costs a
/// switch more; about 50 instructions an event, `docs/PERFORMANCE.md`), so the streams of
/// ``GraphTraversal``, which keep the grammar by construction, are checked too rather than kept
/// on a second, unchecked path.
public struct GraphStreamValidator {
    private enum Phase {
        case ready, writing, finished
    }

    /// What an open element is.
    private enum Role {
        case document, object, toOne, toMany
    }

    /// One open element, innermost last: two bytes, so that the hot path copies no names.
    private struct Frame {
        let role: Role
        /// Whether the element holds nothing yet: for the document and a relationship, no object or
        /// reference; for an object, no relationship.
        var isEmpty = true
        /// For an object: whether it is marked ``GraphEvent/deleted``.
        var isDeleted = false
    }

    /// How the innermost object's attribute names are checked for duplicates.
    private enum NameCheck {
        /// The object is the first of its entity: its names are its entity's template.
        case building
        /// Every name so far is the template's at the same place, so none repeats another.
        case matching
        /// The names differ from the template (or there is none): they are in `scannedNames`.
        case scanning
    }

    /// The attribute names of the first object of one entity, in order.
    private struct Template {
        let entity: String
        var names: [String] = []
    }

    /// How many entities get a template; objects of further entities are checked by scanning.
    private static let templateLimit = 256

    private var phase = Phase.ready
    private var stack: [Frame] = []
    /// The open objects, outermost first: their entities and identifiers, for messages.
    private var objects: [(entity: String, id: ObjectID)] = []
    /// The names of the open relationships, outermost first, for messages.
    private var relationships: [String] = []
    private var templates: [Template] = []
    /// The innermost object's template, or -1, and its names while they are `matching`.
    private var template = -1
    private var templateNames: [String] = []
    private var nameCheck = NameCheck.scanning
    /// How many attributes the innermost object has.
    private var attributeCount = 0
    /// The innermost object's attribute names, in the `scanning` check.
    private var scannedNames: [String] = []
    /// Name lists of ``ObjectRow``s already found to hold distinct names, and the one found last.
    private var distinctRowNames: [[String]] = []
    private var lastDistinctRowNames = -1
    /// Whether the last call was the `beginObject(entity:id:)` of the innermost object, so that a
    /// mark (``GraphEvent/changedProperties(_:)``, ``GraphEvent/deleted``) may come.
    private var mayMark = false
    /// `mayMark` before the last attribute or relationship began, for ``takeBack(_:at:)``.
    private var mayMarkBefore = false

    /// Creates a validator for one document, before its `begin(_:)`.
    public init() {}

    /// Checks `begin(_:)`.
    public mutating func begin() throws(GraphStreamError) {
        try checkPhase(beginning: true)
        phase = .writing
        stack.append(Frame(role: .document))
    }

    /// Checks `event` where the stream is and takes it in; returns where it came
    /// (``StreamPosition``).
    ///
    /// GraphStream calls the method of the event's case for the traversal's calls, without a
    /// second switch.
    @discardableResult
    public mutating func accept(_ event: GraphEvent) throws(GraphStreamError) -> StreamPosition {
        switch event {
        case .beginObject(let entity, let id): return try beginObject(entity: entity, id: id)
        case .changedProperties: return try changedProperties()
        case .deleted: return try deleted()
        case .attribute(let name, let value): return try attribute(name: name, value: value)
        case .beginRelationship(let name, let isToMany): return try beginRelationship(name: name, isToMany: isToMany)
        case .reference(let id): return try reference(id)
        case .endRelationship: return try endRelationship()
        case .endObject: return try endObject()
        }
    }

    /// Checks and takes in ``GraphEvent/beginObject(entity:id:)``; returns where it came.
    @discardableResult
    public mutating func beginObject(entity: String, id: ObjectID) throws(GraphStreamError) -> StreamPosition {
        let (top, frame) = try innermost()
        try checkDestination(id, in: frame)
        stack[top].isEmpty = false
        stack.append(Frame(role: .object))
        objects.append((entity, id))
        startAttributes(of: entity)
        mayMark = true
        return Self.position(top, frame)
    }

    /// Checks and takes in ``GraphEvent/changedProperties(_:)``; returns where it came.
    @discardableResult
    public mutating func changedProperties() throws(GraphStreamError) -> StreamPosition {
        let (top, frame) = try innermost()
        guard mayMark else { throw .misplacedChangeMark(id: innermostID) }
        mayMark = false
        return Self.position(top, frame)
    }

    /// Checks and takes in ``GraphEvent/deleted``; returns where it came.
    @discardableResult
    public mutating func deleted() throws(GraphStreamError) -> StreamPosition {
        let (top, frame) = try innermost()
        guard mayMark else { throw .misplacedChangeMark(id: innermostID) }
        guard objects.count == 1 else { throw .nestedDeletedObject(id: innermostID) }
        mayMark = false
        stack[top].isDeleted = true
        return Self.position(top, frame)
    }

    /// Checks and takes in ``GraphStream/beginObject(_:)``: an object with all its attributes, as
    /// ``beginObject(entity:id:)`` and one ``attribute(name:value:)`` per value would; returns
    /// where it came.
    ///
    /// A list of names is checked for duplicates once, the first time it comes: a source gives
    /// the rows of an entity one list, so a row costs a look at each of its owned values.
    @discardableResult
    @inline(__always)
    public mutating func beginObject(_ row: ObjectRow) throws(GraphStreamError) -> StreamPosition {
        let (top, frame) = try innermost()
        try checkDestination(row.id, in: frame)
        try checkNames(of: row)
        for (name, value) in zip(row.attributeNames, row.values) {
            guard case .other(let owned) = value else { continue }
            guard !owned.isNestedTooDeeply else { throw .valueNestedTooDeeply(name: name, id: row.id.text) }
            guard !owned.holdsFile else { throw .fileInsideStructuredValue(name: name, id: row.id.text) }
        }
        stack[top].isEmpty = false
        stack.append(Frame(role: .object))
        objects.append((row.entityName, row.id))
        // Attributes after the row are checked against all of its names.
        template = -1
        templateNames = row.attributeNames
        attributeCount = row.attributeNames.count
        nameCheck = .matching
        mayMark = false
        return Self.position(top, frame)
    }

    /// Throws unless the names of `row` are distinct; a list is scanned the first time it comes.
    private mutating func checkNames(of row: ObjectRow) throws(GraphStreamError) {
        let names = row.attributeNames
        if lastDistinctRowNames >= 0 && Self.sameStorage(distinctRowNames[lastDistinctRowNames], names) { return }
        if let known = distinctRowNames.firstIndex(where: { Self.sameStorage($0, names) }) {
            lastDistinctRowNames = known
            return
        }
        var seen: Set<String> = []
        for name in names where !seen.insert(name).inserted {
            throw .duplicateAttribute(name: name, id: row.id.text)
        }
        guard distinctRowNames.count < Self.templateLimit else { return }
        distinctRowNames.append(names)
        lastDistinctRowNames = distinctRowNames.count - 1
    }

    /// Whether two arrays share one buffer (and so hold the same names).
    private static func sameStorage(_ lhs: [String], _ rhs: [String]) -> Bool {
        lhs.count == rhs.count
            && lhs.withUnsafeBufferPointer { left in
                rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
            }
    }

    /// Checks and takes in ``GraphEvent/attribute(name:value:)``; returns where it came.
    @discardableResult
    public mutating func attribute(name: String, value: Value) throws(GraphStreamError) -> StreamPosition {
        let (top, frame) = try innermost()
        guard frame.role == .object else { throw .attributeOutsideObject(name: name) }
        guard frame.isEmpty else { throw .attributeAfterRelationship(name: name, id: innermostID) }
        guard !value.isNestedTooDeeply else { throw .valueNestedTooDeeply(name: name, id: innermostID) }
        guard !value.holdsFile else { throw .fileInsideStructuredValue(name: name, id: innermostID) }
        try addAttribute(name)
        mayMarkBefore = mayMark
        mayMark = false
        return Self.position(top, frame)
    }

    /// Checks and takes in ``GraphEvent/beginRelationship(name:isToMany:)``; returns where it
    /// came.
    @discardableResult
    @inline(__always)
    public mutating func beginRelationship(name: String, isToMany: Bool) throws(GraphStreamError) -> StreamPosition {
        let (top, frame) = try innermost()
        try checkRelationship(name, in: frame)
        mayMarkBefore = mayMark
        mayMark = false
        stack[top].isEmpty = false
        stack.append(Frame(role: isToMany ? .toMany : .toOne))
        relationships.append(name)
        return Self.position(top, frame)
    }

    /// Checks and takes in the relationships of the innermost object in one call, as
    /// ``beginRelationship(name:isToMany:)``, ``reference(_:)`` per destination and
    /// ``endRelationship()`` would for each (``ObjectRelationships``); returns where the first
    /// `beginRelationship` would come.
    ///
    /// The first relationship is checked as its `beginRelationship` is, and that check holds for
    /// the others, which begin in the same object; the references need no check: they come inside
    /// their relationship, and a to-one holds at most one by its type.
    @discardableResult
    @inline(__always)
    mutating func relationships(_ relationships: ObjectRelationships) throws(GraphStreamError) -> StreamPosition {
        let (top, frame) = try innermost()
        if relationships.count > 0 {
            try checkRelationship(relationships.name(at: 0), in: frame)
            mayMark = false
            stack[top].isEmpty = false
        }
        return Self.position(top, frame)
    }

    /// Throws unless relationship `name` may begin in `frame`, the innermost element.
    @inline(__always)
    private func checkRelationship(_ name: String, in frame: Frame) throws(GraphStreamError) {
        guard frame.role == .object else { throw .relationshipOutsideObject(name: name) }
        guard !frame.isDeleted else { throw .relationshipOfDeletedObject(name: name, id: innermostID) }
    }

    /// Checks and takes in ``GraphEvent/reference(_:)``; returns where it came.
    @discardableResult
    @inline(__always)
    public mutating func reference(_ id: ObjectID) throws(GraphStreamError) -> StreamPosition {
        let (top, frame) = try innermost()
        guard frame.role == .toOne || frame.role == .toMany else { throw .referenceOutsideRelationship(id: id.text) }
        try checkDestination(id, in: frame)
        mayMark = false
        stack[top].isEmpty = false
        return Self.position(top, frame)
    }

    /// Checks and takes in ``GraphEvent/endRelationship``; returns where it came.
    @discardableResult
    @inline(__always)
    public mutating func endRelationship() throws(GraphStreamError) -> StreamPosition {
        let (top, frame) = try innermost()
        switch frame.role {
        case .toOne, .toMany:
            stack.removeLast()
            relationships.removeLast()
        case .object: throw .unmatchedEndRelationship(openObject: innermostID)
        case .document: throw .unmatchedEndRelationship(openObject: nil)
        }
        return Self.position(top, frame)
    }

    /// Checks and takes in ``GraphEvent/endObject``; returns where it came.
    @discardableResult
    @inline(__always)
    public mutating func endObject() throws(GraphStreamError) -> StreamPosition {
        let (top, frame) = try innermost()
        switch frame.role {
        case .object:
            stack.removeLast()
            objects.removeLast()
            mayMark = false
        case .toOne, .toMany: throw .unmatchedEndObject(openRelationship: relationships.last)
        case .document: throw .unmatchedEndObject(openRelationship: nil)
        }
        return Self.position(top, frame)
    }

    /// The position of a call that found `frame`, the innermost element, at `top` of the stack.
    @inline(__always)
    private static func position(_ top: Int, _ frame: Frame) -> StreamPosition {
        StreamPosition(depth: top, elementIsEmpty: frame.isEmpty, isInToMany: frame.role == .toMany)
    }

    /// The innermost open element and its place, once the document is open for events.
    @inline(__always)
    private func innermost() throws(GraphStreamError) -> (Int, Frame) {
        if phase != .writing { try checkPhase(beginning: false) }
        let top = stack.count - 1
        return (top, stack[top])
    }

    /// Takes back `event`, accepted at `position` as the last call: the stream is again where it
    /// was before it, for a call the writer rejected (``GraphWriterRejection``). The ends of
    /// elements are not taken back: a writer cannot reject what closes something it took.
    mutating func takeBack(_ event: GraphEvent, at position: StreamPosition) {
        let top = stack.count - 1
        switch event {
        case .beginObject: takeBackObject(at: position)
        case .changedProperties: mayMark = true
        case .deleted:
            mayMark = true
            stack[top].isDeleted = false
        case .attribute:
            attributeCount -= 1
            switch nameCheck {
            case .building: templates[template].names.removeLast()
            case .scanning: scannedNames.removeLast()
            case .matching: break
            }
            mayMark = mayMarkBefore
        case .beginRelationship:
            stack.removeLast()
            relationships.removeLast()
            stack[top - 1].isEmpty = position.elementIsEmpty
            mayMark = mayMarkBefore
        case .reference: stack[top].isEmpty = position.elementIsEmpty
        case .endRelationship, .endObject: break
        }
    }

    /// Takes back the object the last call began, by an event or a row, at `position`.
    mutating func takeBackObject(at position: StreamPosition) {
        stack.removeLast()
        objects.removeLast()
        stack[stack.count - 1].isEmpty = position.elementIsEmpty
        mayMark = false
        // Its attributes are not the template of its entity; the next object looks it up again.
        if nameCheck == .building, template == templates.count - 1, templates[template].names.isEmpty {
            templates.removeLast()
        }
        template = -1
        nameCheck = .scanning
        scannedNames.removeAll(keepingCapacity: true)
    }

    /// Checks `finish()`: every object has ended.
    public mutating func finish() throws(GraphStreamError) {
        if phase != .writing { try checkPhase(beginning: false) }
        if !objects.isEmpty { throw .unfinishedObject(id: innermostID) }
        phase = .finished
        stack.removeAll()
    }

    /// Stops the document: for the GraphStream whose writer's output failed, after which it cannot
    /// go on. Every later call throws ``GraphStreamError/alreadyFinished``, which the stream
    /// replaces with the writer's failure.
    mutating func stop() {
        phase = .finished
    }

    /// Throws unless the phase allows `begin(_:)` (when `beginning`) or an event or `finish()`.
    private func checkPhase(beginning: Bool) throws(GraphStreamError) {
        switch phase {
        case .ready: if !beginning { throw .notBegun }
        case .writing: if beginning { throw .begunTwice }
        case .finished: throw .alreadyFinished
        }
    }

    /// The innermost open object's identifier, for messages.
    private var innermostID: String { objects.last?.id.text ?? "" }

    /// Throws unless an object or reference `id` may go into the element `frame`.
    private func checkDestination(_ id: ObjectID, in frame: Frame) throws(GraphStreamError) {
        switch frame.role {
        case .document, .toMany:
            break
        case .toOne:
            guard frame.isEmpty else {
                throw .secondDestinationInToOne(relationship: relationships.last ?? "", id: id.text)
            }
        case .object:
            throw .objectInsideObject(id: id.text, parent: innermostID)
        }
    }

    /// Prepares the duplicate check for the attributes of a new object of `entity`.
    private mutating func startAttributes(of entity: String) {
        // The previous object's attributes are complete: a template it was building is too.
        if nameCheck == .building { templateNames = templates[template].names }
        attributeCount = 0
        if template >= 0 && templates[template].entity == entity {
            nameCheck = .matching
        } else if let known = templates.firstIndex(where: { $0.entity == entity }) {
            template = known
            templateNames = templates[known].names
            nameCheck = .matching
        } else if templates.count < Self.templateLimit {
            templates.append(Template(entity: entity))
            template = templates.count - 1
            nameCheck = .building
        } else {
            template = -1
            nameCheck = .scanning
            scannedNames.removeAll(keepingCapacity: true)
        }
    }

    /// Checks that the innermost object has no attribute `name` yet, and counts it.
    @inline(__always)
    private mutating func addAttribute(_ name: String) throws(GraphStreamError) {
        switch nameCheck {
        case .matching:
            if attributeCount < templateNames.count && templateNames[attributeCount] == name { break }
            scannedNames.removeAll(keepingCapacity: true)
            scannedNames += templateNames[..<attributeCount]
            try addScanned(name)
            nameCheck = .scanning
        case .building:
            guard !templates[template].names.contains(name) else {
                throw .duplicateAttribute(name: name, id: innermostID)
            }
            templates[template].names.append(name)
        case .scanning:
            try addScanned(name)
        }
        attributeCount += 1
    }

    private mutating func addScanned(_ name: String) throws(GraphStreamError) {
        guard !scannedNames.contains(name) else { throw .duplicateAttribute(name: name, id: innermostID) }
        scannedNames.append(name)
    }
}
