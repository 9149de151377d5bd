import GraphExport
import XCTest

@testable import GraphExportCoreData

/// Archived models built by hand, for what no sample store has: inheritance, transient and
/// ordered flags in both encodings, external storage, unstored and unknown types, every deletion
/// rule, derived attributes and fetched properties.
final class ModelCacheSyntheticTests: XCTestCase {
    func testFlagsTypesRulesAndInheritance() throws {
        var model = ModelArchiveBuilder()
        let vehicle = model.reserve()
        let car = model.reserve()
        let garage = model.reserve()
        let attribute = ["NSAttributeDescription", "NSPropertyDescription", "NSObject"]
        let relationship = ["NSRelationshipDescription", "NSPropertyDescription", "NSObject"]
        let vehicleProperties: [(String, [String], [(String, PropertyListValue)])] = [
            ("wheels", attribute, [("NSAttributeType", .integer(200)), ("_P", .integer(241))]),
            ("note", attribute, [("NSAttributeType", .integer(700)), ("NSIsTransient", .boolean(true))]),
            ("cache", attribute, [("NSAttributeType", .integer(1000)), ("_P", .integer(241 | 8))]),
            (
                "photo", attribute,
                [("NSAttributeType", .integer(1000)), ("NSFlagsKey", .integer(4)), ("_P", .integer(243))]
            ),
            ("nothing", attribute, [("NSAttributeType", .integer(0))]),
            ("objectID", attribute, [("NSAttributeType", .integer(2000))]),
            ("address", ["NSCompositeAttributeDescription"] + attribute, [("NSAttributeType", .integer(2100))]),
            ("total", ["NSDerivedAttributeDescription"] + attribute, [("NSAttributeType", .integer(500))]),
        ]
        model.entity(vehicle, name: "Vehicle", abstract: true, properties: vehicleProperties)
        model.entity(
            car, name: "Car", parent: vehicle,
            properties: [
                (
                    "garage", relationship,
                    [
                        ("NSDestinationEntity", .uid(garage)), ("_NSInverseRelationshipName", model.string("cars")),
                        ("NSMaxCount", .integer(1)), ("NSDeleteRule", .integer(0)), ("_P", .integer(241)),
                    ]
                )
            ])
        model.entity(
            garage, name: "Garage", knownKeys: true,
            properties: [
                (
                    "cars", relationship,
                    [
                        ("_NSDestinationEntityName", model.string("Car")), ("NSInverseRelationship", .uid(0)),
                        ("_NSInverseRelationshipName", model.string("garage")), ("NSMaxCount", .integer(0)),
                        ("NSDeleteRule", .integer(2)), ("NSIsOrdered", .boolean(true)),
                        ("NSIsOptional", .boolean(true)),
                    ]
                ),
                (
                    "tags", relationship,
                    [
                        ("NSDestinationEntity", .uid(garage)), ("NSMaxCount", .integer(5)),
                        ("NSDeleteRule", .integer(3)),
                        ("_P", .integer(0x401)),
                    ]
                ),
                ("owner", ["NSFetchedPropertyDescription", "NSPropertyDescription", "NSObject"], []),
            ])
        let version = try model.decode(entities: [vehicle, car, garage])

        XCTAssertEqual(version.entities.map(\.name), ["Garage", "Vehicle", "Car"], "roots by name, then sub-entities")
        XCTAssertEqual(
            version.entities[1],
            EntityInfo(
                name: "Vehicle", isAbstract: true,
                attributes: [.optional("photo", .binary), .required("total", .double), .required("wheels", .integer32)])
        )
        XCTAssertEqual(
            version.entities[2],
            EntityInfo(
                name: "Car", parent: "Vehicle",
                relationships: [
                    RelationshipInfo(
                        name: "garage", destination: "Garage", isToMany: false, inverse: "cars",
                        deletionRule: .noAction, isOptional: false)
                ]))
        XCTAssertEqual(
            version.entities[0].relationships,
            [
                RelationshipInfo(
                    name: "cars", destination: "Car", isToMany: true, isOrdered: true, inverse: "garage",
                    deletionRule: .cascade),
                RelationshipInfo(
                    name: "tags", destination: "Garage", isToMany: true, isOrdered: true, inverse: nil,
                    deletionRule: .deny, isOptional: false),
            ])
        XCTAssertEqual(version.externalStorageAttributes, ["Vehicle.photo"])
        XCTAssertTrue(version.allowsExternalStorage(entity: "Vehicle", attribute: "photo"))
        XCTAssertNoThrow(try GraphModel(entities: version.entities))
    }

