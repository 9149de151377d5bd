import Foundation
import GraphExport
import XCTest

@testable import GraphExportCoreData

/// The Transformable decoder on archives and property lists made by hand (``HandMadeArchive``,
/// ``PlistWriter``, ``HandMadePlist``): every class it knows, plain property lists, bytes it
/// leaves alone, and hostile input.
final class TransformableDecoderTests: XCTestCase {
    private func decode(_ bytes: [UInt8]) -> TransformableDecoding {
        TransformableDecoder.decode(bytes, source: "Item p1 thing")
    }

    private func assertValue(
        _ bytes: [UInt8], _ expected: Value, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(decode(bytes), .value(expected), file: file, line: line)
    }

    private static let uuid: [UInt8] = Array(0..<16)

    func testSwiftDataStyleArrayOfStrings() {
        var archive = HandMadeArchive()
        let root = archive.array([archive.add(.string("red")), archive.add(.string("grün"))])
        assertValue(archive.bytes(root: root), .array([.string("red"), .string("grün")]))
    }

    func testEveryFoundationClassInADictionary() throws {
        var archive = HandMadeArchive()
        let base = archive.object(
            "NSURL", [("NS.base", .uid(0)), ("NS.relative", archive.add(.string("https://a.example/")))])
        let entries: [(String, PropertyListValue)] = [
            ("integer", archive.add(.integer(-7))),
            ("real", archive.add(.real(0.5))),
            ("flag", archive.add(.boolean(true))),
            ("text", archive.object("NSMutableString", [("NS.string", .string("mutable"))])),
            ("date", archive.object("NSDate", [("NS.time", .real(86_400.25))])),
            ("data", archive.add(.data([1, 2, 3]))),
            ("mutableData", archive.object("NSMutableData", [("NS.data", .data([4]))])),
            ("uuid", archive.object("NSUUID", [("NS.uuidbytes", .data(Self.uuid))])),
            (
                "url",
                archive.object("NSURL", [("NS.base", .uid(0)), ("NS.relative", archive.add(.string("file:///x")))])
            ),
            (
                "relativeURL",
                archive.object("NSURL", [("NS.base", base), ("NS.relative", archive.add(.string("b/c")))])
            ),
            ("null", archive.object("NSNull", [])),
            ("nothing", .uid(0)),
            ("set", archive.array([archive.add(.integer(1))], className: "NSSet")),
            ("orderedSet", archive.array([archive.add(.integer(2))], className: "NSMutableOrderedSet")),
            ("nested", archive.dictionary([("k", archive.add(.string("v")))], className: "NSMutableDictionary")),
        ]
        let root = archive.dictionary(entries)
        let uuid = try XCTUnwrap(UUIDValue(bytes: Self.uuid))
        assertValue(
            archive.bytes(root: root),
            .map([
                "integer": .integer(-7), "real": .double(0.5), "flag": .boolean(true), "text": .string("mutable"),
                "date": .date(Timestamp(secondsSinceReferenceDate: 86_400.25)), "data": .binary([1, 2, 3]),
                "mutableData": .binary([4]), "uuid": .uuid(uuid), "url": .uri("file:///x"),
                "relativeURL": .map(["base": .uri("https://a.example/"), "relative": .uri("b/c")]),
                "null": .null, "nothing": .null, "set": .array([.integer(1)]), "orderedSet": .array([.integer(2)]),
                "nested": .map(["k": .string("v")]),
            ]))
    }

    func testColorsBecomeMapsOfTheirComponents() {
        func color(_ className: String, _ fields: [(String, PropertyListValue)]) -> [UInt8] {
            var archive = HandMadeArchive()
            let root = archive.object(className, fields)
            return archive.bytes(root: root)
        }
        assertValue(
            color(
                "UIColor",
                [
                    ("UIColorComponentCount", .integer(4)), ("UIRed", .real(1)), ("UIGreen", .real(0.5)),
                    ("UIBlue", .integer(0)), ("UIAlpha", .real(0.25)),
                ]),
            .map(["red": .double(1), "green": .double(0.5), "blue": .double(0), "alpha": .double(0.25)]))
        assertValue(
            color("UIColor", [("UIWhite", .real(0.75))]), .map(["white": .double(0.75), "alpha": .double(1)]))
        assertValue(
            color("NSColor", [("NSColorSpace", .integer(2)), ("NSRGB", .data(Array("0.5 0.25 1 1\u{0}".utf8)))]),
            .map([
                "colorSpace": .string("deviceRGB"), "red": .double(0.5), "green": .double(0.25), "blue": .double(1),
                "alpha": .double(1),
            ]))
        assertValue(
            color("NSColor", [("NSColorSpace", .integer(3)), ("NSWhite", .data(Array("0.5".utf8)))]),
            .map(["colorSpace": .string("calibratedWhite"), "white": .double(0.5), "alpha": .double(1)]))
        assertValue(
            color("NSColor", [("NSColorSpace", .integer(5)), ("NSCMYK", .data(Array("0 0.5 1 0 0.5".utf8)))]),
            .map([
                "colorSpace": .string("deviceCMYK"), "cyan": .double(0), "magenta": .double(0.5),
                "yellow": .double(1), "black": .double(0), "alpha": .double(0.5),
            ]))
        assertValue(
            color(
                "NSColor",
                [
                    ("NSColorSpace", .integer(6)), ("NSCatalogName", .string("System")),
                    ("NSColorName", .string("controlColor")),
                ]),
            .map(["colorSpace": .string("named"), "catalog": .string("System"), "name": .string("controlColor")]))
        XCTAssertEqual(
            decode(color("NSColor", [("NSColorSpace", .integer(7)), ("NSComponents", .data([0]))])),
            .undecodable(.unknownClass("NSColor (color space 7)")))
        XCTAssertEqual(
            decode(color("NSColor", [("NSColorSpace", .integer(1)), ("NSRGB", .data(Array("0.5 x".utf8)))])),
            .undecodable(.unreadableObject(className: "NSColor", key: "NSRGB")))
    }

