import GraphExport
public import GraphExportSQLite

/// A Core Data store, model file, model archive or Transformable value that cannot be read as
/// asked, with what to do about it.
///
/// Paths are spelled as the caller gave them, so that they read the way the user typed them.
/// `source` names what an archive was read from: a file path, or a store path followed by the
/// column (`Books.sqlite (Z_MODELCACHE)`), or the value of a Transformable attribute
/// (`Entity p12 attribute`).
public enum CoreDataError: Error, Sendable, Hashable, CustomStringConvertible {
    // MARK: The store

    /// The file is a database but not a Core Data store.
    case notCoreDataStore(path: String)
    /// The store lacks something every Core Data store has.
    case malformedStore(path: String, reason: String)
    /// An entity of the model is not listed in the store's `Z_PRIMARYKEY`.
    case entityNotInStore(path: String, entity: String, modelVersion: String)
    /// The store holds an entity that the model version does not define.
    case entityNotInModel(path: String, entity: String, modelVersion: String)
    /// An entity's table is missing.
    case missingTable(path: String, table: String, entity: String)
    /// A column the model needs is missing from its table, under its name and with any numeric
    /// suffix, and the table has no other column that could be meant. `property` is
    /// `Entity.property`, named on the entity that declares it, as every case that names one.
    case missingColumn(path: String, table: String, column: String, property: String)
    /// No candidate model fits the store: none of the versions of the bundle `model`, nor the
    /// store's own `Z_MODELCACHE` when it has one; `misfits` says what each candidate lacks, in
    /// the order they were tried.
    case noModelFits(path: String, model: String, misfits: [ModelMisfit])
    /// A column the model needs is missing from its table, under its name and with any numeric
    /// suffix; `present` lists the table's columns that could be meant instead (those starting
    /// with the same name, or the other columns of a join table) that no other property uses.
    case unmatchedColumn(path: String, table: String, column: String, property: String, present: [String])
    /// A join table the model needs is missing under either of its names (`table` lists both) and
    /// with any numeric suffix; `present` lists the tables whose names start with one of them.
    case unmatchedTable(path: String, table: String, entity: String, present: [String])
    /// The join table of a many-to-many relationship is missing under either of its names
    /// (`table` lists both) and with any numeric suffix, and no table starts like them.
    case missingJoinTable(path: String, table: String, property: String)
    /// A relationship's destinations were asked for although the store's ``ReadScope`` does not
    /// read it, so its storage was never looked for.
    case propertyNotRead(path: String, property: String)
    /// `Z_PRIMARYKEY` lists one entity name under several numbers.
    case duplicateEntityName(path: String, name: String, numbers: [Int64])
    /// `Z_PRIMARYKEY` lists one entity number under several names.
    case duplicateEntityNumber(path: String, number: Int64, names: [String])
    /// A `Z_ENT` or `Z_PK` column holds something other than an integer; `value` shows it as a
    /// message would (`'abc'`, `NULL`), `rows` says in how many rows.
    case nonIntegerKey(path: String, table: String, column: String, value: String, rows: Int64)
    /// Several rows of one entity table share a `Z_PK`, which would give their objects one id.
    case duplicatePrimaryKey(path: String, table: String, key: Int64, rows: Int64)

    // MARK: Persistent history (a full export is needed, ``needsFullExport``)

    /// The store keeps no persistent history: no `ATRANSACTION` table (the app never turned
    /// history tracking on), or it is a plain SQLite database.
    case noHistory(path: String)
    /// The token is of another store: its UUID is not this store's.
    case otherStore(path: String, token: String, storeUUID: String)
    /// The history kept starts after the token: the transactions between were deleted (pruned).
    case pruned(path: String, token: String, oldestKept: Int64)
    /// The token names a transaction after the store's last one: the store was replaced by an
    /// older copy, or its history was reset.
    case newerThanStore(path: String, token: String, lastTransaction: Int64)
    /// A transaction after the token (`missing`, the newest one missing) is not in `ATRANSACTION`
    /// though older ones are: the history is damaged, since pruning deletes only the oldest.
    case historyHole(path: String, token: String, missing: Int64)

