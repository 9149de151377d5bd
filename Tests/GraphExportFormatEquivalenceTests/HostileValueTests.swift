import GraphExport
import XCTest

/// Hostile values and names, in memory and in a Core Data store, read back the same from every
/// format, except where a format is known to lose what the value was (``KnownDiscrepancy``).
final class HostileValueTests: XCTestCase {
    func testHostileValuesAndNamesInMemoryReadBackAsTheirSourceFromEveryFormat() throws {
        try assertFormatsAgree(try HostileGraph.graph(), "hostile in-memory graph")
    }

    func testHostileValuesInACoreDataStoreReadBackAsPlainSQLFromEveryFormat() throws {
        let copy = try ScratchFolder(for: self).copy(Inputs.scrapbook)
        try HostileStore.edit(copy + "/Scrapbook.sqlite")
        let sample = try StoreSample(path: copy + "/Scrapbook.sqlite", model: copy + "/Scrapbook.xcdatamodeld")
        let records = try SourceGraph.flat(sample.store).objects
        func value(_ entity: String, _ key: Int, _ attribute: String) -> NeutralValue? {
            records[HostileStore.id(entity, key)]?.attributes[attribute]
        }
        XCTAssertEqual(value("Photo", 8, "aspectRatio"), .double(-0.0), "-0.0 is in the store")
        XCTAssertEqual(value("Photo", 11, "aspectRatio"), .null, "SQLite stores a bound NaN as NULL")
        XCTAssertEqual(value("Photo", 1, "aspectRatio"), .double(.infinity))
        XCTAssertEqual(value("Photo", 1, "printPrice"), .decimal(Array("12345678901234567890123456789012345678".utf8)))
        XCTAssertEqual(value("Photo", 1, "takenAt"), .date(seconds: -70_000_000_000))
        guard case .string(let megabyte)? = value("Note", 15, "text") else { return XCTFail("no 1 MB text") }
        XCTAssertGreaterThan(megabyte.count, 1_048_576)
        var known: [KnownDiscrepancy] = []
        for (entity, key, attribute, bytes) in HostileStore.invalidText {
            XCTAssertEqual(value(entity, key, attribute), .binary(bytes), "invalid UTF-8 stays bytes")
            XCTAssert(sample.warnings.contains { $0.message.contains("not valid UTF-8") })
            known.append(
                KnownDiscrepancy(
                    formats: [.json, .jsonLines, .xml, .xmlElements], id: HostileStore.id(entity, key),
                    attribute: attribute, readsBack: .string(Array(Base64.encode(bytes).utf8)),
                    reason: """
                        Text that is not UTF-8 becomes a binary value in a String attribute; JSON and XML write \
                        binary values as base64 text with no mark, so a reader with the model reads that text as \
                        the string. YAML's !!binary keeps it apart.
                        """))
        }
        try assertFormatsAgree(sample.store, "hostile Scrapbook store", known: known, sql: sample.sql)
    }

    func testValuesStoredAsAnotherKindThanTheirTypeReadBackAsStoredFromYAMLOnly() throws {
        let copy = try ScratchFolder(for: self).copy(Inputs.scrapbook)
        try HostileStore.storeOtherKinds(copy + "/Scrapbook.sqlite")
        let sample = try StoreSample(path: copy + "/Scrapbook.sqlite", model: copy + "/Scrapbook.xcdatamodeld")
        let known = HostileStore.otherKinds.compactMap(\.discrepancy)
        try assertFormatsAgree(
            sample.store, "Scrapbook store with values of other kinds", known: known, sql: sample.sql)
        XCTAssertEqual(
            sample.warnings.filter { $0.message.contains("does not fit type") }.count, HostileStore.otherKinds.count,
            "\(sample.warnings)")
    }
}
