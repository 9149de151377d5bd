import Foundation
import GraphExport
import GraphExportCoreData
import XCTest

/// Reads the real model files in `shared/coredata-samples/` (copied to a scratch folder first) and
/// small hand-written ones.
final class ModelFileTests: XCTestCase {
    private var scratch: ScratchFolder!

    override func setUpWithError() throws {
        scratch = try ScratchFolder(for: self)
    }

    // MARK: - Real samples

    func testWiboscoMigrationGoesFromPostAloneToPostAndColorOneToOneInFourVersions() throws {
        let bundle = try ModelFile.load(
            path: ArchiveSamples.copy("wibosco-migration/CoreDataMigration_Example.xcdatamodeld", for: self))
        XCTAssertEqual(
            bundle.versions.map(\.name),
            [
                "CoreDataMigration_Example", "CoreDataMigration_Example 2",
                "CoreDataMigration_Example 3", "CoreDataMigration_Example 4",
            ])
        XCTAssertEqual(bundle.currentVersionName, "CoreDataMigration_Example 4")
        XCTAssertEqual(bundle.current.name, "CoreDataMigration_Example 4")

        let first = try XCTUnwrap(bundle.version(named: "CoreDataMigration_Example"))
        XCTAssertEqual(
            first.entities,
            [
                EntityInfo(
                    name: "Post",
                    attributes: [.optional("color", .string), .optional("date", .date), .optional("postID", .string)])
            ])
        XCTAssertTrue(first.externalStorageAttributes.isEmpty)

        let version = bundle.current
        XCTAssertEqual(version.entities.map(\.name), ["Color", "Post"])
        let color = try XCTUnwrap(version.entities.first { $0.name == "Color" })
        let post = try XCTUnwrap(version.entities.first { $0.name == "Post" })
        XCTAssertEqual(
            post.relationships,
            [
                RelationshipInfo(
                    name: "color", destination: "Color", isToMany: false, inverse: "post", isOptional: false)
            ])
        XCTAssertEqual(
            color.relationships,
            [RelationshipInfo(name: "post", destination: "Post", isToMany: false, inverse: "color")])
        XCTAssertEqual(post.attributes.map(\.name), ["date", "hide", "postID"])
        XCTAssertEqual(post.attributes[1], .optional("hide", .boolean))

        // Neither side cascades: the pair are peers, referencing each other.
        let model = try GraphModel(entities: version.entities)
        for entity in ["Post", "Color"] {
            let index = try XCTUnwrap(model.index(of: entity))
            XCTAssertEqual(model.relationships(of: index).map(\.nestsDestination), [false], entity)
        }
        for version in bundle.versions {
            XCTAssertNoThrow(try GraphModel(entities: version.entities), version.name)
        }
    }

    func testBNRManyToManyHasBothVersionsAndToManyBothWays() throws {
        let bundle = try ModelFile.load(path: bnrBundle().path)

        XCTAssertEqual(bundle.versions.map(\.name), ["TestModel", "TestModel 2"])
        XCTAssertEqual(bundle.currentVersionName, "TestModel 2")
        XCTAssertEqual(bundle.current.name, "TestModel 2")
        XCTAssertEqual(bundle.versions[0].entities.map(\.name), ["Author", "Book"])
        XCTAssertEqual(bundle.versions[1].entities.map(\.name), ["Author", "Book", "Publisher"])
        for version in bundle.versions {
            let author = try XCTUnwrap(version.entities.first { $0.name == "Author" })
            let book = try XCTUnwrap(version.entities.first { $0.name == "Book" })
            XCTAssertEqual(
                author.relationships.first { $0.name == "books" },
                RelationshipInfo(name: "books", destination: "Book", isToMany: true, inverse: "authors"),
                version.name)
            XCTAssertEqual(
                book.relationships.first { $0.name == "authors" },
                RelationshipInfo(name: "authors", destination: "Author", isToMany: true, inverse: "books"),
                version.name)
            XCTAssertNoThrow(try GraphModel(entities: version.entities), version.name)
        }
        let publisher = try XCTUnwrap(bundle.current.entities.last)
        XCTAssertEqual(
            publisher.relationships,
            [RelationshipInfo(name: "books", destination: "Book", isToMany: true, inverse: "publisher")])
    }