    /// As in the Apple Notes store: every sub-entity lists what it inherits again, down two levels.
    /// Each repeat is the ancestor's property, so each entity keeps only what it declares and the
    /// resolved model has every property once.
    func testPropertiesASubEntityRepeatsFromItsAncestorsAreTheInheritedOnes() throws {
        var model = ModelArchiveBuilder()
        let base = model.reserve()
        let container = model.reserve()
        let folder = model.reserve()
        typealias Property = (name: String, classes: [String], fields: [(String, PropertyListValue)])
        let attribute = ["NSAttributeDescription", "NSPropertyDescription", "NSObject"]
        let identifier: Property = ("identifier", attribute, [("NSAttributeType", .integer(700))])
        let photo: Property = ("photo", attribute, [("NSAttributeType", .integer(1000)), ("NSFlagsKey", .integer(4))])
        let owner: Property = (
            "owner", ["NSRelationshipDescription", "NSPropertyDescription", "NSObject"],
            [("NSDestinationEntity", .uid(base)), ("NSMaxCount", .integer(1)), ("NSDeleteRule", .integer(1))]
        )
        let title: Property = ("title", attribute, [("NSAttributeType", .integer(700))])
        let depth: Property = ("depth", attribute, [("NSAttributeType", .integer(200))])
        model.entity(base, name: "Base", abstract: true, properties: [identifier, photo, owner])
        model.entity(container, name: "Container", parent: base, properties: [identifier, photo, owner, title])
        model.entity(
            folder, name: "Folder", parent: container, knownKeys: true,
            properties: [identifier, photo, owner, title, depth])
        let version = try model.decode(entities: [folder, container, base])

        XCTAssertEqual(version.entities.map(\.name), ["Base", "Container", "Folder"])
        XCTAssertEqual(
            version.entities.map { $0.attributes.map(\.name) }, [["identifier", "photo"], ["title"], ["depth"]])
        XCTAssertEqual(version.entities.map { $0.relationships.map(\.name) }, [["owner"], [], []])
        XCTAssertEqual(version.externalStorageAttributes, ["Base.photo"])
        let graph = try GraphModel(entities: version.entities)
        let folderIndex = try XCTUnwrap(graph.index(of: "Folder"))
        XCTAssertEqual(graph.attributes(of: folderIndex).map(\.name), ["identifier", "photo", "title", "depth"])
        XCTAssertEqual(graph.relationships(of: folderIndex).map(\.name), ["owner"])
    }

    func testUnknownTypesRulesAndMissingKeysAreNamed() throws {
        let attribute = ["NSAttributeDescription", "NSPropertyDescription", "NSObject"]
        let relationship = ["NSRelationshipDescription", "NSPropertyDescription", "NSObject"]
        let cases: [([String], [(String, PropertyListValue)], String)] = [
            (
                attribute, [("NSAttributeType", .integer(2200))],
                "attribute Thing.property has NSAttributeType 2200, which is not a stored Core Data attribute type"
            ),
            (attribute, [], "attribute Thing.property has no 'NSAttributeType'"),
            (
                relationship,
                [
                    ("_NSDestinationEntityName", .string("Thing")), ("NSMaxCount", .integer(1)),
                    ("NSDeleteRule", .integer(7)),
                ],
                "relationship Thing.property has NSDeleteRule 7, which is not a Core Data deletion rule"
            ),
            (
                relationship, [("_NSDestinationEntityName", .string("Thing")), ("NSDeleteRule", .integer(1))],
                "has no 'NSMaxCount'"
            ),
            (
                relationship, [("NSMaxCount", .integer(1)), ("NSDeleteRule", .integer(1))],
                "has no 'NSDestinationEntity'"
            ),
            (attribute, [("NSAttributeType", .string("700"))], "NSAttributeType of Thing.property is not an integer"),
        ]
        for (classes, fields, message) in cases {
            var model = ModelArchiveBuilder()
            let thing = model.reserve()
            model.entity(thing, name: "Thing", properties: [("property", classes, fields)])
            XCTAssertThrowsError(try model.decode(entities: [thing])) {
                XCTAssertTrue("\($0)".contains(message), "\($0)")
                XCTAssertTrue("\($0)".hasPrefix("'synthetic.sqlite (Z_MODELCACHE)': "), "\($0)")
            }
        }
    }
}

