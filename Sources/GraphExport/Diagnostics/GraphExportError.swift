/// What the core throws: a call that breaks the event stream's grammar, a model whose entities do
/// not fit together, a selection naming what the model lacks, a mistake in building an
/// ``InMemoryGraph``, a file that cannot be a value or be read, a `--blobs` folder that cannot be
/// used, output that cannot be written. Each case's ``description`` is one sentence a user can
/// act on, naming the object, attribute, entity or file.
public enum GraphExportError: Error, Sendable, Hashable, CustomStringConvertible {
    // MARK: The event stream

    // A call to a ``GraphWriter`` that breaks the grammar of the event stream, as
    // ``GraphStreamValidator`` finds it: what the export's ``GraphStream`` throws for a call that is
    // not well nested or out of order, before the call reaches the writer, so what was written is
    // intact and the stream takes the next call as if the rejected one had not come. The messages
    // speak to the author of the code calling the writer.

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

    // MARK: The model

    // A model whose entities do not fit together (``GraphModel/init(entities:)``).

    /// Two entities have the same name.
    case duplicateEntity(String)
    /// An entity names a parent that the model does not have.
    case unknownParent(entity: String, parent: String)
    /// An entity's parents form a loop.
    case inheritanceCycle(entity: String)
    /// A relationship points at an entity that the model does not have.
    case unknownDestination(entity: String, relationship: String, destination: String)
    /// A relationship names an inverse that its destination does not have.
    case unknownInverse(entity: String, relationship: String, inverse: String)

    // MARK: The selection

    // A selection or model adjustment that names something the model does not have, or asks for
    // what its shape does not allow (``isSelectionError``).

    /// No entity has this name; `known` lists the model's entities.
    case unknownEntity(String, known: [String])
    /// A name that should read `Entity.property` does not.
    case notQualified(String)
    /// The property (attribute or relationship) is inherited: it is declared, and must be named,
    /// on `declarer`.
    case inheritedAttribute(entity: String, attribute: String, declarer: String)
    /// The entity has no relationship of this name; `known` lists the entity's relationships.
    case unknownRelationship(entity: String, relationship: String, known: [String] = [])
    /// The entity has no attribute or relationship of this name; `known` lists those it has.
    case unknownProperty(entity: String, property: String, known: [String])
    /// A relationship named to nest or never to nest is left out of the export.
    case leftOut(String)
    /// The relationship cannot nest: `reason` says why (many-to-many, no inverse).
    case cannotNest(String, reason: String)
    /// The same pair of relationships is named both to nest and never to nest.
    case conflictingNesting(String)
    /// Every entity is left out, so the export would be empty.
    case nothingSelected

    // MARK: A graph in memory

    // A mistake in building an ``InMemoryGraph``.

    /// The model has no entity of that name.
    case inMemoryUnknownEntity(String)
    /// Objects of an abstract entity cannot be added.
    case inMemoryAbstractEntity(String)
    /// The entity has no attribute or relationship of that name.
    case inMemoryUnknownProperty(entity: String, property: String)
    /// The destination is not an object of the relationship's destination entity.
    case inMemoryWrongDestination(relationship: String)

    // MARK: Files as values

    // Why the bytes of a file cannot be a value, or could not be read while they were written. The
    // first four cases come from making a ``FileBytes``, the last three from reading one, in the
    // middle of an export: those name what the bytes are the value of, when the maker said.

    /// No file has that name.
    case missing(path: String)
    /// The name is a symbolic link, which is never followed.
    case symbolicLink(path: String)
    /// The name is something else than a regular file: `kind` says what (`a FIFO`, `a folder`,
    /// `a device`, `a socket`).
    case notRegularFile(path: String, kind: String)
    /// The system refused to open, inspect or read the file, with its explanation.
    case unreadable(path: String, owner: String?, reason: String)
    /// The file is no longer the one checked when the value was made: another file, a link or
    /// nothing at all took its name, or its size changed.
    case changed(path: String, owner: String?, count: Int)
    /// The file ended before the size it had when it was checked: it was cut short while it was
    /// read.
    case endedEarly(path: String, owner: String?, read: Int, count: Int)

    // MARK: The --blobs folder

    // The folder cannot be used, or a value's file cannot be written in it.

    /// The folder does not exist and cannot be made (its parent is missing, not writable, …).
    case blobsCannotCreate(path: String, reason: String)
    /// Something other than a folder is at the path.
    case blobsNotAFolder(path: String)
    /// The folder cannot be opened or searched.
    case blobsCannotOpen(path: String, reason: String)
    /// A file of that name is already in the folder; nothing is ever replaced there.
    case blobExists(folder: String, name: String)
    /// Writing a value's file failed.
    case blobCannotWrite(folder: String, name: String, reason: String)
    /// The folder is one the export reads, or inside one (the store's folder, its external data).
    case blobsIsInput(path: String, what: String)

    // MARK: Output

    // A failure to write output (``ByteSink``).

    /// The reader of a pipe went away (`graphexport … | head`); not worth a message.
    case brokenPipe
    /// The system refused a write, with its `errno` and the explanation it gives.
    case writeFailed(errno: Int32, reason: String)

