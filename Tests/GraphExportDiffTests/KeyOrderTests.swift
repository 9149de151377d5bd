import GraphExport
import GraphExportPlainSQLite
import XCTest

@testable import GraphExportDiff

/// The order ``GraphDiff`` merges identifying values in is SQLite's `ORDER BY … COLLATE BINARY`,
/// which both stores read them in: checked on values of every storage class, in a column whose
/// declared collation (NOCASE) the order ignores.
final class KeyOrderTests: XCTestCase {
    func testKeyValuesOrderAsSQLiteOrdersTheStoredValues() throws {
        let fixture = try DiffFixture(for: self)
        let path = try fixture.database(
            "values.sqlite",
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, v COLLATE NOCASE);
            INSERT INTO t(v) VALUES (NULL), (1), (-1), (1.5), (-1.5), (9007199254740993), (9007199254740992.0),
                (-9223372036854775808), (9223372036854775807), (1e300), (-1e300), (2), (2.0000001), (0), (-0.5),
                ('a'), ('B'), ('b'), ('A'), (''), ('é'), ('e'), ('z'), ('ab'), (char(0x10FFFF)), ('a' || char(0)),
                (x''), (x'00'), (x'ff'), (x'0001'), (x'7f'), (1.0), (3);
            """)
        let source = try SQLiteDatabaseSource(path: path)
        let cursor = try source.scan(0, orderedBy: [1])
        var values: [KeyValue] = []
        while let record = try cursor.nextBorrowed() { values.append(try XCTUnwrap(KeyValue(record.values[1]))) }
        XCTAssertEqual(values.count, 33)
        for (earlier, later) in zip(values, values.dropFirst()) {
            XCTAssertFalse(later < earlier, "\(earlier) and \(later) in SQLite's order, not in KeyValue's")
        }
        // The whole numbers 1 and 1.0 are one key, as SQLite compares them; all others differ.
        XCTAssertEqual(Set(values).count, 32)
        XCTAssertEqual(KeyValue(.double(1.0)), KeyValue(.integer(1)))
    }

    func testValuesThatSQLiteDoesNotStoreAsSuchHaveNoKey() {
        XCTAssertNil(KeyValue(.other(.decimal("1.50"))))
        XCTAssertNil(KeyValue(.other(.array([.integer(1)]))))
        XCTAssertEqual(KeyValue(.date(Timestamp(secondsSinceReferenceDate: 3))), .integer(3))
        XCTAssertEqual(KeyValue(.boolean(true)), .integer(1))
        XCTAssertEqual(KeyValue(.other(.uri("x"))), .text(Array("x".utf8)))
    }
}
