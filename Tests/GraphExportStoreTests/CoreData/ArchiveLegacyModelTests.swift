import Foundation
import GraphExport
import XCTest

@testable import GraphExportCoreData
@testable import GraphExportSQLite

/// Reads the Xcode 3 `elements` models of `coredatabooks-legacy` and `restkit-legacy-model` and
/// checks them against their stores.
final class ArchiveLegacyModelTests: XCTestCase {
    func testCoreDataBooksElementsDecodeToBookWithFourAttributes() throws {
        let folder = try ArchiveSamples.copy("coredatabooks-legacy/CoreDataBooks.xcdatamodel", for: self)
        let version = try LegacyModelReader.model(fromLegacyElements: folder + "/elements")

        XCTAssertEqual(version.name, "CoreDataBooks")
        XCTAssertEqual(version.contentsPath, folder + "/elements")
        XCTAssertEqual(
            version.entities,
            [
                EntityInfo(
                    name: "Book",
                    attributes: [
                        .required("author", .string), .optional("contents", .string), .optional("copyright", .date),
                        .required("title", .string),
                    ])
            ])
        XCTAssertTrue(version.externalStorageAttributes.isEmpty)
        XCTAssertEqual(try LegacyModelReader.model(fromLegacyElements: folder), version, "the folder works too")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/elements")))
        XCTAssertEqual(
            try LegacyModelReader.model(
                fromLegacyElements: bytes, path: folder + "/elements", versionName: "CoreDataBooks"),
            version, "the bytes read the same")
    }

    func testEveryAttributeHasItsColumnInTheStore() throws {
        let folder = try ArchiveSamples.copy("coredatabooks-legacy/CoreDataBooks.xcdatamodel", for: self)
        let store = try ArchiveSamples.copy("coredatabooks-legacy/CoreDataBooks.sqlite", for: self)
        let version = try LegacyModelReader.model(fromLegacyElements: folder)
        let database = try SQLiteDatabase(readOnly: store, displayPath: store)

        for entity in version.entities {
            let columns = try database.columns(of: "Z" + entity.name.uppercased())
            for attribute in entity.attributes {
                XCTAssertTrue(columns.contains("Z" + attribute.name.uppercased()), "\(entity.name).\(attribute.name)")
            }
        }
        XCTAssertNoThrow(try GraphModel(entities: version.entities))
    }

    func testUnreadableAndForeignFilesAreErrors() throws {
        XCTAssertThrowsError(try LegacyModelReader.model(fromLegacyElements: "/nonexistent/Model.xcdatamodel")) {
            XCTAssertEqual($0 as? ModelFileError, .notFound(path: "/nonexistent/Model.xcdatamodel"))
        }
        let store = try ArchiveSamples.copy("bnr-manytomany/TestModel.sqlite", for: self)
        XCTAssertThrowsError(try LegacyModelReader.model(fromLegacyElements: store)) {
            XCTAssertEqual($0 as? ArchiveError, .malformedPropertyList(source: store, defect: .missingHeader))
        }
    }

    /// The relationship keys of `XD_PR_Stereotype` (`XD_PRK_destination`,
    /// `XD_PRK_inverseRelationship`, `XD_PRK_isToMany`, `XD_PRK_deleteRule`) and of
    /// `XD_PPropStereotype` (`XD_PPSK_isOptional`), as RestKit's Twitter example has them.
    func testRestKitElementsDecodeRelationshipsWithDestinationInverseAndFlags() throws {
        let folder = try ArchiveSamples.copy("restkit-legacy-model/RKTwitterCoreData.xcdatamodel", for: self)
        let version = try LegacyModelReader.model(fromLegacyElements: folder)

        XCTAssertEqual(version.name, "RKTwitterCoreData")
        XCTAssertEqual(
            version.entities,
            [
                EntityInfo(
                    name: "RKTStatus",
                    attributes: [
                        .optional("createdAt", .date), .optional("inReplyToScreenName", .string),
                        .optional("isFavorited", .boolean), .optional("statusID", .integer64),
                        .optional("text", .string), .optional("urlString", .string),
                    ],
                    relationships: [
                        RelationshipInfo(name: "user", destination: "RKTUser", isToMany: false, inverse: "status")
                    ]),
                EntityInfo(
                    name: "RKTUser",
                    attributes: [
                        .optional("name", .string), .optional("screenName", .string), .optional("userID", .integer64),
                    ],
                    relationships: [
                        RelationshipInfo(name: "status", destination: "RKTStatus", isToMany: true, inverse: "user")
                    ]),
            ])
        let model = try GraphModel(entities: version.entities)
        let user = try XCTUnwrap(model.index(of: "RKTUser"))
        XCTAssertEqual(model.relationships(of: user).map(\.nestsDestination), [true], "a user owns its statuses")
    }

