import GraphExportTestSupport
import XCTest

/// The shared readers the suites prove output with (GraphExportTestSupport) reject what the
/// formats do not allow, so that a suite's "it parses" means something.
final class TestReaderStrictnessTests: XCTestCase {
    func testStrictJSONRejectsWhatRFC8259DoesNotAllowAndDuplicateKeys() throws {
        let rejected = [
            #"{"a":1,"a":2}"#, "[1,]", #"{"a":1,}"#, #"["\x"]"#, #"["\ud800"]"#, #"["\udc00"]"#, #"["\ud800\u0041"]"#,
            "[01]", "[1.]", "[.5]", "[1e]", "[-]", "[+1]", "[\"\u{1}\"]", "[1] 2", "[NaN]", "{'a':1}", "",
        ]
        for text in rejected {
            XCTAssertThrowsError(try StrictJSON.parse(Array(text.utf8)), text)
        }
        XCTAssertThrowsError(try StrictJSON.parse([UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")]), "invalid UTF-8")
        let accepted = try StrictJSON.parse(Array(#" {"a":[-0.5e+3,true,null,"\ud83d\ude00\/"],"b":{}} "#.utf8))
        XCTAssertEqual(accepted.members?.map(\.key), ["a", "b"])
        guard case .array(let items) = accepted.members?.first?.value, case .number(let number) = items.first,
            case .string(let text) = items.last
        else { return XCTFail("\(accepted)") }
        XCTAssertEqual(number, "-0.5e+3", "numbers keep their text")
        XCTAssertEqual(text, "\u{1F600}/")
    }

    func testXMLReaderRejectsDocumentsThatAreNotNamespaceWellFormed() throws {
        for document in ["<a>", "<a></b>", "<a b='1' b='2'/>", "<p:a/>", "<a>&undefined;</a>", "<a/><b/>"] {
            XCTAssertThrowsError(try ParsedXML.parse(Array(document.utf8)), document)
            XCTAssertThrowsError(try ParsedXML.parseStreaming(Array(document.utf8)), document)
        }
        let parsed = try ParsedXML.parse(
            Array(#"<?xml version="1.0" encoding="UTF-8"?><a xmlns="urn:x" b="1">t</a>"#.utf8))
        XCTAssertEqual(
            parsed.items,
            [
                .start(
                    XMLName(namespace: "urn:x", local: "a"), attributes: [(XMLName(namespace: nil, local: "b"), "1")]),
                .text("t"), .end,
            ])
        XCTAssertEqual(parsed.encoding, "UTF-8")
    }

    func testGraphMLReaderRejectsDataWithoutItsKey() throws {
        let namespace = ParsedGraphML.namespace
        let good =
            #"<graphml xmlns="\#(namespace)"><key id="d0" for="node" attr.name="n" attr.type="string"/>"#
            + #"<graph edgedefault="directed"><node id="a"><data key="d0">x</data></node></graph></graphml>"#
        XCTAssertEqual(try ParsedGraphML.parse(Array(good.utf8)).nodes.map { $0.data.map(\.text) }, [["x"]])
        for bad in [
            good.replacingOccurrences(of: #"for="node""#, with: #"for="edge""#),
            good.replacingOccurrences(of: #"key="d0""#, with: #"key="d9""#),
            good.replacingOccurrences(of: namespace, with: "urn:other"),
        ] {
            XCTAssertThrowsError(try ParsedGraphML.parse(Array(bad.utf8)), bad)
        }
    }
}
