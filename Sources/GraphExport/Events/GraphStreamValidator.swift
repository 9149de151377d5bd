/// The grammar of an export's event stream, checked one call at a time: the one implementation of
/// the rules every ``GraphWriter`` follows, which each writer owns and feeds every call before it
/// writes anything for it.
///
/// The grammar:
/// - `begin(_:)` comes first and once; `finish()` comes last and once; nothing comes after it.
/// - At the top level come only objects, each from `beginObject` to its `endObject`.
/// - Inside an object come its attributes, then its relationships, each from `beginRelationship`
///   to its `endRelationship`; an object has at most one attribute of a name.
/// - Inside a relationship come only objects, written in full where they nest, and references; a
///   to-one relationship holds at most one of them (none: it is empty, null).
/// - `finish()` comes with no object open.
///
/// A call that breaks a rule throws ``GraphStreamError`` and changes nothing, so the writer may go
/// on as if the call had not come. After ``stop()`` (the writer's output failed) every call throws
/// ``GraphStreamError/stoppedByEarlierFailure``.
///
/// The validator keeps a stack of the open objects and relationships (one entry per level, so
/// depth is bounded by memory, not by the call stack) and tells the writer what it needs to lay
/// the stream out: the depth, the innermost object and relationship, and whether an element is
/// still empty. Checking costs one switch per event and, for attributes, one comparison of the
/// name with the same attribute of an earlier object of the entity; writers fed by
/// ``GraphTraversal`` use it too, since they need what it tracks anyway.
public struct GraphStreamValidator {
    private enum Phase {
        case ready, writing, finished, stopped
    }

    /// What an open element is; the hot paths test this alone, copying no names.
    private enum Role {
        case document, object, toOne, toMany
    }

    /// One open element, innermost last; its fields in this order take 48 bytes.
    private struct Frame {
        /// The object's entity or the relationship's name; empty for the document.
        let name: String
        /// The object's identifier.
        let id: ObjectID?
        let role: Role
        /// Whether the element holds nothing yet: for the document and a relationship, no object or
        /// reference; for an object, no relationship.
        var isEmpty = true
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
    private var templates: [Template] = []
    /// The innermost object's template, or -1.
    private var template = -1
    private var nameCheck = NameCheck.scanning
    /// How many attributes the innermost object has.
    private var attributeCount = 0
    /// The innermost object's attribute names, in the `scanning` check.
    private var scannedNames: [String] = []
    /// How many objects are open.
    public private(set) var objectDepth = 0

    /// Creates a validator for one document, before its `begin(_:)`.
    public init() {}

    /// How many objects and relationships are open.
    public var depth: Int { max(stack.count - 1, 0) }

    /// The innermost open object, whether or not one of its relationships is open.
    public var currentObject: (entity: String, id: ObjectID)? {
        guard let frame = stack.last(where: { $0.role == .object }), let id = frame.id else { return nil }
        return (frame.name, id)
    }

    /// Whether the innermost open element is a to-many relationship: what an `endRelationship`
    /// ends, asked before it is accepted.
    public var isInToMany: Bool { stack.last?.role == .toMany }

    /// Checks `begin(_:)`.
    public mutating func begin() throws(GraphStreamError) {
        switch phase {
        case .ready: break
        case .writing: throw .begunTwice
        case .finished: throw .alreadyFinished
        case .stopped: throw .stoppedByEarlierFailure
        }
        phase = .writing
        stack.append(Frame(name: "", id: nil, role: .document))
    }

