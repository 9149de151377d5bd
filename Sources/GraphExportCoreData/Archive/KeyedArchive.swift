/// An `NSKeyedArchiver` archive, walked by hand: no class is ever instantiated.
///
/// The archive is a property list `{$archiver: "NSKeyedArchiver", $version, $top: {root: UID},
/// $objects: […]}`. Objects refer to each other by UID (an index into `$objects`); an object
/// dictionary names its class through `$class`, a UID of `{$classname, $classes}`.
///
/// References are resolved one at a time, when a reader asks for them, and no helper here
/// follows more than a fixed number of references. Cycles in the object graph (an entity and its
/// model, a relationship and its inverse) therefore cost nothing: a reader that needs only a
/// related object's name reads the name and stops.
struct KeyedArchive {
    /// Names the archive in errors.
    let source: String
    private let objects: [PropertyListValue]
    /// The value of `$top.root`: a reference to the root object, unresolved.
    let rootReference: PropertyListValue

    /// Reads the envelope of an archive.
    init(_ plist: PropertyListValue, source: String) throws {
        self.source = source
        guard let envelope = plist.dictionary else {
            throw ArchiveError.notAKeyedArchive(source: source, reason: "its top object is not a dictionary")
        }
        guard envelope["$archiver"]?.string == "NSKeyedArchiver" else {
            throw ArchiveError.notAKeyedArchive(source: source, reason: "its $archiver is not 'NSKeyedArchiver'")
        }
        guard let objects = envelope["$objects"]?.array else {
            throw ArchiveError.notAKeyedArchive(source: source, reason: "it has no $objects array")
        }
        guard let root = envelope["$top"]?.dictionary?["root"] else {
            throw ArchiveError.notAKeyedArchive(source: source, reason: "it has no $top.root")
        }
        self.objects = objects
        self.rootReference = root
    }

    /// Parses a binary property list and reads it as an archive.
    init(bytes: [UInt8], source: String) throws {
        try self.init(BinaryPropertyList.parse(bytes, source: source), source: source)
    }

    /// The object `$top.root` refers to.
    func root() throws -> ArchivedObject {
        guard let root = try object(rootReference, at: "$top.root") else {
            throw ArchiveError.unexpectedValue(source: source, location: "$top.root", expected: "an object")
        }
        return root
    }

    /// What a value stands for: for a UID, the `$objects` entry it points at; any other value is
    /// inline and stands for itself. The string `$null` is read as ``PropertyListValue/null``.
    func resolve(_ value: PropertyListValue) throws -> PropertyListValue {
        guard case .uid(let uid) = value else { return value }
        guard uid < UInt64(objects.count) else {
            throw ArchiveError.danglingReference(source: source, uid: uid, objectCount: objects.count)
        }
        let resolved = objects[Int(uid)]
        return resolved.string == "$null" ? .null : resolved
    }

    /// The archived object a value refers to, or `nil` for null; `location` names the value in
    /// errors (`NSEntities of NSManagedObjectModel`).
    func object(_ value: PropertyListValue, at location: String) throws -> ArchivedObject? {
        let resolved = try resolve(value)
        if resolved == .null { return nil }
        guard let fields = resolved.dictionary, let classReference = fields["$class"] else {
            throw ArchiveError.unexpectedValue(source: source, location: location, expected: "an archived object")
        }
        guard let classInfo = try resolve(classReference).dictionary,
            let className = classInfo["$classname"]?.string
        else {
            throw ArchiveError.unexpectedValue(
                source: source, location: "the $class of \(location)", expected: "a class description")
        }
        let ancestors = classInfo["$classes"]?.array?.compactMap(\.string) ?? []
        let uid: UInt64?
        if case .uid(let value) = value { uid = value } else { uid = nil }
        return ArchivedObject(uid: uid, className: className, classNames: ancestors, fields: fields)
    }
}

/// One object of a keyed archive: its class and its encoded fields.
struct ArchivedObject {
    /// The object's index in `$objects`, when it was reached through a reference.
    let uid: UInt64?
    /// The archived class name (`NSEntityDescription`).
    let className: String
    /// The class and its ancestors, most derived first, as archived in `$classes`.
    let classNames: [String]
    /// The encoded fields, `$class` included.
    let fields: PropertyListDictionary

    /// The value encoded for a key.
    subscript(key: String) -> PropertyListValue? {
        fields[key]
    }

    /// Whether the object's class is `name` or inherits from it.
    func isKind(of name: String) -> Bool {
        className == name || classNames.contains(name)
    }

    /// The object's class, and its `$objects` index when known, for errors: `NSEntityDescription
    /// (object 12)`.
    var label: String {
        uid.map { "\(className) (object \($0))" } ?? className
    }
}