    // MARK: Model files

    /// Nothing exists at the path.
    case notFound(path: String)
    /// The path exists but cannot be read (permissions, I/O error); `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// The path exists but holds no Core Data model; `reason` says what was found instead.
    case notAModel(path: String, reason: String)
    /// The file is not well-formed XML; `message` is libxml2's, `line` where it stopped.
    case malformedXML(path: String, line: Int?, message: String)
    /// The XML declares an entity (`<!ENTITY name …>` in its DOCTYPE), which model files never do
    /// and which this reader does not expand.
    case declaresEntity(path: String, name: String)
    /// An element lacks an XML attribute that the loader needs, such as an entity's `name`;
    /// `owner` names the enclosing entity, when there is one.
    case missingXMLAttribute(path: String, line: Int?, element: String, attribute: String, owner: String?)
    /// An attribute's `attributeType` is not one that Core Data stores.
    case unknownAttributeType(path: String, entity: String, attribute: String, type: String)
    /// A relationship's `deletionRule` is not one that Core Data defines.
    case unknownDeletionRule(path: String, entity: String, relationship: String, rule: String)
    /// A `.xccurrentversion` file has no `_XCCurrentVersionName` string, or a `.momd`'s
    /// `VersionInfo.plist` no `NSManagedObjectModel_CurrentVersionName` string.
    case missingCurrentVersionName(path: String)
    /// The version asked for by name (`--model-version`) is not one of the model's; `versions`
    /// lists the names it has.
    case noSuchVersion(path: String, name: String, versions: [String])

    // MARK: Property lists, compressed model caches, keyed archives and archived models

    /// The bytes are not a well-formed binary property list.
    case malformedPropertyList(source: String, defect: PropertyListDefect)
    /// The compressed bytes are damaged or cut short; `reason` is zlib's message or ours.
    case corruptCompressedData(source: String, reason: String)
    /// Decompressing would produce more than `limit` bytes (a decompression bomb, or a model far
    /// larger than any real one).
    case inflatedTooLarge(source: String, limit: Int)
    /// The bytes are compressed with LZFSE, which this build cannot decompress.
    case lzfseCompressed(source: String)
    /// The bytes are neither a binary property list nor compressed data that inflates to one.
    case unknownEncoding(source: String, firstBytes: [UInt8])
    /// The property list is not an `NSKeyedArchiver` archive.
    case notAKeyedArchive(source: String, reason: String)
    /// A reference (UID) points past the end of `$objects`.
    case danglingReference(source: String, uid: UInt64, objectCount: Int)
    /// A value has the wrong shape; `location` says where it was met, `expected` what it should be.
    case unexpectedValue(source: String, location: String, expected: String)
    /// An archived object lacks a key the reader cannot do without.
    case missingKey(source: String, location: String, key: String)
    /// An archived attribute's `NSAttributeType` is not a raw value Core Data defines for stored
    /// attributes.
    case unknownAttributeTypeCode(source: String, entity: String, attribute: String, rawValue: Int64)
    /// An archived relationship's `NSDeleteRule` is not one of Core Data's four rules.
    case unknownDeletionRuleCode(source: String, entity: String, relationship: String, rawValue: Int64)
    /// A legacy Xcode 3 model uses something this reader has no verified decoding for.
    case unsupportedLegacyElement(source: String, entity: String, element: String, reason: String)

    // MARK: Transformable values (their bytes are written instead)

    /// The property list of a Transformable value, or its keyed archive, is damaged; the error
    /// names the value as its source.
    indirect case malformedTransformable(CoreDataError)
    /// A Transformable value's archive holds an object of a class graphexport has no decoding for.
    case unknownClass(String)
    /// An archived object of a known class lacks the field it is read from, or the field has the
    /// wrong shape.
    case unreadableObject(className: String, key: String)
    /// An archived object contains itself through references.
    case cycle(object: UInt64)
    /// Arrays and maps would nest deeper than ``GraphExport/Value/maximumNestingDepth``.
    case nestedTooDeeply(limit: Int)
    /// The value would hold more elements than ``TransformableDecoder/maximumElementCount``.
    case tooManyElements(limit: Int)
    /// The value would hold more than ``TransformableDecoder/maximumPayloadSize`` bytes of text and data.
    case payloadTooLarge(limit: Int)
    /// A property list that is no keyed archive holds a keyed-archive reference (UID).
    case referenceOutsideArchive