    /// Checks `event` where the stream is and takes it in.
    ///
    /// Returns whether the innermost open element, as the event found it, held nothing yet: for
    /// `beginObject` and `reference`, whether they are the first destination of their relationship
    /// (or the first object at the top level); for `endRelationship`, whether the relationship was
    /// empty; for the other events, whether the innermost object had no relationship yet.
    @discardableResult
    public mutating func accept(_ event: GraphEvent) throws(GraphStreamError) -> Bool {
        switch phase {
        case .ready: throw .notBegun
        case .writing: break
        case .finished: throw .alreadyFinished
        case .stopped: throw .stoppedByEarlierFailure
        }
        let top = stack.count - 1
        let wasEmpty = stack[top].isEmpty
        switch event {
        case .beginObject(let entity, let id):
            try addDestination(id, at: top)
            stack.append(Frame(name: entity, id: id, role: .object))
            objectDepth += 1
            startAttributes(of: entity)
        case .attribute(let name, _):
            guard stack[top].role == .object else { throw .attributeOutsideObject(name: name) }
            guard wasEmpty else { throw .attributeAfterRelationship(name: name, id: stack[top].id?.text ?? "") }
            try addAttribute(name, at: top)
        case .beginRelationship(let name, let isToMany):
            guard stack[top].role == .object else { throw .relationshipOutsideObject(name: name) }
            stack[top].isEmpty = false
            stack.append(Frame(name: name, id: nil, role: isToMany ? .toMany : .toOne))
        case .reference(let id):
            guard stack[top].role == .toOne || stack[top].role == .toMany else {
                throw .referenceOutsideRelationship(id: id.text)
            }
            try addDestination(id, at: top)
        case .endRelationship:
            switch stack[top].role {
            case .toOne, .toMany: stack.removeLast()
            case .object: throw .unmatchedEndRelationship(openObject: stack[top].id?.text)
            case .document: throw .unmatchedEndRelationship(openObject: nil)
            }
        case .endObject:
            switch stack[top].role {
            case .object:
                stack.removeLast()
                objectDepth -= 1
            case .toOne, .toMany: throw .unmatchedEndObject(openRelationship: stack[top].name)
            case .document: throw .unmatchedEndObject(openRelationship: nil)
            }
        }
        return wasEmpty
    }

    /// Checks `finish()`: every object has ended.
    public mutating func finish() throws(GraphStreamError) {
        switch phase {
        case .ready: throw .notBegun
        case .writing: break
        case .finished: throw .alreadyFinished
        case .stopped: throw .stoppedByEarlierFailure
        }
        if let innermost = currentObject { throw .unfinishedObject(id: innermost.id.text) }
        phase = .finished
        stack.removeAll()
    }

    /// Stops the document: for a writer whose output failed, after which it cannot go on.
    public mutating func stop() {
        phase = .stopped
    }

    /// Counts an object or reference into the element `stack[top]`.
    private mutating func addDestination(_ id: ObjectID, at top: Int) throws(GraphStreamError) {
        switch stack[top].role {
        case .document, .toMany:
            break
        case .toOne:
            guard stack[top].isEmpty else {
                throw .secondDestinationInToOne(relationship: stack[top].name, id: id.text)
            }
        case .object:
            throw .objectInsideObject(id: id.text, parent: stack[top].id?.text ?? "")
        }
        stack[top].isEmpty = false
    }

    /// Prepares the duplicate check for the attributes of a new object of `entity`.
    private mutating func startAttributes(of entity: String) {
        attributeCount = 0
        if template >= 0 && templates[template].entity == entity {
            nameCheck = .matching
        } else if let known = templates.firstIndex(where: { $0.entity == entity }) {
            template = known
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

    /// Checks that the object `stack[top]` has no attribute `name` yet, and counts it.
    private mutating func addAttribute(_ name: String, at top: Int) throws(GraphStreamError) {
        switch nameCheck {
        case .matching:
            if attributeCount < templates[template].names.count && templates[template].names[attributeCount] == name {
                break
            }
            scannedNames.removeAll(keepingCapacity: true)
            scannedNames += templates[template].names[..<attributeCount]
            try addScanned(name, at: top)
            nameCheck = .scanning
        case .building:
            guard !templates[template].names.contains(name) else {
                throw .duplicateAttribute(name: name, id: stack[top].id?.text ?? "")
            }
            templates[template].names.append(name)
        case .scanning:
            try addScanned(name, at: top)
        }
        attributeCount += 1
    }

    private mutating func addScanned(_ name: String, at top: Int) throws(GraphStreamError) {
        guard !scannedNames.contains(name) else { throw .duplicateAttribute(name: name, id: stack[top].id?.text ?? "") }
        scannedNames.append(name)
    }
}
