import GraphExport
import XCTest

@testable import GraphExportPlainSQLite

/// The word rules behind relationship names and the text of object identifiers.
final class PlainSQLiteNamingTests: XCTestCase {
    func testIDSuffixIsStrippedOnlyAtAWordBoundary() {
        let cases: [(String, String?)] = [
            ("AlbumId", "Album"), ("album_id", "album"), ("ALBUM_ID", "ALBUM"), ("trackID", "track"),
            ("Track2Id", "Track2"), ("support-rep id", "support-rep"), ("id", ""), ("ID", ""),
            ("ReportsTo", nil), ("paid", nil), ("UUID", nil), ("Id", ""), ("xid", nil),
        ]
        for (column, stem) in cases {
            XCTAssertEqual(RelationNaming.strippingIDSuffix(column), stem, column)
        }
    }

    func testLowerCamelCase() {
        let cases = [
            ("Album", "album"), ("SupportRep", "supportRep"), ("support_rep", "supportRep"),
            ("SUPPORT_REP", "supportRep"), ("URLString", "urlString"), ("ReportsTo", "reportsTo"),
            ("invoice line", "invoiceLine"), ("ID", "id"), ("Straße", "straße"), ("__", ""),
            ("2nd_place", "2ndPlace"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(RelationNaming.lowerCamelCase(text), expected, text)
        }
    }

    func testPluralAndSingular() {
        let cases = [
            ("track", "tracks"), ("invoiceLine", "invoiceLines"), ("address", "addresses"), ("box", "boxes"),
            ("branch", "branches"), ("category", "categories"), ("day", "days"), ("tracks", "tracks"),
            ("employee", "employees"),
        ]
        for (word, plural) in cases {
            XCTAssertEqual(RelationNaming.plural(word), plural, word)
        }
        XCTAssertTrue(RelationNaming.sameNoun("artist", "Artists"))
        XCTAssertTrue(RelationNaming.sameNoun("category", "categories"))
        XCTAssertTrue(RelationNaming.sameNoun("Invoice_Line", "invoicelines"))
        XCTAssertTrue(RelationNaming.sameNoun("address", "addresses"))
        XCTAssertFalse(RelationNaming.sameNoun("SupportRep", "Employee"))
        XCTAssertFalse(RelationNaming.sameNoun("", "s"))
    }

    func testKeyTextIsEscapedAndMarkedWhenItWouldReadAsAnotherKind() {
        let cases: [(String, String)] = [
            ("Maths", "Maths"), ("Art/Design, 2", "Art%2FDesign%2C 2"), ("100%", "100%25"), ("007", "'007"),
            ("-12", "'-12"), ("-", "-"), ("12a", "12a"), ("", "'"), ("#1", "'#1"), ("~x", "'~x"), ("$", "'$"),
            ("'quoted'", "''quoted'"), ("Österreich", "Österreich"), ("line\nbreak", "line%0Abreak"),
            ("\u{FFFE}", "%EF%BF%BE"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(ObjectIDText.text(Array(text.utf8)), expected, text)
        }
        XCTAssertEqual(ObjectIDText.text([0x41, 0xFF, 0x2F]), "A%FF%2F", "invalid UTF-8 keeps its bytes, escaped")
        XCTAssertEqual(ObjectIDText.escaped(Array("a/b%".utf8)), "a%2Fb%25")
    }
}