    func testSingleVersionFolderAndContentsFileLoadOneVersion() throws {
        let folder = try bnrBundle().path + "/TestModel 2.xcdatamodel"
        let contents = folder + "/contents"

        let fromFolder = try ModelFile.load(path: folder)
        let fromFile = try ModelFile.load(path: contents)

        for bundle in [fromFolder, fromFile] {
            XCTAssertEqual(bundle.versions.map(\.name), ["TestModel 2"])
            XCTAssertNil(bundle.currentVersionName)
            XCTAssertEqual(bundle.current.contentsPath, contents)
            XCTAssertEqual(bundle.current.entities.map(\.name), ["Author", "Book", "Publisher"])
        }
        XCTAssertEqual(fromFolder.path, folder)
        XCTAssertEqual(fromFile.path, contents)
    }

    func testLegacyXcode3ModelIsReadForItsEntitiesAndAttributes() throws {
        let folder = try ArchiveSamples.copy("coredatabooks-legacy/CoreDataBooks.xcdatamodel", for: self)
        for path in [folder, folder + "/elements"] {
            let bundle = try ModelFile.load(path: path)
            XCTAssertEqual(bundle.versions.map(\.name), ["CoreDataBooks"])
            XCTAssertEqual(bundle.current.entities.map(\.name), ["Book"])
            XCTAssertEqual(
                Set(bundle.current.entities[0].attributes.map(\.name)), ["author", "title", "copyright", "contents"])
        }
    }

    // MARK: - Hand-written models

    func testInheritanceSkippedPropertiesAndFlags() throws {
        let path = try write(
            """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0">
                <entity name="Item" representedClassName="Item" isAbstract="YES" syncable="YES">
                    <attribute name="title" attributeType="String"/>
                    <attribute name="cached" optional="YES" transient="YES" attributeType="Transformable"/>
                    <attribute name="anything" optional="YES" attributeType="Undefined"/>
                    <attribute name="objectID" optional="YES" attributeType="ObjectID"/>
                    <attribute name="place" optional="YES" attributeType="Composite" composite="Place"/>
                    <relationship name="album" optional="YES" maxCount="1" deletionRule="Deny" destinationEntity="Album" inverseName="items" inverseEntity="Album"/>
                    <fetchedProperty name="similar" optional="YES">
                        <fetchRequest name="fetchedPropertyFetchRequest" entity="Item" predicateString="title == $FETCH_SOURCE.title"/>
                    </fetchedProperty>
                    <userInfo><entry key="note" value="kept out"/></userInfo>
                    <uniquenessConstraints><uniquenessConstraint><constraint value="title"/></uniquenessConstraint></uniquenessConstraints>
                    <fetchIndex name="byTitle"><fetchIndexElement property="title" type="Binary" order="ascending"/></fetchIndex>
                </entity>
                <entity name="Photo" parentEntity="Item" syncable="YES">
                    <attribute name="image" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
                    <attribute name="takenAt" attributeType="Date" usesScalarValueType="NO"/>
                    <relationship name="preview" optional="YES" transient="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Photo"/>
                </entity>
                <entity name="Album">
                    <attribute name="price" optional="YES" attributeType="Decimal"/>
                    <relationship name="items" optional="YES" toMany="YES" ordered="YES" deletionRule="Cascade" destinationEntity="Item" inverseName="album" inverseEntity="Item"/>
                    <relationship name="cover" optional="YES" maxCount="1" deletionRule="No Action" destinationEntity="Photo"/>
                </entity>
                <fetchRequest name="AllPhotos" entity="Photo"/>
                <configuration name="Cloud" usedWithCloudKit="YES"><memberEntity name="Photo"/></configuration>
                <composite name="Place"><attribute name="latitude" attributeType="Double"/></composite>
                <elements><element name="Item" positionX="0" positionY="0" width="128" height="60"/></elements>
            </model>
            """,
            to: "Gallery.xcdatamodel/contents")

        let version = try ModelFile.load(path: path).current

        XCTAssertEqual(version.name, "Gallery")
        XCTAssertEqual(
            version.entities,
            [
                EntityInfo(
                    name: "Item", isAbstract: true,
                    attributes: [.required("title", .string)],
                    relationships: [
                        RelationshipInfo(
                            name: "album", destination: "Album", isToMany: false, inverse: "items",
                            deletionRule: .deny)
                    ]),
                EntityInfo(
                    name: "Photo", parent: "Item",
                    attributes: [.optional("image", .binary), .required("takenAt", .date)]),
                EntityInfo(
                    name: "Album",
                    attributes: [.optional("price", .decimal)],
                    relationships: [
                        RelationshipInfo(
                            name: "items", destination: "Item", isToMany: true, isOrdered: true,
                            inverse: "album", deletionRule: .cascade),
                        RelationshipInfo(
                            name: "cover", destination: "Photo", isToMany: false, deletionRule: .noAction),
                    ]),
            ])
        XCTAssertEqual(version.externalStorageAttributes, ["Photo.image"])
        XCTAssertTrue(version.allowsExternalStorage(entity: "Photo", attribute: "image"))

        let model = try GraphModel(entities: version.entities)
        let photo = try XCTUnwrap(model.index(of: "Photo"))
        XCTAssertEqual(model.attributes(of: photo).map(\.name), ["title", "image", "takenAt"])
        XCTAssertEqual(model.relationships(of: photo).map(\.name), ["album"])
        XCTAssertEqual(model.concreteEntities.map { model.entities[$0].name }, ["Photo", "Album"])
    }