    /// What is wrong with a binary property list; objects are numbered as in its offset table.
    public enum PropertyListDefect: Sendable, Hashable, CustomStringConvertible {
        /// There are no bytes at all (a NULL or zero-length column).
        case empty
        /// The bytes do not start with `bplist00`.
        case missingHeader
        /// The 32-byte trailer is missing or describes a layout that does not fit the bytes.
        case invalidTrailer(String)
        /// An object's offset points outside the object area.
        case offsetOutOfRange(object: Int, offset: UInt64)
        /// A container or the trailer refers to an object number the table does not have.
        case referenceOutOfRange(object: Int, reference: UInt64)
        /// An object's declared length or count runs past the end of the bytes.
        case lengthOutOfRange(object: Int, length: UInt64)
        /// An object starts with a marker byte the format does not define (or that we do not read).
        case unknownMarker(object: Int, marker: UInt8)
        /// A string's bytes are not valid in its encoding (ASCII, UTF-16BE or UTF-8).
        case invalidString(object: Int)
        /// A length escape is not followed by a non-negative integer object.
        case invalidLength(object: Int)
        /// A 16-byte integer whose value needs more than 64 bits.
        case integerTooLarge(object: Int)
        /// A dictionary key is not a string.
        case nonStringKey(object: Int)
        /// A dictionary has the same key twice.
        case duplicateKey(object: Int, key: String)
        /// An object contains itself, directly or through other containers.
        case cycle(object: Int)
        /// Containers are nested deeper than the reader allows.
        case tooDeep(limit: Int)

        /// A phrase that completes "… is not a well-formed binary property list: ".
        public var description: String {
            switch self {
            case .empty:
                return "it is empty"
            case .missingHeader:
                return "it does not start with 'bplist00'"
            case .invalidTrailer(let reason):
                return "its trailer is invalid: \(reason)"
            case .offsetOutOfRange(let object, let offset):
                return Self.object(object, "is at offset \(offset), outside the object data")
            case .referenceOutOfRange(let object, let reference):
                return Self.object(object, "refers to object \(reference), which does not exist")
            case .lengthOutOfRange(let object, let length):
                return Self.object(object, "declares length \(length), which runs past the end of the data")
            case .unknownMarker(let object, let marker):
                return Self.object(object, "has unknown type marker \(marker)")
            case .invalidString(let object):
                return Self.object(object, kind: "string", "is not valid in its encoding")
            case .invalidLength(let object):
                return Self.object(object, "has a length that is not a non-negative integer")
            case .integerTooLarge(let object):
                return Self.object(object, kind: "integer", "does not fit in 64 bits")
            case .nonStringKey(let object):
                return Self.object(object, kind: "dictionary", "has a key that is not a string")
            case .duplicateKey(let object, let key):
                return Self.object(object, kind: "dictionary", "has key '\(key)' twice")
            case .cycle(let object):
                return Self.object(object, "contains itself")
            case .tooDeep(let limit):
                return "containers are nested more than \(limit) deep"
            }
        }

        /// `[<kind> ]object <number> <predicate>`: a defect of one object, named by its number in the
        /// offset table and, where it matters, by what kind of object it is.
        private static func object(_ number: Int, kind: String? = nil, _ predicate: String) -> String {
            (kind.map { $0 + " " } ?? "") + "object \(number) " + predicate
        }
    }