    func testAPlainPropertyListIsMappedAsItIs() {
        let plist = HandMadeArchive.dictionary([
            ("names", .array([.string("a"), .null])), ("blob", .data([9])), ("when", .date(-1.5)),
            ("big", .unsignedInteger(UInt64.max)), ("ratio", .real(2)), ("on", .boolean(false)),
        ])
        assertValue(
            PlistWriter.bytes(plist),
            .map([
                "names": .array([.string("a"), .null]), "blob": .binary([9]),
                "when": .date(Timestamp(secondsSinceReferenceDate: -1.5)), "big": .decimal("18446744073709551615"),
                "ratio": .double(2), "on": .boolean(false),
            ]))
        assertValue(PlistWriter.bytes(.string("just text")), .string("just text"))
        XCTAssertEqual(decode(PlistWriter.bytes(.array([.uid(1)]))), .undecodable(.referenceOutsideArchive))
    }

    func testBytesThatAreNoPropertyListStayBytesWithoutADefect() {
        XCTAssertEqual(decode([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46]), .opaque, "a JPEG")
        XCTAssertEqual(decode([]), .opaque)
        XCTAssertEqual(decode(Array("bplist0".utf8)), .opaque)
        XCTAssertEqual(decode([0x01, 0x62, 0x70]), .opaque, "an external-storage marker")
    }

    func testAnUnknownClassAnywhereKeepsTheWholeValue() {
        var archive = HandMadeArchive()
        let thing = archive.object("MyApp.Thing", [("name", .string("x"))])
        XCTAssertEqual(decode(archive.bytes(root: thing)), .undecodable(.unknownClass("MyApp.Thing")))
        let root = archive.array([archive.add(.string("fine")), thing])
        XCTAssertEqual(decode(archive.bytes(root: root)), .undecodable(.unknownClass("MyApp.Thing")))
        // A subclass of a known class is unknown: it may encode more than its superclass.
        var subclass = HandMadeArchive()
        let mine = subclass.object("MyArray", [("NS.objects", .array([]))], ancestors: ["NSArray", "NSObject"])
        XCTAssertEqual(decode(subclass.bytes(root: mine)), .undecodable(.unknownClass("MyArray")))
    }

    func testADictionaryKeyThatIsNoStringKeepsTheBytes() {
        var archive = HandMadeArchive()
        let root = archive.object(
            "NSDictionary", [("NS.keys", .array([archive.add(.integer(1))])), ("NS.objects", .array([.uid(0)]))])
        guard case .undecodable(.malformed(let error)) = decode(archive.bytes(root: root)) else {
            return XCTFail("a non-string key must not decode")
        }
        XCTAssertTrue(error.description.contains("is not a string"), error.description)
    }

    func testObjectsOfKnownClassesWithoutTheirFields() {
        for (className, key) in [("NSDate", "NS.time"), ("NSUUID", "NS.uuidbytes"), ("NSData", "NS.data")] {
            var archive = HandMadeArchive()
            let root = archive.object(className, [("other", .integer(1))])
            XCTAssertEqual(
                decode(archive.bytes(root: root)), .undecodable(.unreadableObject(className: className, key: key)))
        }
        var short = HandMadeArchive()
        let uuid = short.object("NSUUID", [("NS.uuidbytes", .data([1, 2]))])
        XCTAssertEqual(
            decode(short.bytes(root: uuid)), .undecodable(.unreadableObject(className: "NSUUID", key: "NS.uuidbytes")))
    }

    // MARK: - Hostile input

    func testAnArrayThatContainsItselfIsACycle() {
        var archive = HandMadeArchive()
        let first = archive.reserve()
        let second = archive.array([first])
        archive.set(first, to: archive.fields("NSArray", [("NS.objects", .array([second]))]))
        XCTAssertEqual(decode(archive.bytes(root: first)), .undecodable(.cycle(object: 1)))
        var selfish = HandMadeArchive()
        let root = selfish.reserve()
        selfish.set(root, to: selfish.fields("NSMutableArray", [("NS.objects", .array([root]))]))
        XCTAssertEqual(decode(selfish.bytes(root: root)), .undecodable(.cycle(object: 1)))
    }

