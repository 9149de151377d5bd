import Foundation
import Prerequisites
import XCTest

/// Persistent history that Core Data never writes, made with `sqlite3` on copies of the SwiftData
/// sample: transactions missing from the middle, changes of transactions `ATRANSACTION` lacks,
/// timestamps and numbers that are not numbers, and tokens of other shapes. Each is reported
/// (a warning, so that `--strict` fails), and a hole after the point asked for is exit status 3,
/// as pruning is.
final class DamagedHistoryTests: XCTestCase {
    private let uuid = "1D070E6D-145B-4367-8928-974368B60AC7"

    /// A copy of the SwiftData sample (38 transactions) changed by `sql`.
    private func damaged(_ sql: String) throws -> URL {
        let store = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
            .appendingPathComponent("default.store")
        let run = try ProgramRun.run(try Prerequisite.executable("sqlite3"), [store.path, sql])
        XCTAssertEqual(run.status, 0, run.standardError)
        return store
    }

    func testATransactionMissingFromTheMiddleIsReportedAndNeedsAFullExportAfterIt() throws {
        let store = try damaged(
            "DELETE FROM ACHANGE WHERE ZTRANSACTIONID = 20; DELETE FROM ATRANSACTION WHERE Z_PK = 20;")
        for since in ["10", "\(uuid):19"] {
            let run = try CommandRunner.assertFails([store.path, "--since", since, "--verbose"], status: 3)
            XCTAssertEqual(run.standardOutput, Data())
            XCTAssertTrue(
                run.standardError.contains("a full export is needed: transaction 20, after the token"),
                run.standardError)
            XCTAssertTrue(run.standardError.contains("is missing from ATRANSACTION"), run.standardError)
        }
        let after = try CommandRunner.assertSucceeds([store.path, "--since", "20", "--verbose"])
        XCTAssertTrue(after.standardError.contains("1 transaction number between 1 and 38 has no ATRANSACTION row"))
        try CommandRunner.assertFails(
            ["--strict", "--verbose", store.path, "--since", "25"], status: 1, saying: "the history is damaged")
        let log = try CommandRunner.assertSucceeds(["log", "--verbose", "--format", "json", store.path])
        XCTAssertTrue(log.standardError.contains("has no ATRANSACTION row"), log.standardError)
        // The newest transactions missing while the counter says there were more.
        let cut = try damaged(
            "DELETE FROM ACHANGE WHERE ZTRANSACTIONID > 36; DELETE FROM ATRANSACTION WHERE Z_PK > 36;")
        try CommandRunner.assertFails(
            [cut.path, "--since", "30", "--verbose"], status: 3, saying: "transaction 38, after the token")
    }

    func testChangesOfATransactionATRANSACTIONLacksAreLeftOutWithAWarning() throws {
        let store = try damaged(
            """
            INSERT INTO ACHANGE (Z_PK, Z_ENT, Z_OPT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS)
            SELECT max(Z_PK) + 1, 16001, 1, 1, (SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Item'), 1, 99, x'40'
            FROM ACHANGE;
            """)
        let own = try CommandRunner.assertSucceeds([
            store.path, "--since", "\(uuid):38", "--shape", "flat", "--verbose",
        ])
        XCTAssertEqual(try XCTUnwrap(try own.json()["@graph"] as? [Any]).count, 0, "since its own token: nothing")
        XCTAssertTrue(
            own.standardError.contains("1 ACHANGE row names a transaction (99) that ATRANSACTION does not have"),
            own.standardError)
        try CommandRunner.assertFails(
            ["--strict", "--verbose", store.path, "--since", "38"], status: 1, saying: "left out")
        let log = try CommandRunner.assertSucceeds(["log", "--verbose", store.path])
        XCTAssertTrue(log.standardError.contains("(99) that ATRANSACTION does not have"), log.standardError)
    }

