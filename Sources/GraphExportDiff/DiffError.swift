public import GraphExport

/// Why two copies cannot be compared, or stopped being comparable while they were read. A `--key`
/// that cannot be used is a mistake in the usage of a command (``GraphExport/ExitStatus/usage``);
/// anything else a failure.
public enum DiffError: ExitStatusError, Sendable, Hashable {
    /// Which copy a message is about.
    public enum Side: String, Sendable, Hashable {
        /// The first copy given (`OLD`).
        case old = "OLD"
        /// The second (`NEW`).
        case new = "NEW"
    }

    /// The copies' models (schemas, for plain SQLite databases) differ; `difference` names the
    /// first entity, attribute or relationship (table, column or foreign key) that does.
    case modelsDiffer(difference: String)
    /// A `--key` that does not read `Entity.attribute`.
    case keyNotQualified(String)
    /// A `--key` naming an entity the model does not have; `known` lists those it has.
    case unknownKeyEntity(String, known: [String])
    /// A `--key` naming an attribute its entity does not have.
    case unknownKeyAttribute(entity: String, attribute: String)
    /// A `--key` naming an attribute of a type whose values cannot be ordered as stored.
    case unorderableKeyType(entity: String, attribute: String, type: AttributeType)
    /// Two `--key` options for one entity.
    case repeatedKey(entity: String)
    /// An entity whose objects nothing identifies across copies (a table read by position).
    case cannotMatch(entity: String)
    /// A copy that cannot order the objects of an entity by an attribute (a graph that is no
    /// ``GraphExport/ComparableSource``).
    case cannotOrder(side: Side, entity: String)
    /// Two objects of an entity with the same identifying value, in one copy.
    case duplicateKey(side: Side, path: String, entity: String, attribute: String, value: String)
    /// A value of a `--key` attribute that cannot be ordered (a decimal read from text, a file).
    case unorderableKeyValue(side: Side, path: String, id: ObjectID, attribute: String)
    /// A copy that did not read an entity's objects in key order.
    case notInKeyOrder(side: Side, path: String, entity: String)
    /// The system refused the thread a copy is read on, with `pthread_create`'s error number.
    case cannotStartThread(code: Int32)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .modelsDiffer(let difference):
            return "the two stores cannot be compared: \(difference) (--model reads both with one model)"
        case .keyNotQualified(let name):
            return ErrorMessage.option("--key", name, "name the attribute as Entity.attribute")
        case .unknownKeyEntity(let name, let known):
            return ErrorMessage.about("--key", "no entity '\(name)' (entities: \(known.joined(separator: ", ")))")
        case .unknownKeyAttribute(let entity, let attribute):
            return ErrorMessage.about("--key", "entity '\(entity)' has no attribute '\(attribute)'")
        case .unorderableKeyType(let entity, let attribute, let type):
            return ErrorMessage.option(
                "--key", "\(entity).\(attribute)",
                "a \(type.rawValue) attribute cannot match objects (its stored values have no order); choose a "
                    + "number, date, text, UUID or binary attribute")
        case .repeatedKey(let entity):
            return ErrorMessage.about("--key", "entity '\(entity)' is given two keys")
        case .cannotMatch(let entity):
            return "the objects of '\(entity)' cannot be matched: nothing identifies its rows (no rowid and no "
                + "declared key); give --key \(entity).<attribute>"
        case .cannotOrder(let side, let entity):
            return "\(side.rawValue) cannot be read in the order of the attributes that identify '\(entity)'"
        case .duplicateKey(let side, let path, let entity, let attribute, let value):
            return Self.copy(
                path, side,
                "two objects of \(entity) have \(attribute) = \(value), which must be unique to match objects by it")
        case .unorderableKeyValue(let side, let path, let id, let attribute):
            return Self.copy(
                path, side,
                "\(id) has a value of \(attribute) that cannot match objects (a decimal stored as text, or bytes in an "
                    + "external file)")
        case .notInKeyOrder(let side, let path, let entity):
            return Self.copy(path, side, "the objects of \(entity) did not come in key order")
        case .cannotStartThread(let code):
            return "cannot start a thread to read a store on (error \(code)): the system is out of threads or memory"
        }
    }

    /// ``GraphExport/ExitStatus/usage`` for a `--key` that cannot be used, else
    /// ``GraphExport/ExitStatus/failure``.
    public var exitStatus: ExitStatus {
        switch self {
        case .keyNotQualified, .unknownKeyEntity, .unknownKeyAttribute, .unorderableKeyType, .repeatedKey: .usage
        case .modelsDiffer, .cannotMatch, .cannotOrder, .duplicateKey, .unorderableKeyValue, .notInKeyOrder,
            .cannotStartThread:
            .failure
        }
    }

    /// `<path> (<side>): <explanation>`: a message about one of the two copies.
    private static func copy(_ path: String, _ side: Side, _ explanation: String) -> String {
        ErrorMessage.about("\(path) (\(side.rawValue))", explanation)
    }
}
