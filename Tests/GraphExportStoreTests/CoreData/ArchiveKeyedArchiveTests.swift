import XCTest

@testable import GraphExportCoreData

/// Walks hand-built `NSKeyedArchiver` archives: Foundation collections, strings, numbers,
/// references that loop, and envelopes that are wrong.
final class ArchiveKeyedArchiveTests: XCTestCase {
    /// An archive whose `$objects` are `objects`, rooted at object 1.
    private func archive(_ objects: [PropertyListValue]) throws -> KeyedArchive {
        try KeyedArchive(HandMadeArchive.envelope(objects: .array(objects)), source: "test archive")
    }

    private func object(_ fields: [(String, PropertyListValue)]) -> PropertyListValue {
        HandMadeArchive.dictionary(fields)
    }

    func testCollectionsStringsAndNumbers() throws {
        let archive = try archive([
            .string("$null"),
            object([
                ("$class", .uid(2)), ("list", .uid(3)), ("set", .uid(5)), ("map", .uid(7)), ("text", .uid(9)),
                ("plain", .uid(11)), ("count", .integer(3)), ("flag", .boolean(true)), ("nothing", .uid(0)),
            ]),
            HandMadeArchive.classInfo(["Thing", "NSObject"]),
            object([("$class", .uid(4)), ("NS.objects", .array([.uid(11), .integer(2)]))]),
            HandMadeArchive.classInfo(["NSMutableArray", "NSArray", "NSObject"]),
            object([("$class", .uid(6)), ("NS.objects", .array([.uid(11)]))]),
            HandMadeArchive.classInfo(["NSSet", "NSObject"]),
            object([
                ("$class", .uid(8)), ("NS.keys", .array([.uid(11), .uid(9)])),
                ("NS.objects", .array([.integer(1), .integer(2)])),
            ]),
            HandMadeArchive.classInfo(["NSMutableDictionary", "NSDictionary", "NSObject"]),
            object([("$class", .uid(10)), ("NS.string", .string("mutable"))]),
            HandMadeArchive.classInfo(["NSMutableString", "NSString", "NSObject"]),
            .string("plain"),
        ])
        let root = try archive.root()

        XCTAssertEqual(root.className, "Thing")
        XCTAssertEqual(root.uid, 1)
        XCTAssertEqual(try archive.elements(root["list"], at: "list"), [.uid(11), .integer(2)])
        XCTAssertEqual(try archive.elements(root["set"], at: "set"), [.uid(11)])
        let entries = try archive.entries(root["map"], at: "map")
        XCTAssertEqual(entries.map(\.key), ["plain", "mutable"])
        XCTAssertEqual(entries.map(\.value), [.integer(1), .integer(2)])
        XCTAssertEqual(try archive.string(root["text"], at: "text"), "mutable")
        XCTAssertEqual(try archive.string(root["plain"], at: "plain"), "plain")
        XCTAssertNil(try archive.string(root["nothing"], at: "nothing"))
        XCTAssertNil(try archive.string(root["absent"], at: "absent"))
        XCTAssertEqual(try archive.integer(root["count"], at: "count"), 3)
        XCTAssertEqual(try archive.boolean(root["flag"], at: "flag"), true)
        XCTAssertEqual(try archive.integer(root["flag"], at: "flag"), 1)
        XCTAssertEqual(try archive.elements(root["absent"], at: "absent"), [])

        XCTAssertThrowsError(try archive.integer(root["plain"], at: "plain")) {
            XCTAssertEqual(
                $0 as? ArchiveError,
                .unexpectedValue(source: "test archive", location: "plain", expected: "an integer"))
        }
        XCTAssertThrowsError(try archive.entries(root["list"], at: "list"))
        XCTAssertThrowsError(try archive.string(root["list"], at: "list"))
    }

    func testKnownKeysDictionaryPairsValuesWithSearchMappingKeys() throws {
        let archive = try archive([
            .string("$null"),
            object([("$class", .uid(2)), ("values", .uid(3)), ("searchMapping", .uid(5)), ("version", .integer(1))]
            ),
            HandMadeArchive.classInfo([
                "NSKnownKeysDictionary1", "NSKnownKeysDictionary", "NSMutableDictionary", "NSDictionary",
            ]),
            object([("$class", .uid(4)), ("NS.objects", .array([.integer(10), .integer(20)]))]),
            HandMadeArchive.classInfo(["NSArray", "NSObject"]),
            object([("$class", .uid(6)), ("keys", .uid(7)), ("length", .integer(2))]),
            HandMadeArchive.classInfo(["NSKnownKeysMappingStrategy1", "NSObject"]),
            object([("$class", .uid(4)), ("NS.objects", .array([.uid(8), .uid(9)]))]),
            .string("Author"), .string("Book"),
        ])
        let entries = try archive.entries(.uid(1), at: "NSEntities")

        XCTAssertEqual(entries.map(\.key), ["Author", "Book"])
        XCTAssertEqual(entries.map(\.value), [.integer(10), .integer(20)])
    }

    func testSelfReferencesResolveOneStepAtATime() throws {
        // An array containing itself, and two objects referring to each other.
        let archive = try archive([
            .string("$null"),
            object([("$class", .uid(2)), ("NS.objects", .array([.uid(1), .uid(1)]))]),
            HandMadeArchive.classInfo(["NSArray", "NSObject"]),
            object([("$class", .uid(5)), ("other", .uid(4)), ("name", .string("A"))]),
            object([("$class", .uid(5)), ("other", .uid(3)), ("name", .string("B"))]),
            HandMadeArchive.classInfo(["Node", "NSObject"]),
        ])

        XCTAssertEqual(try archive.elements(.uid(1), at: "loop"), [.uid(1), .uid(1)])
        var node = try XCTUnwrap(archive.object(.uid(3), at: "node"))
        for _ in 0..<1000 {
            node = try XCTUnwrap(archive.object(node["other"] ?? .null, at: "other"))
        }
        XCTAssertEqual(try archive.string(node["name"], at: "name"), "A")
        XCTAssertThrowsError(try archive.string(.uid(1), at: "loop"))
    }

    func testDanglingReferencesAndBadEnvelopes() throws {
        let dangling = try archive([.string("$null"), object([("$class", .uid(99))])])
        XCTAssertThrowsError(try dangling.root()) {
            XCTAssertEqual($0 as? ArchiveError, .danglingReference(source: "test archive", uid: 99, objectCount: 2))
        }
        XCTAssertThrowsError(try archive([.string("$null")]).root()) {
            XCTAssertEqual($0 as? ArchiveError, .danglingReference(source: "test archive", uid: 1, objectCount: 1))
        }
        let classless = try archive([.string("$null"), object([("name", .string("x"))])])
        XCTAssertThrowsError(try classless.root()) {
            guard case .unexpectedValue? = $0 as? ArchiveError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try archive([.string("$null"), .string("$null")]).root())

        let wrongArchiver = HandMadeArchive.envelope(objects: .array([]), archiver: "NSArchiver")
        XCTAssertThrowsError(try KeyedArchive(wrongArchiver, source: "test archive")) {
            guard case .notAKeyedArchive? = $0 as? ArchiveError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try KeyedArchive(HandMadeArchive.envelope(objects: .integer(3)), source: "test archive"))
        XCTAssertThrowsError(try KeyedArchive(.array([]), source: "test archive"))
        XCTAssertThrowsError(try KeyedArchive(bytes: HandMadePlist([[0x51, 0x61]]).bytes, source: "test archive")) {
            XCTAssertEqual(
                "\($0)",
                "'test archive' is not an NSKeyedArchiver archive: its top object is not a dictionary")
        }
    }
}