/// Builds the keyed archive of an `NSManagedObjectModel`, object by object; object 1 is the model.
private struct ModelArchiveBuilder {
    private var objects: [PropertyListValue] = [.string("$null"), .null]
    private var classes: [String: UInt64] = [:]

    /// Reserves an object number, to be filled later (entities refer to each other).
    mutating func reserve() -> UInt64 {
        objects.append(.null)
        return UInt64(objects.count - 1)
    }

    /// A string object, by reference.
    mutating func string(_ text: String) -> PropertyListValue {
        objects.append(.string(text))
        return .uid(UInt64(objects.count - 1))
    }

    /// Fills a reserved number with an entity and its properties.
    mutating func entity(
        _ uid: UInt64, name: String, parent: UInt64 = 0, abstract: Bool = false, knownKeys: Bool = false,
        properties: [(name: String, classes: [String], fields: [(String, PropertyListValue)])]
    ) {
        let propertyReferences = properties.map { property in
            add(
                property.classes,
                [("NSPropertyName", string(property.name)), ("NSEntity", .uid(uid))] + property.fields)
        }
        let names = properties.map { string($0.name) }
        let dictionary =
            knownKeys ? knownKeysDictionary(names, propertyReferences) : plainDictionary(names, propertyReferences)
        var fields: [(String, PropertyListValue)] = [
            ("NSEntityName", string(name)), ("NSSuperentity", .uid(parent)), ("NSProperties", dictionary),
            ("NSManagedObjectModel", .uid(1)),
        ]
        if abstract { fields.append(("NSIsAbstract", .boolean(true))) }
        objects[Int(uid)] = archived(["NSEntityDescription", "NSObject"], fields)
    }

    /// Completes the model with its entities and decodes it through the model-cache reader,
    /// compressed as Core Data does.
    mutating func decode(entities: [UInt64]) throws -> ModelVersion {
        var names: [PropertyListValue] = []
        for entity in entities {
            guard case .dictionary(let fields) = objects[Int(entity)], let name = fields["NSEntityName"] else {
                continue
            }
            names.append(name)
        }
        let entitiesValue = knownKeysDictionary(names, entities.map { .uid($0) })
        objects[1] = archived(["NSManagedObjectModel", "NSObject"], [("NSEntities", entitiesValue)])
        let archive = HandMadeArchive.envelope(objects: .array(objects))
        let blob = Deflate.compress(PlistWriter.bytes(archive), framing: .raw)
        return try ModelCacheReader.model(fromModelCache: blob, storePath: "synthetic.sqlite")
    }

    private mutating func add(_ classes: [String], _ fields: [(String, PropertyListValue)]) -> PropertyListValue {
        objects.append(archived(classes, fields))
        return .uid(UInt64(objects.count - 1))
    }

    private mutating func archived(_ classes: [String], _ fields: [(String, PropertyListValue)]) -> PropertyListValue {
        HandMadeArchive.dictionary([("$class", classReference(classes))] + fields)
    }

    private mutating func classReference(_ classes: [String]) -> PropertyListValue {
        if let uid = classes.first.flatMap({ self.classes[$0] }) { return .uid(uid) }
        objects.append(
            HandMadeArchive.classInfo(classes))
        self.classes[classes[0]] = UInt64(objects.count - 1)
        return .uid(UInt64(objects.count - 1))
    }

    private mutating func plainDictionary(_ keys: [PropertyListValue], _ values: [PropertyListValue])
        -> PropertyListValue
    {
        add(
            ["NSMutableDictionary", "NSDictionary", "NSObject"],
            [("NS.keys", .array(keys)), ("NS.objects", .array(values))])
    }

    private mutating func knownKeysDictionary(_ keys: [PropertyListValue], _ values: [PropertyListValue])
        -> PropertyListValue
    {
        let keyArray = add(["NSArray", "NSObject"], [("NS.objects", .array(keys))])
        let valueArray = add(["NSArray", "NSObject"], [("NS.objects", .array(values))])
        let mapping = add(
            ["NSKnownKeysMappingStrategy1", "NSObject"], [("keys", keyArray), ("length", .integer(Int64(keys.count)))])
        return add(
            ["NSKnownKeysDictionary1", "NSKnownKeysDictionary", "NSMutableDictionary", "NSDictionary", "NSObject"],
            [("values", valueArray), ("searchMapping", mapping), ("version", .integer(1))])
    }
}
