import GraphExport
import XCTest

final class ObjectIDTests: XCTestCase {
    /// The three ways to make the identifier `A/12`.
    private let twelve = [ObjectID(prefix: "A/1", number: 2), ObjectID(prefix: "A/", number: 12), ObjectID("A/12")]

    func testEqualityIsThatOfTheTextAndTransitive() {
        for lhs in twelve {
            for rhs in twelve {
                XCTAssertEqual(lhs, rhs, "\(lhs) and \(rhs)")
                XCTAssertEqual(lhs.hashValue, rhs.hashValue, "\(lhs) and \(rhs)")
            }
        }
        XCTAssertNotEqual(ObjectID(prefix: "A/", number: 1), ObjectID(prefix: "A/", number: 12))
        XCTAssertNotEqual(ObjectID(prefix: "A/", number: 12), ObjectID(prefix: "B/", number: 12))
        XCTAssertNotEqual(ObjectID(prefix: "A/", number: 12), ObjectID("A/12 "))
        XCTAssertEqual(ObjectID(prefix: "A", number: -5), ObjectID(prefix: "A-", number: 5))
        XCTAssertEqual(ObjectID(prefix: "", number: 0), ObjectID("0"))
    }

    func testEqualityComparesBytesNotCanonicalEquivalence() {
        let composed = ObjectID(prefix: "caf\u{E9}/", number: 1)
        let decomposed = ObjectID(prefix: "cafe\u{301}/", number: 1)
        XCTAssertEqual("caf\u{E9}/1", "cafe\u{301}/1", "Swift strings are canonically equal")
        XCTAssertNotEqual(composed, decomposed, "the exported bytes differ, so the identifiers do")
        XCTAssertNotEqual(ObjectID("caf\u{E9}"), ObjectID("cafe\u{301}"))
    }

    func testSetsAndDictionariesSeeOneIdentifierWhateverItsForm() {
        XCTAssertEqual(Set(twelve).count, 1)
        var names: [ObjectID: String] = [:]
        for (index, id) in twelve.enumerated() { names[id, default: ""] += "\(index)" }
        XCTAssertEqual(names, [ObjectID("A/12"): "012"])
        let many = (0..<1000).map { ObjectID(prefix: "Photo/", number: Int64($0)) }
        let sameByText = Set(many.map { ObjectID($0.text) })
        XCTAssertEqual(sameByText.count, 1000)
        XCTAssertTrue(many.allSatisfy { sameByText.contains($0) })
        let splitElsewhere = (0..<1000).map { ObjectID(prefix: "Photo/\($0 / 10)", number: Int64($0 % 10)) }
        XCTAssertEqual(
            Set(splitElsewhere).subtracting(many).map(\.text).sorted(),
            [
                "Photo/00", "Photo/01", "Photo/02",
                "Photo/03", "Photo/04", "Photo/05", "Photo/06", "Photo/07", "Photo/08", "Photo/09",
            ])
    }

    func testTextJoinsPrefixAndDigits() {
        XCTAssertEqual(ObjectID(prefix: "x-coredata://U/Photo/p", number: 42).text, "x-coredata://U/Photo/p42")
        XCTAssertEqual(ObjectID(prefix: "N", number: Int64.min).text, "N-9223372036854775808")
        XCTAssertEqual(ObjectID("plain").description, "plain")
    }
}