    /// A sentence a user can act on.
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
        case .duplicateEntity(let name):
            return "the model defines entity '\(name)' twice"
        case .unknownParent(let entity, let parent):
            return "entity '\(entity)' names parent '\(parent)', which the model does not define"
        case .inheritanceCycle(let entity):
            return "entity '\(entity)' is its own ancestor"
        case .unknownDestination(let entity, let relationship, let destination):
            return "\(entity).\(relationship) points at entity '\(destination)', which the model does not define"
        case .unknownInverse(let entity, let relationship, let inverse):
            return "\(entity).\(relationship) names inverse '\(inverse)', which its destination does not define"
        case .unknownEntity(let name, let known):
            return "no entity '\(TerminalText.echoed(name))'"
                + NearNames.hint(for: name, among: known, kind: "entities")
        case .notQualified(let name):
            return "'\(TerminalText.echoed(name))' does not name a property as Entity.property"
        case .inheritedAttribute(let entity, let attribute, let declarer):
            return "'\(entity).\(attribute)' is inherited: name it as \(declarer).\(attribute), where it is declared"
        case .unknownRelationship(let entity, let relationship, let known):
            return "entity '\(entity)' has no relationship '\(TerminalText.echoed(relationship))'"
                + NearNames.hint(for: relationship, among: known, kind: "relationships")
        case .unknownProperty(let entity, let property, let known):
            return "entity '\(entity)' has no attribute or relationship '\(TerminalText.echoed(property))'"
                + NearNames.hint(for: property, among: known, kind: "attributes and relationships")
        case .leftOut(let name):
            return
                "'\(TerminalText.echoed(name))' is left out of the export: it cannot also be named to nest or never to nest"
        case .cannotNest(let name, let reason):
            return "'\(TerminalText.echoed(name))' cannot nest: \(reason)"
        case .conflictingNesting(let name):
            return "'\(TerminalText.echoed(name))' is named both to nest and never to nest"
        case .nothingSelected:
            return "the entities chosen leave every entity out: nothing to export"
        case .inMemoryUnknownEntity(let name):
            return "the model has no entity '\(name)'"
        case .inMemoryAbstractEntity(let name):
            return "entity '\(name)' is abstract: add objects of a sub-entity"
        case .inMemoryUnknownProperty(let entity, let property):
            return "entity '\(entity)' has no property '\(property)'"
        case .inMemoryWrongDestination(let relationship):
            return "\(relationship) cannot point at that object"
        case .missing(let path):
            return "the file \(path) is missing"
        case .symbolicLink(let path):
            return "the file \(path) is a symbolic link, which is never followed: name the file it points to"
        case .notRegularFile(let path, let kind):
            return "the file \(path) is \(kind), not a regular file"
        case .unreadable(let path, let owner, let reason):
            return "\(Self.subject(path, owner)) cannot be read (\(reason))"
        case .changed(let path, let owner, let count):
            return "\(Self.subject(path, owner)) changed while it was exported: it is no longer the \(count)-byte "
                + "file that was checked; export again once nothing writes to it"
        case .endedEarly(let path, let owner, let read, let count):
            return "\(Self.subject(path, owner)) ended after \(read) of its \(count) bytes while it was exported: "
                + "it was cut short; export again once nothing writes to it"
        case .blobsCannotCreate(let path, let reason):
            return Self.blobs(path, "cannot make the folder (\(reason)); its parent folder must exist")
        case .blobsNotAFolder(let path):
            return Self.blobs(path, "is not a folder")
        case .blobsCannotOpen(let path, let reason):
            return Self.blobs(path, "cannot open the folder (\(reason))")
        case .blobExists(let folder, let name):
            return Self.blobs(
                folder,
                "\(name) is there already, and --blobs never replaces a file: give an empty or new folder, "
                    + "or remove the files of an earlier export")
        case .blobCannotWrite(let folder, let name, let reason):
            return Self.blobs(folder, "cannot write \(name) (\(reason))")
        case .blobsIsInput(let path, let what):
            return Self.blobs(path, "is \(what), which the export reads; give a folder of its own")
        case .brokenPipe:
            return "the output pipe was closed"
        case .writeFailed(_, let reason):
            return "cannot write the output: \(reason)"
        }
    }

    /// Whether the error is one of a selection or model adjustment (from `unknownEntity(_:known:)`
    /// to `nothingSelected`): names that the model does not have, or a shape it does not allow,
    /// which a command reports as a mistake in its usage.
    package var isSelectionError: Bool {
        switch self {
        case .unknownEntity, .notQualified, .inheritedAttribute, .unknownRelationship, .unknownProperty, .leftOut,
            .cannotNest, .conflictingNesting, .nothingSelected:
            return true
        default:
            return false
        }
    }

    /// `--blobs <folder>: <explanation>`.
    private static func blobs(_ folder: String, _ explanation: String) -> String {
        ErrorMessage.option("--blobs", folder, explanation)
    }

    /// `the file <path>`, and what its bytes are the value of when that is known.
    private static func subject(_ path: String, _ owner: String?) -> String {
        "the file \(path)" + (owner.map { ", the value of \($0)," } ?? "")
    }
}
