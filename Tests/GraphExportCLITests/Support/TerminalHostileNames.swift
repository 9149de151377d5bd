import Foundation
import GraphExport
import XCTest

/// Names and values that hold what a terminal acts on — escape sequences that clear the screen,
/// recolour and retitle the window, a C1 control (CSI, U+009B), a right-to-left override (U+202E),
/// and newlines followed by `forged`, which would start a line of their own — and the check that
/// a text for a terminal shows them as their codes (``assertShowsAsCodes(_:_:file:line:)``).
///
/// ``make(for:)`` makes a plain SQLite database with such file, table, column and type names and
/// values: `shelf` (one row) owns the rows of `book` (two rows) through `owner`.
enum TerminalHostileNames {
    /// The database's file name.
    static let fileName = "store\u{1B}[31m\nforged.sqlite"
    /// The owning table.
    static let shelf = "shelf\u{1B}[2J\nforged"
    /// `shelf`'s text column, of a declared type that holds an escape too.
    static let label = "label\u{1B}]0;title\u{7}"
    /// The owned table.
    static let book = "book\u{202E}\u{9B}31m"
    /// `book`'s foreign key to `shelf`.
    static let owner = "owner\nforged"

    /// SQL for a text value with every kind of character above.
    private static let hostileValue = "'x' || char(27) || '[31mred' || char(10) || 'forged' || char(155) || char(8238)"

    /// Makes the database in a fresh folder; returns its URL.
    static func make(for test: XCTestCase) throws -> URL {
        let sql = """
            CREATE TABLE \(quoted(shelf)) (id INTEGER PRIMARY KEY, \(quoted(label)) "TEXT\u{1B}[5m");
            CREATE TABLE \(quoted(book)) (id INTEGER PRIMARY KEY,
                \(quoted(owner)) INTEGER REFERENCES \(quoted(shelf)) (id) ON DELETE CASCADE, title TEXT);
            INSERT INTO \(quoted(shelf)) VALUES (1, \(hostileValue));
            INSERT INTO \(quoted(book)) VALUES (1, 1, 'a' || char(27) || '[2J'), (2, 1, char(155) || 'b');
            """
        return try ScratchDatabase.make(fileName, sql: sql, for: test).appendingPathComponent(fileName)
    }

    /// Makes a copy of `database` beside it, named `name`, that differs from it in every way a
    /// diff shows: the shelf's label changed, a book removed, one added; returns its URL.
    static func changedCopy(of database: URL, named name: String) throws -> URL {
        let copy = database.deletingLastPathComponent().appendingPathComponent(name)
        try FileManager.default.copyItem(at: database, to: copy)
        try ScratchDatabase.create(
            at: copy,
            sql: """
                UPDATE \(quoted(shelf)) SET \(quoted(label)) = 'new' || \(hostileValue);
                DELETE FROM \(quoted(book)) WHERE id = 2;
                INSERT INTO \(quoted(book)) VALUES (3, 1, char(8238) || 'c' || char(27) || '[2J' || char(10) || 'forged');
                """)
        return copy
    }

    /// Asserts that `text` holds nothing a terminal acts on (``TerminalText/isActedOn(_:)``) but
    /// its own line ends, and no line that a newline of a name or value started.
    static func assertShowsAsCodes(
        _ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let actedOn = text.unicodeScalars.filter { $0 != "\n" && TerminalText.isActedOn($0) }
        XCTAssertEqual(
            actedOn.map { "U+" + String($0.value, radix: 16, uppercase: true) }, [],
            "\(what) holds what a terminal acts on: \(TerminalText.escaped(text))", file: file, line: line)
        let forged = text.split(separator: "\n").filter { $0.hasPrefix("forged") }
        XCTAssertEqual(forged, [], "\(what) has lines a name or value started", file: file, line: line)
    }

    /// `name` as an SQL identifier.
    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