    func testNestingIsLimitedToTheValueNestingDepth() {
        func nested(_ levels: Int) -> [UInt8] {
            var archive = HandMadeArchive()
            var inner = archive.add(.string("bottom"))
            for _ in 0..<levels { inner = archive.array([inner]) }
            return archive.bytes(root: inner)
        }
        guard case .value(let deepest) = decode(nested(Value.maximumNestingDepth)) else {
            return XCTFail("\(Value.maximumNestingDepth) levels must decode")
        }
        XCTAssertFalse(deepest.isNestedTooDeeply)
        XCTAssertEqual(
            decode(nested(Value.maximumNestingDepth + 1)),
            .undecodable(.nestedTooDeeply(limit: Value.maximumNestingDepth)))
        // A plain property list 100 arrays deep (within the parser's limit, beyond the value's).
        let deep = HandMadePlist((0..<100).map { index -> [UInt8] in index == 99 ? [0xA0] : [0xA1, UInt8(index + 1)] })
        XCTAssertEqual(decode(deep.bytes), .undecodable(.nestedTooDeeply(limit: Value.maximumNestingDepth)))
    }

    func testSharedReferencesCannotExpandWithoutBound() {
        // 40 arrays, each holding the next twice: 2^40 elements from a few hundred bytes.
        var archive = HandMadeArchive()
        var inner = archive.add(.string("laugh"))
        for _ in 0..<40 { inner = archive.array([inner, inner]) }
        let start = Date()
        XCTAssertEqual(
            decode(archive.bytes(root: inner)),
            .undecodable(.tooManyElements(limit: TransformableDecoder.maximumElementCount)))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        // The same in a plain property list, through shared objects.
        let laughs = HandMadePlist(
            (0..<40).map { index -> [UInt8] in
                let next = UInt8(index + 1)
                return index == 39 ? [0x51, 0x61] : [0xA2, next, next]
            })
        XCTAssertEqual(
            decode(laughs.bytes), .undecodable(.tooManyElements(limit: TransformableDecoder.maximumElementCount)))
        // A megabyte of text referenced 50 times: few elements, but 50 MB of output.
        var text = HandMadeArchive()
        let megabyte = text.object("NSString", [("NS.string", .string(String(repeating: "a", count: 1 << 20)))])
        let copies = text.array(Array(repeating: megabyte, count: 50))
        XCTAssertEqual(
            decode(text.bytes(root: copies)),
            .undecodable(.payloadTooLarge(limit: TransformableDecoder.maximumPayloadSize)))
        // Sharing within the limit decodes: one string referenced many times.
        var shared = HandMadeArchive()
        let word = shared.add(.string("w"))
        let many = shared.array(Array(repeating: word, count: 1000))
        assertValue(shared.bytes(root: many), .array(Array(repeating: .string("w"), count: 1000)))
    }

    func testEveryTruncationAndEveryByteFlipOfAnArchiveDecodesOrIsADefect() {
        var archive = HandMadeArchive()
        let root = archive.dictionary([
            (
                "colors",
                archive.array([
                    archive.object(
                        "UIColor",
                        [
                            ("UIRed", .real(1)), ("UIGreen", .real(0)),
                            ("UIBlue", .real(0)),
                        ])
                ])
            ),
            ("when", archive.object("NSDate", [("NS.time", .real(1))])),
        ])
        let bytes = archive.bytes(root: root)
        guard case .value = decode(bytes) else { return XCTFail("the intact archive decodes") }
        for length in 0..<bytes.count {
            if case .value = decode(Array(bytes.prefix(length))) {
                XCTFail("a truncated archive of \(length) bytes decoded")
            }
        }
        for position in 8..<bytes.count {
            var flipped = bytes
            flipped[position] ^= 0xFF
            _ = decode(flipped)  // Anything but a crash or a hang.
        }
    }

    func testAnUndecodableAttributeWarnsOnceNamingItsFirstRow() {
        var warnings: [String] = []
        let values = TransformableValues(onWarning: { warnings.append($0.fullText) })
        var archive = HandMadeArchive()
        let secret = archive.object("Secret", [])
        let unknown = archive.bytes(root: secret)
        XCTAssertEqual(values.value(of: unknown, context: "Item p3 thing"), .binary(unknown))
        XCTAssertEqual(values.value(of: unknown, context: "Item p4 thing"), .binary(unknown))
        XCTAssertEqual(values.value(of: [0xFF, 0xD8], context: "Item p5 thing"), .binary([0xFF, 0xD8]))
        XCTAssertEqual(values.value(of: unknown, context: "Item p6 other"), .binary(unknown))
        XCTAssertEqual(
            warnings,
            [
                "Item p3 thing: the Transformable value is a keyed archive holding an object of class 'Secret', which "
                    + "graphexport does not decode; written as its bytes; so is every value of this attribute that "
                    + "cannot be decoded (only the first is named)",
                "Item p6 other: the Transformable value is a keyed archive holding an object of class 'Secret', which "
                    + "graphexport does not decode; written as its bytes; so is every value of this attribute that "
                    + "cannot be decoded (only the first is named)",
            ])
    }
}
