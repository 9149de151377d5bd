import Foundation
import GraphExport
import GraphExportInflate
import GraphExportTestSupport
import XCTest

@testable import GraphExportCoreData

/// Damaged and hostile inputs: each must throw a typed error (or decode), never crash or hang.
final class ArchiveHostileInputTests: XCTestCase {
    private let source = "hostile"

    private func assertDefect(
        _ bytes: [UInt8], _ defect: ArchiveError.PropertyListDefect, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try BinaryPropertyList.parse(bytes, source: source), file: file, line: line) {
            XCTAssertEqual(
                $0 as? ArchiveError, .malformedPropertyList(source: self.source, defect: defect), file: file,
                line: line
            )
        }
    }

    /// The inflated model cache of the SwiftData sample: the richest real archive.
    private func realArchive() throws -> (blob: [UInt8], plist: [UInt8]) {
        let path = try ArchiveSamples.copy("swiftdata-resourcesmanager/default.store", for: self)
        let blob = try ArchiveSamples.blob("SELECT Z_CONTENT FROM Z_MODELCACHE", inStoreAt: path)
        return (blob, try ModelCacheContent.propertyList(fromBlob: blob, source: source))
    }

    func testEveryTruncationOfARealPlistThrows() throws {
        let plist = try realArchive().plist
        for length in 0..<plist.count {
            XCTAssertThrowsError(try BinaryPropertyList.parse(Array(plist.prefix(length)), source: source), "\(length)")
        }
    }

    func testTrailersThatDoNotFit() {
        let good = HandMadePlist([[0x51, 0x61]])
        XCTAssertEqual(try BinaryPropertyList.parse(good.bytes, source: source), .string("a"))
        assertDefect(Array("bplist01".utf8) + good.bytes.dropFirst(8), .missingHeader)
        assertDefect(
            Array("bplist00".utf8) + [UInt8](repeating: 0, count: 20), .invalidTrailer("the data is only 28 bytes long")
        )

        var plist = good
        plist.declaredCount = 1 << 62
        XCTAssertThrowsError(try BinaryPropertyList.parse(plist.bytes, source: source))
        plist.declaredCount = 0
        XCTAssertThrowsError(try BinaryPropertyList.parse(plist.bytes, source: source))
        plist = good
        plist.topObject = 1
        XCTAssertThrowsError(try BinaryPropertyList.parse(plist.bytes, source: source))
        for tableOffset: UInt64 in [0, 3, 9_999, .max, .max - 1] {
            plist = good
            plist.declaredTableOffset = tableOffset
            XCTAssertThrowsError(try BinaryPropertyList.parse(plist.bytes, source: source), "\(tableOffset)")
        }
        var sizes = good.bytes
        sizes[sizes.count - 26] = 9  // offset size
        XCTAssertThrowsError(try BinaryPropertyList.parse(sizes, source: source))
        sizes = good.bytes
        sizes[sizes.count - 25] = 0  // reference size
        XCTAssertThrowsError(try BinaryPropertyList.parse(sizes, source: source))
    }

    func testOffsetsAndReferencesOutOfRange() {
        var plist = HandMadePlist([[0xA1, 1], [0x51, 0x61]])
        plist.offsetOverrides[1] = 5000
        assertDefect(plist.bytes, .offsetOutOfRange(object: 1, offset: 5000))
        plist.offsetOverrides[1] = 3
        assertDefect(plist.bytes, .offsetOutOfRange(object: 1, offset: 3))
        plist = HandMadePlist([[0xA1, 1], [0x51, 0x61]])
        plist.offsetOverrides[1] = 12  // points into the offset table itself
        XCTAssertThrowsError(try BinaryPropertyList.parse(plist.bytes, source: source))
        assertDefect(
            HandMadePlist([[0xA2, 1, 7], [0x51, 0x61]]).bytes, .referenceOutOfRange(object: 0, reference: 7))
        assertDefect(
            HandMadePlist([[0xD1, 1, 9], [0x51, 0x61]]).bytes, .referenceOutOfRange(object: 0, reference: 9))
    }

    func testSelfReferencingAndMutuallyReferencingContainers() {
        assertDefect(HandMadePlist([[0xA1, 0]]).bytes, .cycle(object: 0))
        assertDefect(HandMadePlist([[0xA1, 1], [0xA1, 0]]).bytes, .cycle(object: 0))
        assertDefect(HandMadePlist([[0xD1, 1, 0], [0x51, 0x61]]).bytes, .cycle(object: 0))
        assertDefect(HandMadePlist([[0xD1, 1, 1], [0x09]]).bytes, .nonStringKey(object: 0))
    }

    func testDeepNestingAndExponentialSharing() throws {
        // 200 arrays, each holding the next: too deep.
        let deep = HandMadePlist(
            (0..<200).map { index -> [UInt8] in index == 199 ? [0xA0] : [0xA1, UInt8(index + 1)] })
        assertDefect(deep.bytes, .tooDeep(limit: BinaryPropertyList.maximumDepth))

        // 100 arrays, each holding the next twice: 2^100 paths, 100 objects.
        let laughs = (0..<100).map { index -> [UInt8] in
            let next = UInt8(index + 1)
            return index == 99 ? [0x51, 0x61] : [0xA2, next, next]
        }
        let start = Date()
        let value = try BinaryPropertyList.parse(HandMadePlist(laughs).bytes, source: source)
        XCTAssertEqual(value.array?.count, 2)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }

    func testHugeDeclaredCountsAreCheckedBeforeAllocating() {
        let huge: [UInt8] = [0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        for marker: UInt8 in [0x4F, 0x5F, 0x6F, 0x7F, 0xAF, 0xCF, 0xDF] {
            assertDefect(
                HandMadePlist([[marker] + huge]).bytes, .lengthOutOfRange(object: 0, length: UInt64(Int64.max)))
        }
        assertDefect(HandMadePlist([[0x4F, 0x13, 0xFF, 0, 0, 0, 0, 0, 0, 0]]).bytes, .invalidLength(object: 0))
        assertDefect(HandMadePlist([[0x4F, 0x51, 0x61]]).bytes, .invalidLength(object: 0))
        assertDefect(HandMadePlist([[0x4F]]).bytes, .lengthOutOfRange(object: 0, length: 1))
        assertDefect(HandMadePlist([[0x45, 1, 2]]).bytes, .lengthOutOfRange(object: 0, length: 5))
        assertDefect(HandMadePlist([[0x13, 1, 2]]).bytes, .lengthOutOfRange(object: 0, length: 8))
        assertDefect(HandMadePlist([[0x23, 1, 2]]).bytes, .lengthOutOfRange(object: 0, length: 8))
    }

    func testBadMarkersStringsAndKeys() {
        for marker: UInt8 in [0x0F, 0x0C, 0x0E, 0x15, 0x21, 0x30, 0x88, 0x90, 0xB0, 0xE0, 0xF0] {
            assertDefect(
                HandMadePlist([[marker] + [UInt8](repeating: 0, count: 16)]).bytes,
                .unknownMarker(object: 0, marker: marker))
        }
        assertDefect(HandMadePlist([[0x52, 0x61, 0xFF]]).bytes, .invalidString(object: 0))
        assertDefect(HandMadePlist([[0x61, 0xD8, 0x00]]).bytes, .invalidString(object: 0))
        assertDefect(HandMadePlist([[0x72, 0xC3, 0x28]]).bytes, .invalidString(object: 0))
        assertDefect(
            HandMadePlist([[0xD2, 1, 1, 2, 2], [0x51, 0x61], [0x09]]).bytes, .duplicateKey(object: 0, key: "a"))
    }

    func testRandomValuesRoundTripThroughTheWriter() throws {
        var random = SplitMix64(seed: 0x5EED)
        for _ in 0..<200 {
            let value = randomValue(&random, depth: 0)
            XCTAssertEqual(try BinaryPropertyList.parse(PlistWriter.bytes(value), source: source), value)
        }
    }

    func testMutatedArchivesAndBlobsThrowOrDecode() throws {
        let (blob, plist) = try realArchive()
        var random = SplitMix64(seed: 42)
        var decoded = 0
        for round in 0..<600 {
            var mutant = round.isMultiple(of: 2) ? plist : blob
            for _ in 0..<random.int(in: 1...4) {
                let position = random.int(in: 0...(mutant.count - 1))
                mutant[position] = UInt8(truncatingIfNeeded: random.next())
            }
            do {
                _ = try ModelCacheReader.model(fromModelCache: mutant, storePath: source)
                decoded += 1
            } catch is ArchiveError {
                continue
            } catch is InflateError {
                continue
            }
        }
        XCTAssertLessThan(decoded, 600, "some mutants must be refused")
    }

    func testHostileArchivesOfModelClasses() throws {
        // An entity whose superentity is itself, and a relationship that is its own inverse.
        let selfParent = PlistWriter.bytes(HandMadeArchive.modelArchive(superentity: .uid(3), inverse: .uid(7)))
        let version = try ModelCacheReader.model(fromModelCache: selfParent, storePath: source)
        XCTAssertEqual(version.entities.first?.parent, "Loop")
        XCTAssertEqual(version.entities.first?.relationships.first?.inverse, "me")
        XCTAssertThrowsError(try GraphModel(entities: version.entities)) {
            XCTAssertEqual($0 as? GraphModelError, .inheritanceCycle(entity: "Loop"))
        }

        // The superentity reference points outside $objects.
        let dangling = PlistWriter.bytes(HandMadeArchive.modelArchive(superentity: .uid(999), inverse: .uid(0)))
        XCTAssertThrowsError(try ModelCacheReader.model(fromModelCache: dangling, storePath: source)) {
            guard case .danglingReference(_, 999, _)? = $0 as? ArchiveError else { return XCTFail("\($0)") }
        }
        // A property that is a number, not an object.
        let wrongType = PlistWriter.bytes(
            HandMadeArchive.modelArchive(superentity: .uid(0), inverse: .uid(0), properties: .integer(5)))
        XCTAssertThrowsError(try ModelCacheReader.model(fromModelCache: wrongType, storePath: source)) {
            guard case .unexpectedValue? = $0 as? ArchiveError else { return XCTFail("\($0)") }
        }
    }

    /// Archives whose references loop back: each read ends, with a model or a named error.
    func testCyclicReferencesInAKeyedModelArchive() throws {
        // Two entities, each the other's superentity: read, then refused by the model.
        let twoCycle = PlistWriter.bytes(HandMadeArchive.twoEntityArchive())
        let version = try ModelCacheReader.model(fromModelCache: twoCycle, storePath: source)
        XCTAssertEqual(version.entities.map { "\($0.name)<\($0.parent ?? "-")" }.sorted(), ["A<B", "B<A"])
        XCTAssertThrowsError(try GraphModel(entities: version.entities)) {
            guard case .inheritanceCycle? = $0 as? GraphModelError else { return XCTFail("\($0)") }
        }
        // The model's NSEntities is the model itself.
        let selfEntities = PlistWriter.bytes(HandMadeArchive.twoEntityArchive(entities: .uid(1)))
        XCTAssertThrowsError(try ModelCacheReader.model(fromModelCache: selfEntities, storePath: source)) {
            XCTAssertEqual(
                "\($0)",
                "'hostile (Z_MODELCACHE)': NSEntities of NSManagedObjectModel (object 1) is not a dictionary "
                    + "(it is an NSManagedObjectModel)")
        }
        // An object whose $class is the object itself.
        let selfClass = PlistWriter.bytes(HandMadeArchive.twoEntityArchive(modelClass: .uid(1)))
        XCTAssertThrowsError(try ModelCacheReader.model(fromModelCache: selfClass, storePath: source)) {
            XCTAssertEqual(
                "\($0)", "'hostile (Z_MODELCACHE)': the $class of $top.root is not a class description")
        }
    }

    // MARK: - Builders

    private func randomValue(_ random: inout SplitMix64, depth: Int) -> PropertyListValue {
        let kind = random.int(in: 0...(depth < 3 ? 11 : 9))
        switch kind {
        case 0: return .null
        case 1: return .boolean(random.chance(0.5))
        case 2: return .integer(Int64(bitPattern: random.next()))
        case 3: return .unsignedInteger(random.next() | 1 << 63)
        case 4: return .real(Double(random.int(in: -1_000_000...1_000_000)) / 7)
        case 5: return .date(Double(random.int(in: -1_000_000_000...1_000_000_000)))
        case 6: return .data((0..<random.int(in: 0...40)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        case 7: return .uid(random.next() >> random.int(in: 0...63))
        case 8: return .string(String(repeating: "ab", count: random.int(in: 0...20)))
        case 9: return .string("caf\u{E9} \u{1F600} " + String(random.int(in: 0...99)))
        case 10: return .array((0..<random.int(in: 0...20)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            let entries = (0..<random.int(in: 0...16)).map { index in
                (key: "key\(index)", value: randomValue(&random, depth: depth + 1))
            }
            return .dictionary(try! PropertyListDictionary(entries: entries))
        }
    }

}

/// Model archives written object by object, each hostile in a way its parameters choose.
extension HandMadeArchive {
    /// Object 1 is the model, objects 3 and 5 the entities "A" and "B", each the other's parent.
    fileprivate static func twoEntityArchive(
        entities: PropertyListValue = .uid(7), modelClass: PropertyListValue = .uid(2)
    ) -> PropertyListValue {
        func entity(_ name: PropertyListValue, parent: PropertyListValue) -> PropertyListValue {
            dictionary([("$class", .uid(4)), ("NSEntityName", name), ("NSSuperentity", parent)])
        }
        let objects: [PropertyListValue] = [
            .string("$null"),
            dictionary([("$class", modelClass), ("NSEntities", entities)]),
            classInfo(["NSManagedObjectModel", "NSObject"]),
            entity(.string("A"), parent: .uid(5)),
            classInfo(["NSEntityDescription", "NSObject"]),
            entity(.string("B"), parent: .uid(3)),
            classInfo(["NSDictionary", "NSObject"]),
            dictionary([
                ("$class", .uid(6)), ("NS.keys", .array([.string("A"), .string("B")])),
                ("NS.objects", .array([.uid(3), .uid(5)])),
            ]),
        ]
        return envelope(objects: .array(objects))
    }

    /// A one-entity model archive: object 3 is entity "Loop" with one relationship "me" (object 7).
    fileprivate static func modelArchive(
        superentity: PropertyListValue, inverse: PropertyListValue, properties: PropertyListValue = .uid(6)
    ) -> PropertyListValue {
        let objects: [PropertyListValue] = [
            .string("$null"),
            dictionary([("$class", .uid(2)), ("NSEntities", .uid(9))]),
            classInfo(["NSManagedObjectModel", "NSObject"]),
            dictionary([
                ("$class", .uid(4)), ("NSEntityName", .uid(5)), ("NSSuperentity", superentity),
                ("NSProperties", properties), ("NSManagedObjectModel", .uid(1)),
            ]),
            classInfo(["NSEntityDescription", "NSObject"]),
            .string("Loop"),
            dictionary([("$class", .uid(12)), ("NS.keys", .array([.uid(8)])), ("NS.objects", .array([.uid(7)]))]),
            dictionary([
                ("$class", .uid(11)), ("NSPropertyName", .uid(8)), ("NSEntity", .uid(3)),
                ("NSDestinationEntity", .uid(3)), ("NSInverseRelationship", inverse), ("NSMaxCount", .integer(1)),
                ("NSDeleteRule", .integer(1)), ("_P", .integer(243)),
            ]),
            .string("me"),
            dictionary([("$class", .uid(12)), ("NS.keys", .array([.uid(5)])), ("NS.objects", .array([.uid(3)]))]),
            .string("unused"),
            classInfo(["NSRelationshipDescription", "NSPropertyDescription", "NSObject"]),
            classInfo(["NSDictionary", "NSObject"]),
        ]
        return envelope(objects: .array(objects))
    }
}