    func testRelationshipSettingsAreReadFromTheirStereotypeKeys() throws {
        let folder = try ArchiveSamples.copy("restkit-legacy-model/RKTwitterCoreData.xcdatamodel", for: self)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/elements")))
        let plist = try BinaryPropertyList.parse(bytes, source: "elements")
        let objects = try XCTUnwrap(plist.dictionary?["$objects"]?.array)
        func status(with setting: String, _ value: PropertyListValue) throws -> RelationshipInfo? {
            var edited = objects
            let index = try Self.setting(setting, ofProperty: "status", in: objects)
            edited[index] = try Self.replacingDefault(of: objects[index], with: value)
            let version = try decode(edited, plist)
            return version.entities.first { $0.name == "RKTUser" }?.relationships.first
        }

        XCTAssertEqual(try status(with: "XD_PRK_deleteRule", .integer(2))?.deletionRule, .cascade)
        XCTAssertEqual(try status(with: "XD_PRK_deleteRule", .integer(3))?.deletionRule, .deny)
        XCTAssertEqual(try status(with: "XD_PRK_deleteRule", .integer(0))?.deletionRule, .noAction)
        XCTAssertEqual(try status(with: "XD_PRK_isToMany", .boolean(false))?.isToMany, false)
        XCTAssertEqual(try status(with: "XD_PPSK_isOptional", .boolean(false))?.isOptional, false)
        XCTAssertEqual(try status(with: "XD_PRK_inverseRelationship", .null)?.inverse, .some(nil))
        XCTAssertNil(try status(with: "XD_PPSK_isTransient", .boolean(true)), "a transient relationship has no column")
        XCTAssertThrowsError(try status(with: "XD_PRK_deleteRule", .integer(9))) {
            guard case .unknownDeletionRuleCode(_, "RKTUser", "status", 9)? = $0 as? ArchiveError else {
                return XCTFail("\($0)")
            }
        }
        XCTAssertThrowsError(try status(with: "XD_PRK_destination", .null)) {
            guard case .missingKey(_, "relationship RKTUser.status", "XD_PRK_destination")? = $0 as? ArchiveError
            else {
                return XCTFail("\($0)")
            }
        }
        XCTAssertThrowsError(try status(with: "XD_PRK_destination", .string("RKTStatus"))) {
            guard case .unexpectedValue(_, let location, _)? = $0 as? ArchiveError else { return XCTFail("\($0)") }
            XCTAssertEqual(location, "XD_PRK_destination of relationship RKTUser.status")
        }
    }