    func testVersionsSortNumbersByValueAndMissingCurrentVersionFileMeansLast() throws {
        for name in ["Model 10", "Model", "Model 2"] {
            try write(Self.emptyModel, to: "Model.xcdatamodeld/\(name).xcdatamodel/contents")
        }
        let bundle = try ModelFile.load(path: scratch.path("Model.xcdatamodeld/"))

        XCTAssertEqual(bundle.versions.map(\.name), ["Model", "Model 2", "Model 10"])
        XCTAssertNil(bundle.currentVersionName)
        XCTAssertEqual(bundle.current.name, "Model 10")
    }

    // MARK: - Errors

    func testMalformedXMLNamesFileAndLine() throws {
        let bundlePath = try bnrBundle().path
        let contents = bundlePath + "/TestModel 2.xcdatamodel/contents"
        try write("<?xml version=\"1.0\"?>\n<model>\n    <entity name=\"A\">\n</model>\n", toPath: contents)

        XCTAssertThrowsError(try ModelFile.load(path: bundlePath)) { error in
            guard case .malformedXML(let path, let line, let message)? = error as? ModelFileError else {
                return XCTFail("expected malformedXML, got \(error)")
            }
            XCTAssertEqual(path, contents)
            XCTAssertEqual(line, 4)
            XCTAssertTrue(message.contains("mismatch"), message)
            XCTAssertTrue(String(describing: error).contains(contents), "\(error)")
        }
    }

