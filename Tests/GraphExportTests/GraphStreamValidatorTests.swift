import GraphExport
import GraphExportTestSupport
import XCTest

final class GraphStreamValidatorTests: XCTestCase {
    /// Feeds `events` after `begin()`, then `finish()`; the first error.
    private func firstError(_ events: [GraphEvent]) -> GraphStreamError? {
        var validator = GraphStreamValidator()
        do {
            try validator.begin()
            for event in events { try validator.accept(event) }
            try validator.finish()
        } catch {
            return error
        }
        return nil
    }

    func testBrokenStreamsAreRejectedNamingWhatIsWrong() {
        for (events, expected) in NestingStreams.illNested {
            XCTAssertEqual(firstError(events), expected, "\(events)")
        }
        let errors = Set(NestingStreams.illNested.map(\.error))
        XCTAssertEqual(Set(errors.map(\.description)).count, errors.count, "one sentence per error")
        XCTAssertTrue(
            errors.map(\.description).contains(
                "object 'B/2' began directly inside object 'A/1' instead of inside one of its relationships"))
    }

    func testValidStreamsAreTaken() {
        for events in NestingStreams.valid {
            XCTAssertNil(firstError(events), "\(events)")
        }
    }

    func testCallsOutsideTheDocumentAreRejected() throws {
        var validator = GraphStreamValidator()
        XCTAssertThrowsError(try validator.accept(.endObject)) { XCTAssertEqual($0 as? GraphStreamError, .notBegun) }
        XCTAssertThrowsError(try validator.finish()) { XCTAssertEqual($0 as? GraphStreamError, .notBegun) }
        try validator.begin()
        XCTAssertThrowsError(try validator.begin()) { XCTAssertEqual($0 as? GraphStreamError, .begunTwice) }
        try validator.finish()
        for call in [{ try validator.begin() }, { try validator.accept(.endObject) }, { try validator.finish() }] {
            XCTAssertThrowsError(try call()) { XCTAssertEqual($0 as? GraphStreamError, .alreadyFinished) }
        }
    }

    func testARejectedCallChangesNothing() throws {
        var validator = GraphStreamValidator()
        try validator.begin()
        try validator.accept(NestingStreams.a)
        try validator.accept(NestingStreams.attribute)
        XCTAssertThrowsError(try validator.accept(NestingStreams.attribute))
        XCTAssertThrowsError(try validator.accept(.endRelationship))
        try validator.accept(.attribute(name: "y", value: .null))
        try validator.accept(NestingStreams.toOne)
        try validator.accept(NestingStreams.reference)
        XCTAssertThrowsError(try validator.accept(NestingStreams.b))
        try validator.accept(.endRelationship)
        XCTAssertThrowsError(try validator.finish())
        try validator.accept(.endObject)
        try validator.finish()
    }

    /// Objects of one entity whose attributes come in another order or number than the first's are
    /// checked by name, not by place.
    func testDuplicatesAreFoundWhateverTheOrderOfEarlierObjects() {
        let names = ["a", "b", "c", "d"]
        func object(_ id: Int, _ attributes: [String]) -> [GraphEvent] {
            [.beginObject(entity: "E", id: ObjectID(prefix: "E/", number: Int64(id)))]
                + attributes.map { .attribute(name: $0, value: .null) } + [.endObject]
        }
        let first = object(1, names)
        XCTAssertNil(firstError(first + object(2, names) + object(3, ["b", "a"]) + object(4, names + ["e"])))
        XCTAssertEqual(
            firstError(first + object(2, ["a", "b", "a"])), .duplicateAttribute(name: "a", id: "E/2"))
        XCTAssertEqual(
            firstError(first + object(2, names + ["c"])), .duplicateAttribute(name: "c", id: "E/2"))
        XCTAssertEqual(firstError(first + object(2, ["d", "d"])), .duplicateAttribute(name: "d", id: "E/2"))
        let manyEntities = (0..<300).flatMap { index in
            [.beginObject(entity: "E\(index)", id: ObjectID("E\(index)/1")), NestingStreams.attribute, .endObject]
        }
        XCTAssertEqual(
            firstError(
                manyEntities + [.beginObject(entity: "F", id: ObjectID("F/1"))] + [
                    NestingStreams.attribute, NestingStreams.attribute,
                ]),
            .duplicateAttribute(name: "x", id: "F/1"), "past the template limit")
        XCTAssertNil(firstError(manyEntities + manyEntities.map { $0 }), "objects of 300 entities, twice")
    }
}