    func testOtherPropertyClassesAndParentsAreRefusedByName() throws {
        let folder = try ArchiveSamples.copy("coredatabooks-legacy/CoreDataBooks.xcdatamodel", for: self)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/elements")))
        let plist = try BinaryPropertyList.parse(bytes, source: "elements")
        var objects = try XCTUnwrap(plist.dictionary?["$objects"]?.array)
        let attributeClass = try XCTUnwrap(
            objects.firstIndex { $0.dictionary?["$classname"] == .string("XDPMAttribute") })
        let entityClass = try XCTUnwrap(objects.firstIndex { $0.dictionary?["$classname"] == .string("XDPMEntity") })
        let entity = try XCTUnwrap(objects.first { $0.dictionary?["$class"] == .uid(UInt64(entityClass)) })
        guard case .uid(let parentsUID)? = entity.dictionary?["XDBucketForGeneralizationsstorage"] else {
            return XCTFail("the entity has no generalizations bucket")
        }
        let generalizations = Int(parentsUID)

        var renamed = objects
        renamed[attributeClass] = HandMadeArchive.classInfo(["XDPMFetchedProperty", "NSObject"])
        XCTAssertThrowsError(try decode(renamed, plist)) {
            guard case .unsupportedLegacyElement(_, "Book", let element, _)? = $0 as? ArchiveError else {
                return XCTFail("\($0)")
            }
            XCTAssertTrue(element.contains("XDPMFetchedProperty"), element)
        }

        objects[generalizations] = HandMadeArchive.dictionary([
            ("$class", objects[generalizations].dictionary?["$class"] ?? .null), ("NS.objects", .array([.uid(7)])),
        ])
        XCTAssertThrowsError(try decode(objects, plist)) {
            guard case .unsupportedLegacyElement(_, _, "a parent entity", _)? = $0 as? ArchiveError else {
                return XCTFail("\($0)")
            }
        }
    }

    /// The index in `$objects` of the `XDUMLPropertyImp` that holds `setting` for the property
    /// named `property`: property → `XDBucketForStereotypesstorage` → each stereotype's
    /// `XDBucketForOwnedAttributesstorage` → the setting.
    private static func setting(_ setting: String, ofProperty property: String, in objects: [PropertyListValue]) throws
        -> Int
    {
        func object(_ value: PropertyListValue?) throws -> PropertyListDictionary {
            guard case .uid(let uid)? = value, let object = objects[Int(uid)].dictionary else {
                throw Failure(description: "\(String(describing: value)) is not a reference to an object")
            }
            return object
        }
        func entries(_ value: PropertyListValue?) throws -> [(key: String, value: PropertyListValue)] {
            let dictionary = try object(value)
            let keys = dictionary["NS.keys"]?.array ?? []
            let values = dictionary["NS.objects"]?.array ?? []
            return zip(keys, values).map { key, value in
                guard case .uid(let uid) = key else { return ("", value) }
                return (objects[Int(uid)].string ?? "", value)
            }
        }
        let owner = try XCTUnwrap(
            objects.firstIndex { candidate in
                guard case .uid(let name)? = candidate.dictionary?["_name"] else { return false }
                return objects[Int(name)].string == property
                    && candidate.dictionary?["XDBucketForStereotypesstorage"] != nil
            })
        for (_, stereotype) in try entries(objects[owner].dictionary?["XDBucketForStereotypesstorage"]) {
            for (name, slot) in try entries(try object(stereotype)["XDBucketForOwnedAttributesstorage"])
            where name == setting {
                guard case .uid(let uid) = slot else { break }
                return Int(uid)
            }
        }
        throw Failure(description: "property '\(property)' has no setting \(setting)")
    }

    /// An `XDUMLPropertyImp` with its `_default` replaced by an inline value.
    private static func replacingDefault(of imp: PropertyListValue, with value: PropertyListValue) throws
        -> PropertyListValue
    {
        let fields = try XCTUnwrap(imp.dictionary)
        return .dictionary(
            try PropertyListDictionary(
                entries: zip(fields.keys, fields.values).map { key, old in (key, key == "_default" ? value : old) }))
    }

    private struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes an archive with replaced `$objects` through a keyed archive and the legacy reader.
    private func decode(_ objects: [PropertyListValue], _ plist: PropertyListValue) throws -> ModelVersion {
        let envelope = try XCTUnwrap(plist.dictionary)
        let entries = zip(envelope.keys, envelope.values).map { key, value in
            (key: key, value: key == "$objects" ? PropertyListValue.array(objects) : value)
        }
        let folder = try ScratchFolder(for: self)
        let bytes = PlistWriter.bytes(.dictionary(try PropertyListDictionary(entries: entries)))
        return try LegacyModelReader.model(fromLegacyElements: folder.write("elements", bytes).path)
    }
}