    /// A sentence a user can act on; for a Transformable value, a clause that its warning
    /// prefixes with the value's name.
    public var description: String {
        switch self {
        case .notCoreDataStore(let path):
            return ErrorMessage.about(path, "not a Core Data store (it has no Z_PRIMARYKEY and Z_METADATA tables)")
        case .malformedStore(let path, let reason):
            return ErrorMessage.about(path, "damaged Core Data store: \(reason)")
        case .entityNotInStore(let path, let entity, let version):
            return ErrorMessage.about(
                path,
                "model version '\(version)' has entity '\(entity)', which the store's Z_PRIMARYKEY does not "
                    + "list: is this the store's model?"
            )
        case .entityNotInModel(let path, let entity, let version):
            return ErrorMessage.about(
                path,
                "the store has entity '\(entity)', which model version '\(version)' does not define: is this the "
                    + "store's model?"
            )
        case .missingTable(let path, let table, let entity):
            return ErrorMessage.about(path, "table \(table) for entity '\(entity)' is missing")
        case .missingColumn(let path, let table, let column, let property):
            return ErrorMessage.about(
                path,
                "column \(table).\(column) for \(property) is missing, with or without a numeric suffix: the "
                    + "model does not fit the store; \(Self.leaveOut(property))"
            )
        case .noModelFits(let path, let model, let misfits):
            let cache = misfits.contains { $0.candidate == .modelCache } ? " nor its own Z_MODELCACHE" : ""
            return ErrorMessage.about(
                path,
                "no version of '\(model)'\(cache) fits the store: " + misfits.map(\.description).joined(separator: "; ")
            )
        case .unmatchedColumn(let path, let table, let column, let property, let present):
            return ErrorMessage.about(
                path,
                "column \(table).\(column) for \(property) is missing, with or without a numeric suffix; "
                    + "\(table) has \(present.joined(separator: ", ")) instead: the model does not fit the store; "
                    + Self.leaveOut(property))
        case .unmatchedTable(let path, let table, let entity, let present):
            return ErrorMessage.about(
                path,
                "table \(table) for \(entity) is missing, with or without a numeric suffix; "
                    + "the store has \(present.joined(separator: ", ")) instead: the model does not fit the store; "
                    + Self.leaveOut(entity))
        case .missingJoinTable(let path, let table, let property):
            return ErrorMessage.about(
                path,
                "join table \(table) for \(property) is missing, with or without a numeric suffix: the model "
                    + "does not fit the store; \(Self.leaveOut(property))"
            )
        case .propertyNotRead(let path, let property):
            return ErrorMessage.about(
                path, "\(property) was left out of what the store reads, so its destinations cannot be read")
        case .duplicateEntityName(let path, let name, let numbers):
            let list = numbers.map(String.init).joined(separator: " and ")
            return ErrorMessage.about(
                path,
                "Z_PRIMARYKEY lists entity '\(name)' more than once (Z_ENT \(list)), so it is unknown which rows "
                    + "are its objects; \(Self.damaged)"
            )
        case .duplicateEntityNumber(let path, let number, let names):
            let list = names.map { "'\($0)'" }.joined(separator: " and ")
            return ErrorMessage.about(
                path, "Z_PRIMARYKEY gives Z_ENT \(number) to more than one entity (\(list)); \(Self.damaged)")
        case .nonIntegerKey(let path, let table, let column, let value, let rows):
            return ErrorMessage.about(
                path,
                "table \(table) has \(column) \(value) in \(Self.rows(rows)), where Core Data stores only "
                    + "integers; \(Self.damaged)"
            )
        case .duplicatePrimaryKey(let path, let table, let key, let rows):
            return ErrorMessage.about(
                path, "table \(table) has \(Self.rows(rows)) with Z_PK \(key), which must be unique; \(Self.damaged)")

        case .noHistory, .otherStore, .pruned, .newerThanStore, .historyHole:
            return historyMessage(conclusion: "a full export is needed: ")

        case .notFound(let path):
            return "model '\(path)' does not exist"
        case .unreadable(let path, let reason):
            return "cannot read model file '\(path)': \(reason)"
        case .notAModel(let path, let reason):
            return "'\(path)' is not a Core Data model: \(reason)"
        case .malformedXML(let path, let line, let message):
            return "'\(path)'\(Self.at(line)) is not well-formed XML: \(message)"
        case .declaresEntity(let path, let name):
            return "'\(path)' declares the XML entity '\(name)'; Xcode never writes entities into a model "
                + "file and graphexport does not expand them: remove the <!DOCTYPE …> declarations, "
                + "or open the model in Xcode and save it again"
        case .missingXMLAttribute(let path, let line, let element, let attribute, let owner):
            let within = owner.map { " of entity '\($0)'" } ?? ""
            return ErrorMessage.about(
                "'\(path)'\(Self.at(line))", "an <\(element)>\(within) has no '\(attribute)' attribute")
        case .unknownAttributeType(let path, let entity, let attribute, let type):
            return Self.quoted(
                path,
                "attribute \(entity).\(attribute) has attributeType '\(type)', which is not a Core Data attribute type")
        case .unknownDeletionRule(let path, let entity, let relationship, let rule):
            return Self.quoted(
                path,
                "relationship \(entity).\(relationship) has deletionRule '\(rule)', which is not a Core Data "
                    + "deletion rule"
            )
        case .missingCurrentVersionName(let path):
            return "'\(path)' does not name the current model version "
                + "(no _XCCurrentVersionName string in its dictionary, or for a .momd's VersionInfo.plist "
                + "no NSManagedObjectModel_CurrentVersionName)"
        case .noSuchVersion(let path, let name, let versions):
            return "model '\(path)' has no version named '\(name)' (versions: "
                + versions.map { "'\($0)'" }.joined(separator: ", ") + ")"

        case .malformedPropertyList(let source, .empty):
            return "'\(source)' is empty, not a binary property list"
        case .malformedPropertyList(let source, let defect):
            return "'\(source)' is not a well-formed binary property list: \(defect)"
        case .corruptCompressedData(let source, let reason):
            return Self.quoted(source, "the compressed data is damaged or incomplete: \(reason)")
        case .inflatedTooLarge(let source, let limit):
            return Self.quoted(
                source, "the compressed data expands to more than \(limit) bytes; refusing to decompress it further")
        case .lzfseCompressed(let source):
            return Self.quoted(
                source,
                "LZFSE-compressed model caches are not supported; pass the app's .xcdatamodeld with --model instead")
        case .unknownEncoding(let source, let firstBytes):
            let hex = firstBytes.map { Self.hex($0) }.joined(separator: " ")
            return "'\(source)' is neither a binary property list nor DEFLATE/zlib data that "
                + "inflates to one (it starts with \(hex.isEmpty ? "nothing" : hex))"
        case .notAKeyedArchive(let source, let reason):
            return "'\(source)' is not an NSKeyedArchiver archive: \(reason)"
        case .danglingReference(let source, let uid, let count):
            return Self.quoted(source, "the archive refers to object \(uid), but it has only \(count) objects")
        case .unexpectedValue(let source, let location, let expected):
            return Self.quoted(source, "\(location) is not \(expected)")
        case .missingKey(let source, let location, let key):
            return Self.quoted(source, "\(location) has no '\(key)'")
        case .unknownAttributeTypeCode(let source, let entity, let attribute, let rawValue):
            return Self.quoted(
                source,
                "attribute \(entity).\(attribute) has NSAttributeType \(rawValue), which is not a stored Core "
                    + "Data attribute type this version knows"
            )
        case .unknownDeletionRuleCode(let source, let entity, let relationship, let rawValue):
            return Self.quoted(
                source,
                "relationship \(entity).\(relationship) has NSDeleteRule \(rawValue), which is not a Core Data "
                    + "deletion rule"
            )
        case .unsupportedLegacyElement(let source, let entity, let element, let reason):
            return Self.quoted(
                source,
                "entity '\(entity)' has \(element), which the legacy Xcode 3 model reader cannot decode "
                    + "(\(reason)); open the model in Xcode 4 or later and save it, or leave the model out so that the "
                    + "store's own model cache is used, if it has one"
            )

        case .malformedTransformable(let error):
            return Self.transformable("cannot be read: \(error)")
        case .unknownClass(let name):
            return Self.transformable(
                "is a keyed archive holding an object of class '\(name)', which graphexport does not decode")
        case .unreadableObject(let className, let key):
            return Self.transformable("is a keyed archive holding an \(className) without a readable '\(key)'")
        case .cycle(let object):
            return Self.transformable("is a keyed archive whose object \(object) contains itself")
        case .nestedTooDeeply(let limit):
            return Self.transformable("nests arrays and dictionaries more than \(limit) levels deep")
        case .tooManyElements(let limit):
            return Self.transformable("holds more than \(limit) elements")
        case .payloadTooLarge(let limit):
            return Self.transformable("holds more than \(limit) bytes of text and data")
        case .referenceOutsideArchive:
            return Self.transformable(
                "is a property list holding a keyed-archive reference outside an NSKeyedArchiver archive")
        }
    }