    func testLogWritesNullForWhatWasNotRecordedAndWarnsOfWhatIsNoNumber() throws {
        let plain = try CommandRunner.assertSucceeds(["log", "--format", "json", try damaged("").path]).json()
        let first = try XCTUnwrap((plain["transactions"] as? [[String: Any]])?.first)
        XCTAssertTrue(first["author"] is NSNull, "the store recorded no author: \(first)")
        XCTAssertTrue(first["contextName"] is NSNull, "the store recorded no context: \(first)")
        // Z_PK without INTEGER PRIMARY KEY, so that it can hold NULL and text.
        let store = try damaged(
            """
            UPDATE ATRANSACTION SET ZTIMESTAMP = 'yesterday' WHERE Z_PK = 5;
            UPDATE ATRANSACTION SET ZTIMESTAMP = x'00' WHERE Z_PK = 6;
            ALTER TABLE ATRANSACTION RENAME TO OLDTRANSACTION;
            CREATE TABLE ATRANSACTION AS SELECT * FROM OLDTRANSACTION;
            DROP TABLE OLDTRANSACTION;
            UPDATE ATRANSACTION SET Z_PK = 'seven' WHERE Z_PK = 7;
            UPDATE ATRANSACTION SET Z_PK = NULL WHERE Z_PK = 8;
            """)
        let run = try CommandRunner.assertSucceeds(["log", "--verbose", "--format", "json", store.path])
        let transactions = try XCTUnwrap(try run.json()["transactions"] as? [[String: Any]])
        let numbers = transactions.compactMap { $0["number"] as? Int }
        XCTAssertEqual(numbers, (1...38).filter { $0 != 7 && $0 != 8 }, "no transaction 0, none without a number")
        for number in [5, 6] {
            let transaction = try XCTUnwrap(transactions.first { $0["number"] as? Int == number })
            XCTAssertTrue(transaction["timestamp"] is NSNull, "transaction \(number): \(transaction)")
        }
        XCTAssertTrue(
            run.standardError.contains("transaction 5 has a ZTIMESTAMP that is not a number of seconds"),
            run.standardError)
        XCTAssertTrue(
            run.standardError.contains("2 ATRANSACTION rows have a Z_PK that is not an integer"), run.standardError)
        let text = try CommandRunner.assertSucceeds(["log", store.path])
        XCTAssertTrue(text.text.contains("\n5  (no time)"), text.text)
        XCTAssertFalse(text.text.contains("\n0  "), text.text)
        try CommandRunner.assertFails(
            ["log", try CommandRunner.copyOfChinook(for: self).path], status: 3, saying: "keeps no persistent history")
    }

    func testLogShowsWhatATerminalWouldActOnAsItsCode() throws {
        let store = try damaged(
            "UPDATE ATRANSACTION SET ZAUTHOR = 'app' || char(27) || '[2J' || char(10) || '99  forged', "
                + "ZAUTHORTS = NULL WHERE Z_PK = 3;")
        let text = try CommandRunner.assertSucceeds(["log", store.path]).text
        XCTAssertFalse(text.unicodeScalars.contains("\u{1B}"), "an escape reached the terminal")
        XCTAssertTrue(text.contains(#"author app\u{1B}[2J\u{A}99  forged"#), text)
        XCTAssertFalse(text.contains("\n99  "), "a line of the store's text looks like a transaction")
    }

    func testATokenIsAUUIDAndANumberAndItsUUIDMatchesInAnyCase() throws {
        let store = try damaged("")
        for text in ["hello:5", "\(uuid):30:5", ":5", "\(uuid)x:5", "\(uuid):"] {
            try CommandRunner.assertFails([store.path, "--since", text], status: 64, saying: "invalid value")
        }
        let lower = try CommandRunner.assertSucceeds([store.path, "--since", uuid.lowercased() + ":38", "--quiet"])
        XCTAssertEqual(try XCTUnwrap(try lower.json()["@graph"] as? [Any]).count, 0)
        _ = try CommandRunner.assertSucceeds([store.path, "--since", uuid.lowercased() + ":30", "--quiet"])
    }
}