    /// An empty file, an external entity (never read), and a billion laughs in an attribute value
    /// or in element text (where entity references are not expanded, libxml2 stops it as an entity
    /// loop) are malformed XML, refused in bounded time.
    func testDocumentsTheParserRefusesAreMalformedXML() throws {
        let levels = (1...9).map { level in
            "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        let laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE model [<!ENTITY l0 \"lol\">\(levels.joined())]>\n"
        let documents: [(name: String, xml: String, message: String?)] = [
            ("Empty", "", nil),
            (
                "Entity",
                """
                <?xml version="1.0"?>
                <!DOCTYPE model [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
                <model><entity name="&secret;"/></model>
                """,
                "external entity"
            ),
            ("Bomb", laughs + #"<model><entity name="&l9;"/></model>"#, nil),
            ("TextBomb", laughs + #"<model><entity name="A">&l9;</entity></model>"#, "entity reference loop"),
        ]
        for (name, xml, expected) in documents {
            let path = try write(xml, to: "\(name).xcdatamodel/contents")
            let start = Date()
            XCTAssertThrowsError(try ModelFile.load(path: path), name) { error in
                guard case .malformedXML(path, _, let message)? = error as? ModelFileError else {
                    return XCTFail("\(name): expected malformedXML, got \(error)")
                }
                if let expected { XCTAssertTrue(message.contains(expected), "\(name): \(message)") }
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 2, name)
        }
    }

    /// No entity or DTD beside the model is ever loaded, however it is referenced, and its text
    /// appears neither in the model nor in the error. Before, an external entity referenced from
    /// element text loaded silently (as nothing).
    func testLocalFilesNamedByEntitiesOrDTDsAreNeverRead() throws {
        let folder = "Leak.xcdatamodel"
        let secret = "TOPSECRET-4711"
        try write("\(secret)\n", to: "\(folder)/secret.txt")
        try write(
            "<!ENTITY leak \"\(secret)\"><!ATTLIST entity name CDATA \"\(secret)\">", to: "\(folder)/evil.dtd")
        let documents: [(xml: String, expected: (String) -> ModelFileError?)] = [
            (
                #"<!DOCTYPE model [<!ENTITY secret SYSTEM "secret.txt">]><model><entity name="A"/>&secret;</model>"#,
                { .declaresEntity(path: $0, name: "secret") }
            ),
            (
                #"<!DOCTYPE model [<!ENTITY % ext SYSTEM "evil.dtd"> %ext;]><model><entity name="&leak;"/></model>"#,
                { _ in nil }
            ),
            (
                #"<!DOCTYPE model SYSTEM "evil.dtd"><model><entity name="&leak;"/><entity/></model>"#,
                { .missingXMLAttribute(path: $0, line: 2, element: "entity", attribute: "name", owner: nil) }
            ),
        ]
        for (xml, expected) in documents {
            let path = try write("<?xml version=\"1.0\"?>\n" + xml, to: "\(folder)/contents")
            XCTAssertThrowsError(try ModelFile.load(path: path), xml) { error in
                XCTAssertFalse("\(error)".contains(secret), "\(error)")
                if let expected = expected(path) {
                    XCTAssertEqual(error as? ModelFileError, expected, xml)
                } else {
                    guard case .malformedXML(path, _, _)? = error as? ModelFileError else {
                        return XCTFail("expected malformedXML, got \(error)")
                    }
                }
            }
        }

        let (bundlePath, currentPath) = try bnrBundle(
            currentVersion: """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist [<!ENTITY secret SYSTEM "secret.txt">]>
                <plist version="1.0"><dict><key>_XCCurrentVersionName</key><string>&secret;</string></dict></plist>
                """)
        try write("\(secret)\n", toPath: bundlePath + "/secret.txt")
        XCTAssertThrowsError(try ModelFile.load(path: bundlePath)) { error in
            XCTAssertEqual(error as? ModelFileError, .declaresEntity(path: currentPath, name: "secret"))
            XCTAssertFalse("\(error)".contains(secret), "\(error)")
        }
    }

    /// A 100 KB entity referenced from 2 000 attribute values would expand to 200 MB of names:
    /// refused before any expansion, in bounded time. Before, the model loaded with 2 000
    /// entities named by the expansion.
    func testEntityReferencedFromManyAttributeValuesIsRefusedBeforeExpanding() throws {
        let references = String(repeating: #"<entity name="&big;"/>"#, count: 2_000)
        let path = try write(
            """
            <?xml version="1.0"?>
            <!DOCTYPE model [<!ENTITY big "\(String(repeating: "x", count: 100_000))">]>
            <model>\(references)</model>
            """,
            to: "Quadratic.xcdatamodel/contents")
        let start = Date()
        XCTAssertThrowsError(try ModelFile.load(path: path)) { error in
            XCTAssertEqual(error as? ModelFileError, .declaresEntity(path: path, name: "big"))
            XCTAssertTrue("\(error)".hasPrefix("'\(path)' declares the XML entity 'big'"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    func testUnknownValuesAndMissingRequiredXMLAttributesAreNamed() throws {
        let documents: [(name: String, xml: String, error: (String) -> ModelFileError, says: [String])] = [
            (
                "Unknown",
                """
                <model>
                    <entity name="Post"><attribute name="tint" optional="YES" attributeType="Color"/></entity>
                </model>
                """,
                { .unknownAttributeType(path: $0, entity: "Post", attribute: "tint", type: "Color") },
                ["Post.tint", "'Color'"]
            ),
            (
                "Rule",
                """
                <model><entity name="A">
                    <relationship name="b" deletionRule="Explode" destinationEntity="A"/>
                </entity></model>
                """,
                { .unknownDeletionRule(path: $0, entity: "A", relationship: "b", rule: "Explode") }, []
            ),
            (
                "Nameless", "<model>\n<entity name=\"A\"/>\n<entity syncable=\"YES\"/>\n</model>",
                { .missingXMLAttribute(path: $0, line: 3, element: "entity", attribute: "name", owner: nil) },
                ["line 3"]
            ),
            (
                "Aimless",
                "<model>\n<entity name=\"A\">\n<relationship name=\"b\" toMany=\"YES\"/>\n</entity>\n</model>",
                {
                    .missingXMLAttribute(
                        path: $0, line: 3, element: "relationship", attribute: "destinationEntity", owner: "A")
                },
                ["entity 'A'"]
            ),
        ]
        for (name, xml, expected, says) in documents {
            let path = try write(xml, to: "\(name).xcdatamodel/contents")
            XCTAssertThrowsError(try ModelFile.load(path: path), name) { error in
                XCTAssertEqual(error as? ModelFileError, expected(path), name)
                for part in [path] + says {
                    XCTAssertTrue(String(describing: error).contains(part), "\(error)")
                }
            }
        }
    }

    /// The bundle still loads: the named version is only missing, the others are all there, and
    /// the newest of them counts as current (it is tried first against a store).
    func testCurrentVersionThatIsNotInTheBundle() throws {
        let (bundlePath, currentPath) = try bnrBundle(currentVersion: Self.currentVersion("TestModel 3.xcdatamodel"))

        let bundle = try ModelFile.load(path: bundlePath)
        XCTAssertEqual(bundle.versions.map(\.name), ["TestModel", "TestModel 2"])
        XCTAssertNil(bundle.currentVersionName)
        XCTAssertEqual(bundle.current.name, "TestModel 2")
        XCTAssertEqual(
            bundle.warnings.map(\.message),
            [
                "'\(currentPath)' names current version 'TestModel 3', which the bundle does not contain "
                    + "(it has 'TestModel', 'TestModel 2'): its versions are tried newest first"
            ])
    }

    func testCurrentVersionFileWithoutTheKey() throws {
        let (bundlePath, currentPath) = try bnrBundle(
            currentVersion: Self.currentVersion("TestModel.xcdatamodel").replacingOccurrences(
                of: "_XCCurrentVersionName", with: "SomethingElse"))

        XCTAssertThrowsError(try ModelFile.load(path: bundlePath)) { error in
            XCTAssertEqual(error as? ModelFileError, .missingCurrentVersionName(path: currentPath))
        }
    }

    func testPathsThatAreNotModels() throws {
        let missing = scratch.path("Nothing Here.xcdatamodeld")
        XCTAssertThrowsError(try ModelFile.load(path: missing)) { error in
            XCTAssertEqual(error as? ModelFileError, .notFound(path: missing))
        }

        let empty = scratch.path("Empty.xcdatamodeld")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        XCTAssertThrowsError(try ModelFile.load(path: empty)) { error in
            guard case .notAModel(empty, _)? = error as? ModelFileError else {
                return XCTFail("expected notAModel, got \(error)")
            }
        }

        let plist = try write(Self.currentVersion("A.xcdatamodel"), to: "Plist.xcdatamodel/contents")
        XCTAssertThrowsError(try ModelFile.load(path: plist)) { error in
            XCTAssertEqual(
                error as? ModelFileError,
                .notAModel(path: plist, reason: "its root element is <plist>, not <model>"))
        }

        let binary = try write("bplist00\u{1}", to: "Compiled.mom")
        XCTAssertThrowsError(try ModelFile.load(path: binary)) { error in
            guard case .notAModel(binary, _)? = error as? ModelFileError else {
                return XCTFail("expected notAModel, got \(error)")
            }
        }
    }

    // MARK: - Fixtures

    private static let emptyModel = #"<?xml version="1.0"?><model type="com.apple.IDECoreDataModeler.DataModel"/>"#

    private static func currentVersion(_ name: String) -> String {
        PropertyListXML.document("\t<key>_XCCurrentVersionName</key>\n\t<string>\(name)</string>")
    }

    /// A copy of the BNR sample's bundle, its `.xccurrentversion` replaced by `currentVersion`
    /// when given; returns the bundle's path and that file's.
    private func bnrBundle(currentVersion: String? = nil) throws -> (path: String, currentVersion: String) {
        let path = try ArchiveSamples.copy("bnr-manytomany/Sample.xcdatamodeld", for: self)
        if let currentVersion { try write(currentVersion, toPath: path + "/.xccurrentversion") }
        return (path, path + "/.xccurrentversion")
    }

    /// Writes `text` to a path inside the scratch folder, creating folders, and returns the path.
    @discardableResult
    private func write(_ text: String, to relativePath: String) throws -> String {
        try write(text, toPath: scratch.path(relativePath))
    }

    /// Writes `text` to `path`, creating folders, and returns the path.
    @discardableResult
    private func write(_ text: String, toPath path: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return path
    }
}
