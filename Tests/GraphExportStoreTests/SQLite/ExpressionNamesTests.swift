import XCTest

@testable import GraphExportSQLite

/// `--where`'s names replaced as SQLite's tokenizer reads them (``ExpressionNames``): identifiers,
/// bare or quoted, and nothing in a literal, a comment, a number, a parameter, a qualified name, a
/// function's name or a keyword.
final class ExpressionNamesTests: XCTestCase {
    /// `title` is `ZTITLE2`, `folder` `ZFOLDER`, `order` `ZORDER`, `x` `ZX`; nothing else is a name.
    private func replaced(_ expression: String) -> String {
        let columns = ["title": "ZTITLE2", "folder": "ZFOLDER", "order": "ZORDER", "x": "ZX", "é": "ZE"]
        return ExpressionNames.replacing(in: expression) { columns[$0] }
    }

    func testBareAndQuotedIdentifiersAreReplaced() {
        XCTAssertEqual(replaced("title = 'Notes'"), #""ZTITLE2" = 'Notes'"#)
        XCTAssertEqual(replaced("folder=4 AND title IS NOT NULL"), #""ZFOLDER"=4 AND "ZTITLE2" IS NOT NULL"#)
        XCTAssertEqual(
            replaced(#""title" = 1 OR `title` = 2 OR [title] = 3"#), #""ZTITLE2" = 1 OR "ZTITLE2" = 2 OR "ZTITLE2" = 3"#
        )
        XCTAssertEqual(replaced(#""order" > 1"#), #""ZORDER" > 1"#, "a keyword quoted is a name")
        XCTAssertEqual(replaced("é = 1"), #""ZE" = 1"#)
        XCTAssertEqual(replaced("(title)||(title)"), #"("ZTITLE2")||("ZTITLE2")"#)
    }

    /// Function names stay, their arguments are names like any other.
    func testLiteralsCommentsNumbersParametersQualifiedNamesAndKeywordsStayAsWritten() {
        let kept = [
            "'title' = 'it''s title'", "x'7469746C65' = ZDATA", "X'00'", "title2 = 1", "-- title\n1",
            "/* title */ 1", "/* title", "1e3 > 0x1F AND .5 < 1.5e-3", ":title = @title AND $title = ?1",
            "t.title = 1", "ZICCLOUDSYNCINGOBJECT.title", "title.x = 1", "date(title) IS NULL",
            "length (x) > 1", "order BY 1", "'unterminated title", "[title",
        ]
        for expression in kept {
            let expected = expression.replacingOccurrences(of: "date(title)", with: #"date("ZTITLE2")"#)
                .replacingOccurrences(of: "length (x)", with: #"length ("ZX")"#)
            XCTAssertEqual(replaced(expression), expected, expression)
        }
    }

    func testANameCopiesTheRestOfTheExpressionByteForByte() {
        XCTAssertEqual(
            replaced("title LIKE 'Ré%' ESCAPE '\\'\t-- 🇵🇹"), "\"ZTITLE2\" LIKE 'Ré%' ESCAPE '\\'\t-- 🇵🇹")
        XCTAssertEqual(replaced(""), "")
        XCTAssertEqual(replaced("\"ti\"\"tle\" = 1"), "\"ti\"\"tle\" = 1", "a quoted name that names nothing")
    }
}
