import GraphExport
import XCTest

final class MarkerEscapeTests: XCTestCase {
    func testNamesStartingWithAnAtSignGetOneMore() {
        let cases = [
            ("@id", "@@id"), ("@@x", "@@@x"), ("@", "@@"), ("@\u{301}", "@@\u{301}"), ("id", "id"), ("", ""),
            ("a@b", "a@b"), (" @id", " @id"),
        ]
        for (name, key) in cases {
            XCTAssertEqual(MarkerEscape.key(for: name), key, name)
            XCTAssertEqual(MarkerEscape.name(forKey: key), name, key)
        }
    }

    func testAKeyWithExactlyOneLeadingAtSignIsAMarker() {
        for marker in ["@id", "@type", "@null", "@utf8Data", "@source", "@graph", "@"] {
            XCTAssertNil(MarkerEscape.name(forKey: marker), marker)
        }
    }

    func testNoTwoNamesShareAKeyAndNoNameTakesAMarkersKey() {
        let names = ["", "@", "@@", "@@@", "id", "@id", "@@id", "@@@id", "type", "@type", "x@", "@x@"]
        let keys = names.map(MarkerEscape.key(for:))
        XCTAssertEqual(Set(keys).count, names.count)
        XCTAssertTrue(keys.allSatisfy { MarkerEscape.name(forKey: $0) != nil })
    }
}