    /// Whether an export of what changed since a history token cannot be written, so that a full
    /// export is needed instead (the command line exits with status 3, `docs/HISTORY.md`).
    public var needsFullExport: Bool {
        historyGap != nil
    }

    /// Why the history cannot say what changed, without the store's path, for an error that
    /// ``needsFullExport`` (`graphexport sync` compares instead, docs/SYNC.md); `nil` for any other.
    public var historyReason: String? {
        historyGap?.reason
    }

    /// What is wrong, without the conclusion that a full export is needed (for `graphexport
    /// log`): `<path>: <reason>`; any other error is its ``description``.
    public var problem: String {
        historyMessage(conclusion: "")
    }

    /// `<path>: <conclusion><reason>` for an error that makes a full export needed, else the
    /// ``description``.
    private func historyMessage(conclusion: String) -> String {
        guard let (path, reason) = historyGap else { return description }
        return ErrorMessage.about(path, "\(conclusion)\(reason)")
    }

    /// The store and why a full export of it is needed, for the errors of persistent history.
    private var historyGap: (path: String, reason: String)? {
        switch self {
        case .noHistory(let path):
            return (
                path,
                "the store keeps no persistent history (no ATRANSACTION table: the app never turned history "
                    + "tracking on), so it cannot tell what changed"
            )
        case .otherStore(let path, let token, let storeUUID):
            return (
                path, "the token \(TerminalText.echoed(token)) is of another store (this store's UUID is \(storeUUID))"
            )
        case .pruned(let path, let token, let oldestKept):
            return (
                path,
                "the history kept starts at transaction \(oldestKept), after the token \(TerminalText.echoed(token)): the transactions "
                    + "between were deleted (pruned)"
            )
        case .newerThanStore(let path, let token, let lastTransaction):
            return (
                path,
                "the token \(TerminalText.echoed(token)) is newer than the store's last transaction (\(lastTransaction)): the store was "
                    + "replaced by an older copy or its history was reset"
            )
        case .historyHole(let path, let token, let missing):
            return (
                path,
                "transaction \(missing), after the token \(token), is missing from ATRANSACTION though older ones "
                    + "are kept: the history is damaged (pruning deletes only the oldest)"
            )
        default:
            return nil
        }
    }

