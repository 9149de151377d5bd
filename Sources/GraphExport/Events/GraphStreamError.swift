/// A call to a ``GraphWriter`` that breaks the grammar of the event stream, as
/// ``GraphStreamValidator`` finds it: what the export's ``GraphStream`` throws for a call that is not
/// well nested or out of order, before the call reaches the writer, so what was written is intact
/// and the stream takes the next call as if the rejected one had not come. The messages speak to
/// the author of the code calling the writer; a command exits with ``ExitStatus/failure``.
public enum GraphStreamError: ExitStatusError, Sendable, Hashable {
    /// An event or `finish()` came before `begin(_:)`.
    case notBegun
    /// `begin(_:)` came a second time.
    case begunTwice
    /// An event, `begin(_:)` or `finish()` came after `finish()`.
    case alreadyFinished
    /// An attribute came outside an object: at the top level or directly inside a relationship.
    case attributeOutsideObject(name: String)
    /// An attribute came after a relationship of the same object had started.
    case attributeAfterRelationship(name: String, id: String)
    /// An object received a second attribute of the same name.
    case duplicateAttribute(name: String, id: String)
    /// An attribute's value nests arrays and maps deeper than ``Value/maximumNestingDepth``.
    case valueNestedTooDeeply(name: String, id: String)
    /// An attribute's array or map holds a file (``Value/binaryFile(_:)``), which only an
    /// attribute's whole value may be.
    case fileInsideStructuredValue(name: String, id: String)
    /// A relationship started outside an object: at the top level or directly inside a relationship.
    case relationshipOutsideObject(name: String)
    /// An object started directly inside another object instead of inside one of its relationships.
    case objectInsideObject(id: String, parent: String)
    /// A reference came outside a relationship.
    case referenceOutsideRelationship(id: String)
    /// A to-one relationship received a second object or reference.
    case secondDestinationInToOne(relationship: String, id: String)
    /// `endRelationship` came while no relationship was the innermost open element; `openObject`
    /// names the object that was open instead, if any.
    case unmatchedEndRelationship(openObject: String?)
    /// `endObject` came while no object was the innermost open element; `openRelationship` names
    /// the relationship that was open instead, if any.
    case unmatchedEndObject(openRelationship: String?)
    /// `finish()` came while an object was still open: the innermost one.
    case unfinishedObject(id: String)
    /// ``GraphEvent/changedProperties(_:)`` or ``GraphEvent/deleted`` came other than right after
    /// the `beginObject(entity:id:)` of the object it marks, or a second time.
    case misplacedChangeMark(id: String)
    /// ``GraphEvent/deleted`` marked an object nested in a relationship: tombstones are top-level.
    case nestedDeletedObject(id: String)
    /// A relationship started in an object marked ``GraphEvent/deleted``.
    case relationshipOfDeletedObject(name: String, id: String)

    /// A sentence naming the call and the object, attribute or relationship it broke the grammar at.
    public var description: String {
        switch self {
        case .notBegun:
            return "the stream received an event before begin(_:) started the document"
        case .begunTwice:
            return "the stream received begin(_:) twice: one stream writes one document"
        case .alreadyFinished:
            return "the stream received a call after finish() had closed the document"
        case .attributeOutsideObject(let name):
            return "attribute '\(name)' arrived outside an object: attributes belong directly inside an object"
        case .attributeAfterRelationship(let name, let id):
            return "attribute '\(name)' of object '\(id)' arrived after its relationships: attributes come first"
        case .duplicateAttribute(let name, let id):
            return "object '\(id)' received attribute '\(name)' twice"
        case .valueNestedTooDeeply(let name, let id):
            return
                "attribute '\(name)' of object '\(id)' nests arrays and maps deeper than \(Value.maximumNestingDepth) levels: flatten it or write it as text"
        case .fileInsideStructuredValue(let name, let id):
            return
                "attribute '\(name)' of object '\(id)' holds a file inside an array or map: give the file's bytes (.binary) there, or make the file the attribute's whole value"
        case .relationshipOutsideObject(let name):
            return "relationship '\(name)' began outside an object: relationships belong directly inside an object"
        case .objectInsideObject(let id, let parent):
            return "object '\(id)' began directly inside object '\(parent)' instead of inside one of its relationships"
        case .referenceOutsideRelationship(let id):
            return "the reference to '\(id)' arrived outside a relationship: references belong inside relationships"
        case .secondDestinationInToOne(let relationship, let id):
            return "to-one relationship '\(relationship)' received a second destination, '\(id)'"
        case .unmatchedEndRelationship(let openObject?):
            return "endRelationship arrived while object '\(openObject)' was still open: end it first"
        case .unmatchedEndRelationship(nil):
            return "endRelationship arrived with no relationship open"
        case .unmatchedEndObject(let openRelationship?):
            return "endObject arrived while relationship '\(openRelationship)' was still open: end it first"
        case .unmatchedEndObject(nil):
            return "endObject arrived with no object open"
        case .unfinishedObject(let id):
            return "finish() was called while object '\(id)' was still open: end every object and relationship first"
        case .misplacedChangeMark(let id):
            return
                "object '\(id)' was marked changed or deleted other than right after its beginObject: a mark comes once, before the attributes"
        case .nestedDeletedObject(let id):
            return
                "object '\(id)' was marked deleted inside a relationship: a deleted object is written at the top level"
        case .relationshipOfDeletedObject(let name, let id):
            return "relationship '\(name)' began in object '\(id)', which is marked deleted: a deleted object has none"
        }
    }
}
