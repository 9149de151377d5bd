import Foundation
import GraphExport
import XCTest

@testable import GraphExportStore

/// Reads the Xcode 3 `elements` model of `coredatabooks-legacy` and checks it against its store.
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
                        AttributeInfo(name: "author", type: .string, isOptional: false),
                        AttributeInfo(name: "contents", type: .string, isOptional: true),
                        AttributeInfo(name: "copyright", type: .date, isOptional: true),
                        AttributeInfo(name: "title", type: .string, isOptional: false),
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

    func testRelationshipsAndParentsAreRefusedByName() throws {
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
        renamed[attributeClass] = try Self.classInfo("XDPMRelationship")
        XCTAssertThrowsError(try decode(renamed, plist)) {
            guard case .unsupportedLegacyElement(_, "Book", let element, _)? = $0 as? ArchiveError else {
                return XCTFail("\($0)")
            }
            XCTAssertTrue(element.contains("XDPMRelationship"), element)
        }

        objects[generalizations] = .dictionary(
            try PropertyListDictionary(entries: [
                ("$class", objects[generalizations].dictionary?["$class"] ?? .null), ("NS.objects", .array([.uid(7)])),
            ]))
        XCTAssertThrowsError(try decode(objects, plist)) {
            guard case .unsupportedLegacyElement(_, _, "a parent entity", _)? = $0 as? ArchiveError else {
                return XCTFail("\($0)")
            }
        }
    }

    /// Writes an archive with replaced `$objects` through a keyed archive and the legacy reader.
    private func decode(_ objects: [PropertyListValue], _ plist: PropertyListValue) throws -> ModelVersion {
        let envelope = try XCTUnwrap(plist.dictionary)
        let entries = zip(envelope.keys, envelope.values).map { key, value in
            (key: key, value: key == "$objects" ? PropertyListValue.array(objects) : value)
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ArchiveLegacy-\(UUID().uuidString).xcdatamodel")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let bytes = PlistWriter.bytes(.dictionary(try PropertyListDictionary(entries: entries)))
        try Data(bytes).write(to: folder.appendingPathComponent("elements"))
        return try LegacyModelReader.model(fromLegacyElements: folder.path)
    }

    private static func classInfo(_ name: String) throws -> PropertyListValue {
        .dictionary(
            try PropertyListDictionary(entries: [
                ("$classname", .string(name)), ("$classes", .array([.string(name), .string("NSObject")])),
            ]))
    }
}