    /// How to export the rest of a store whose model names a property (`Entity.property`) it cannot
    /// find: the options that leave it out, so that it is never looked for.
    private static func leaveOut(_ property: String) -> String {
        let entity = property.lastIndex(of: ".").map { String(property[..<$0]) } ?? property
        return "to export the rest, leave it out with --exclude-attribute \(property) "
            + "(or its entity with --exclude-entity \(entity))"
    }

    /// What to do about a store whose bookkeeping contradicts itself.
    private static let damaged =
        "the store is damaged: let the app that wrote it repair it, or export a backup of it"

    /// `1 row`, `3 rows`: for the messages of this layer.
    package static func rows(_ count: Int64) -> String {
        count == 1 ? "1 row" : "\(count) rows"
    }

    /// `'<source>': <explanation>`: a message about a model file or archive, named in quotes.
    private static func quoted(_ source: String, _ explanation: String) -> String {
        ErrorMessage.about("'\(source)'", explanation)
    }

    /// ` line 12`, or nothing when the line is unknown.
    private static func at(_ line: Int?) -> String {
        line.map { " line \($0)" } ?? ""
    }

    /// A byte as two lowercase hex digits.
    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// `phrase` completing "the Transformable value …".
    private static func transformable(_ phrase: String) -> String {
        "the Transformable value " + phrase
    }
}
