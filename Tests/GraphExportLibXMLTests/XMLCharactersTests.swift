import GraphExportLibXML
import XCTest

/// ``XMLCharacters``: the `Char` rule of XML 1.0 that the XML, property list and GraphML writers
/// share, the NCName rules, and how a character is named in messages.
final class XMLCharactersTests: XCTestCase {
    /// Every character the XML 1.0 `Char` production leaves out that a Swift string can hold.
    private let nonCharacters: [Unicode.Scalar] =
        (0..<0x20).filter { ![0x09, 0x0A, 0x0D].contains($0) }.map { Unicode.Scalar(UInt8($0)) }
        + ["\u{FFFE}", "\u{FFFF}"]

    func testEveryNonCharacterIsFoundAtEveryOffset() {
        // 0 to 19 bytes before it, so that it lands in each lane of the 8-byte words checked at
        // once, and at each place in the tail checked byte by byte.
        for scalar in nonCharacters {
            for prefix in 0..<20 {
                for suffix in [0, 1, 9] {
                    let text =
                        String(repeating: "a", count: prefix) + String(scalar) + String(repeating: "b", count: suffix)
                    XCTAssertEqual(
                        XMLCharacters.firstNonCharacter(in: text), scalar,
                        "\(XMLCharacters.describe(scalar)) at \(prefix)")
                }
            }
        }
    }

    func testEveryCharacterXMLCanHoldPasses() {
        let scalars: [UInt32] = [
            0x09, 0x0A, 0x0D, 0x20, 0x7E, 0x7F, 0x80, 0x9F, 0xEF, 0xFF, 0xD7FF, 0xE000, 0xEFBF, 0xFDD0, 0xFFEF,
            0xFFFD, 0x10000, 0x1FFFE, 0x1FFFF, 0x10FFFF,
        ]
        for value in scalars {
            let scalar = Unicode.Scalar(value)!
            for prefix in 0..<9 {
                let text = String(repeating: "x", count: prefix) + String(scalar) + "tail of more than eight bytes"
                XCTAssertNil(
                    XMLCharacters.firstNonCharacter(in: text), "\(XMLCharacters.describe(scalar)) at \(prefix)")
            }
        }
        XCTAssertNil(XMLCharacters.firstNonCharacter(in: ""))
    }

    func testTheFirstNonCharacterIsNamedAfterMultibyteText() {
        XCTAssertEqual(XMLCharacters.firstNonCharacter(in: "é😀\u{FFFD}\u{1F}x\u{0}"), "\u{1F}")
        XCTAssertEqual(XMLCharacters.firstNonCharacter(in: "Ωmega \u{FFFF} then \u{1}"), "\u{FFFF}")
        // U+FFFE split over two 8-byte words: EF in the first, BF BE in the second.
        XCTAssertEqual(XMLCharacters.firstNonCharacter(in: "1234567\u{FFFE}89abcdef"), "\u{FFFE}")
        XCTAssertEqual(XMLCharacters.firstNonCharacter(in: "123456\u{FFFF}789abcdef"), "\u{FFFF}")
        // A U+FFFD or U+FFEF at the end of the text, cut short of a third byte to compare.
        XCTAssertNil(XMLCharacters.firstNonCharacter(in: "12345678\u{FFFD}"))
        XCTAssertNil(XMLCharacters.firstNonCharacter(in: "\u{FFEF}"))
    }

    /// Which characters start an XML name, which may only follow its first, and which no NCName
    /// holds: the colon (a name character of XML 1.0, not of an NCName), space, punctuation, the
    /// multiplication and division signs, the Greek question mark and what lies past U+EFFFF.
    func testNameCharacterClasses() {
        let classes: [(what: String, scalars: [Unicode.Scalar], startsAName: Bool, isInAName: Bool)] = [
            (
                "name start",
                ["A", "z", "_", "é", "\u{C0}", "\u{370}", "\u{200C}", "\u{3001}", "\u{10000}", "\u{EFFFF}"], true, true
            ),
            (
                "name, not its start", ["-", ".", "0", "9", "\u{B7}", "\u{300}", "\u{36F}", "\u{203F}", "\u{2040}"],
                false, true
            ),
            (
                "no NCName", [":", " ", "/", "@", "\u{D7}", "\u{F7}", "\u{37E}", "\u{2000}", "\u{FFFE}", "\u{F0000}"],
                false, false
            ),
        ]
        for (what, scalars, startsAName, isInAName) in classes {
            for scalar in scalars {
                XCTAssertEqual(
                    XMLCharacters.isNameStart(scalar), startsAName, "\(what): \(XMLCharacters.describe(scalar))")
                XCTAssertEqual(
                    XMLCharacters.isNameCharacter(scalar), isInAName, "\(what): \(XMLCharacters.describe(scalar))")
            }
        }
    }

    func testCharactersAreNamedWithAtLeastFourUppercaseDigits() {
        XCTAssertEqual(XMLCharacters.describe("\u{0}"), "U+0000")
        XCTAssertEqual(XMLCharacters.describe("\u{1F}"), "U+001F")
        XCTAssertEqual(XMLCharacters.describe("\u{FFFE}"), "U+FFFE")
        XCTAssertEqual(XMLCharacters.describe("\u{1F600}"), "U+1F600")
        XCTAssertEqual(XMLCharacters.describe("\u{10FFFF}"), "U+10FFFF")
    }
}
