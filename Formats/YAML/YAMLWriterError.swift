/// A reason ``YAMLGraphWriter`` cannot write an export: an event stream that is not well nested,
/// or a failure inside libyaml.
///
/// The writer checks each call before handing anything to libyaml, so a nesting error leaves what
/// was written intact and the writer usable. After a libyaml failure or an error of the sink
/// (which the writer rethrows as it is), the document cannot be continued.
public enum YAMLWriterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An event or `finish()` came before `begin(_:)`.
    case notBegun
    /// `begin(_:)` came a second time.
    case begunTwice
    /// An event, `begin(_:)` or `finish()` came after `finish()`.
    case alreadyFinished
    /// A call came after an earlier libyaml or sink failure had stopped the document.
    case stoppedByEarlierFailure
    /// An attribute came outside an object: at the top level or directly inside a relationship.
    case attributeOutsideObject(name: String)
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
    /// `finish()` came while an object was still open.
    case unfinishedObject(id: String)
    /// A libyaml function failed: `call` names it, `problem` is the emitter's own explanation.
    case libyaml(call: String, problem: String)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .notBegun:
            return "the YAML writer received an event before begin(_:) started the document"
        case .begunTwice:
            return "the YAML writer received begin(_:) twice: one writer writes one document"
        case .alreadyFinished:
            return "the YAML writer received a call after finish() had closed the document"
        case .stoppedByEarlierFailure:
            return "the YAML writer received a call after an earlier failure had stopped the document"
        case .attributeOutsideObject(let name):
            return "attribute '\(name)' arrived outside an object: attributes belong directly inside an object"
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
        case .libyaml(let call, let problem):
            return "libyaml failed in \(call): \(problem)"
        }
    }
}
