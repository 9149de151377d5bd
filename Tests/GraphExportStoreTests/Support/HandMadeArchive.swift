@testable import GraphExportCoreData

/// An `NSKeyedArchiver` archive assembled object by object, for the archive and Transformable
/// tests (with the dictionaries, class descriptions and envelopes they build by hand): `$objects`
/// starts with `$null`, each class description is added once, and objects may refer to objects
/// added later (``reserve()``) so that cycles can be made.
struct HandMadeArchive {
    private(set) var objects: [PropertyListValue] = [.string("$null")]
    private var classReferences: [String: UInt64] = [:]

    /// Adds a value to `$objects`; returns its reference.
    @discardableResult
    mutating func add(_ value: PropertyListValue) -> PropertyListValue {
        objects.append(value)
        return .uid(UInt64(objects.count - 1))
    }

    /// Reserves a place in `$objects` for ``set(_:to:)``; returns its reference.
    mutating func reserve() -> PropertyListValue {
        add(.null)
    }

    /// Fills a reserved place.
    mutating func set(_ reference: PropertyListValue, to value: PropertyListValue) {
        guard case .uid(let uid) = reference else { preconditionFailure("not a reference") }
        objects[Int(uid)] = value
    }

    /// The fields of an object of `className` (its `$class` added), not yet in `$objects`;
    /// `ancestors` default to Foundation's for a mutable class (`NSMutableString`: `NSString`,
    /// `NSObject`), else `NSObject`.
    mutating func fields(
        _ className: String, _ fields: [(String, PropertyListValue)], ancestors: [String]? = nil
    ) -> PropertyListValue {
        let ancestors =
            ancestors
            ?? (className.hasPrefix("NSMutable")
                ? ["NS" + className.dropFirst("NSMutable".count), "NSObject"] : ["NSObject"])
        let classReference: UInt64
        if let known = classReferences[className] {
            classReference = known
        } else {
            add(Self.classInfo([className] + ancestors))
            classReference = UInt64(objects.count - 1)
            classReferences[className] = classReference
        }
        return Self.dictionary([("$class", .uid(classReference))] + fields)
    }

    /// Adds an object of `className`; returns its reference.
    mutating func object(
        _ className: String, _ fields: [(String, PropertyListValue)], ancestors: [String]? = nil
    ) -> PropertyListValue {
        let made = self.fields(className, fields, ancestors: ancestors)
        return add(made)
    }

    /// Adds an `NSArray` (or another collection class) of `elements`.
    mutating func array(_ elements: [PropertyListValue], className: String = "NSArray") -> PropertyListValue {
        object(className, [("NS.objects", .array(elements))])
    }

    /// Adds an `NSDictionary` (or `NSMutableDictionary`) of `entries`, keys added as strings.
    mutating func dictionary(
        _ entries: [(String, PropertyListValue)], className: String = "NSDictionary"
    ) -> PropertyListValue {
        let keys = entries.map { add(.string($0.0)) }
        return object(className, [("NS.keys", .array(keys)), ("NS.objects", .array(entries.map(\.1)))])
    }

    /// The archive's bytes, its root `root`.
    func bytes(root: PropertyListValue) -> [UInt8] {
        PlistWriter.bytes(
            Self.dictionary([
                ("$version", .integer(100_000)), ("$archiver", .string("NSKeyedArchiver")),
                ("$top", Self.dictionary([("root", root)])), ("$objects", .array(objects)),
            ]))
    }

    /// A property-list dictionary of distinct keys.
    static func dictionary(_ entries: [(String, PropertyListValue)]) -> PropertyListValue {
        // The tests give distinct keys.
        .dictionary(try! PropertyListDictionary(entries: entries.map { (key: $0.0, value: $0.1) }))
    }

    /// A class description: `$classname` is the first of `names` (the class, then its ancestors),
    /// `$classes` all of them.
    static func classInfo(_ names: [String]) -> PropertyListValue {
        dictionary([("$classname", .string(names[0])), ("$classes", .array(names.map { .string($0) }))])
    }

    /// The envelope of an archive whose `$objects` are `objects`, rooted at `root`.
    static func envelope(
        objects: PropertyListValue, root: PropertyListValue = .uid(1), archiver: String = "NSKeyedArchiver"
    ) -> PropertyListValue {
        dictionary([
            ("$archiver", .string(archiver)), ("$version", .integer(100_000)), ("$top", dictionary([("root", root)])),
            ("$objects", objects),
        ])
    }
}
