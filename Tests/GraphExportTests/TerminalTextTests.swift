import XCTest

@testable import GraphExport

/// The one rule for text meant for a terminal: what a terminal or a reader would act on is shown,
/// and a value repeated in a message is cut.
final class TerminalTextTests: XCTestCase {
    func testEveryCharacterATerminalOrAReaderActsOnIsShownAsItsCode() {
        let cases: [(String, String)] = [
            ("\u{1B}[31mred\u{1B}[0m", #"\u{1B}[31mred\u{1B}[0m"#),
            ("one\ntwo\r\tthree", #"one\u{A}two\u{D}\u{9}three"#),
            ("\u{0}\u{7F}\u{80}\u{85}\u{9B}2J", #"\u{0}\u{7F}\u{80}\u{85}\u{9B}2J"#),
            ("abc\u{202E}fed\u{202C}", #"abc\u{202E}fed\u{202C}"#),
            (
                "\u{200E}\u{200F}\u{61C}\u{2066}\u{2067}\u{2068}\u{2069}\u{202A}",
                #"\u{200E}\u{200F}\u{61C}\u{2066}\u{2067}\u{2068}\u{2069}\u{202A}"#
            ),
            ("line\u{2028}paragraph\u{2029}", #"line\u{2028}paragraph\u{2029}"#),
        ]
        for (text, shown) in cases {
            XCTAssertEqual(TerminalText.escaped(text), shown, text.debugDescription)
            XCTAssertEqual(TerminalText.escaped(shown), shown, "escaping twice changes nothing")
        }
        let plain = "Note Note/1 body: café, 東京, 👩‍👩‍👧 (a family: joiners kept), \\ and \" as they are"
        XCTAssertEqual(TerminalText.escaped(plain), plain)
    }

    func testAnEchoedValueIsCutToItsLimitAndSaysHowMuchIsLeftOut() {
        let short = String(repeating: "x", count: TerminalText.echoLimit)
        XCTAssertEqual(TerminalText.echoed(short), short)
        let token = String(repeating: "A", count: 100_000)
        let echoed = TerminalText.echoed(token)
        XCTAssertEqual(echoed, String(repeating: "A", count: TerminalText.echoLimit) + "… (99900 more characters)")
        XCTAssertEqual(TerminalText.echoed("a\u{1B}[2Jb"), #"a\u{1B}[2Jb"#, "escaped too")
        let marks = "a" + String(repeating: "\u{301}", count: 10_000)
        XCTAssertEqual(
            TerminalText.echoed(marks).unicodeScalars.count, TerminalText.echoLimit + "… (9901 more characters)".count,
            "counted in scalars: one character of ten thousand combining marks is cut too")
    }
}
