import Foundation
import GraphExport
import GraphExportCoreData
import GraphExportPlainSQLite
import GraphExportSQLite
import GraphExportStore
import Prerequisites
import XCTest

/// The library's entry points: ``Store`` opens a store as the command does and says what its reader
/// can do; ``Store/export(_:decoders:onWarning:)`` stacks what an export reads on it.
final class StoreOpeningTests: XCTestCase {
    func testACoreDataStoreIsOpenedByItsReaderAndSaysWhatItCanDo() throws {
        let scratch = try ScratchFolder(for: self)
        let path = try scratch.copy(StoreTestInputs.scrapbook.appendingPathComponent("Scrapbook.sqlite"))
        let warnings = CollectedWarnings()
        let store = try Store(path: path, onWarning: warnings.record)
        XCTAssertEqual(store.kind, .coreData)
        XCTAssertEqual(store.source.document.sourceKind, "Core Data store")
        XCTAssertEqual(store.modelChoice?.origin, .inferred)
        XCTAssertNil(store.columnTypings)
        XCTAssertEqual(try store.describe().entities.map(\.name), store.source.model.entities.map(\.name))
        XCTAssertEqual(store.coreDataDescription?.model, store.modelChoice)
        XCTAssertNil(store.plainSQLiteDescription)
        XCTAssertThrowsError(try store.persistentHistory()) {
            XCTAssertEqual($0 as? HistoryError, .noHistory(path: path))
        }
        XCTAssertFalse(warnings.takeMessages().isEmpty, "the inferred model is a warning")
    }

    func testAPlainDatabaseIsReadAutomaticallyAndHasColumnTypingsButNoHistory() throws {
        let scratch = try ScratchFolder(for: self)
        let path = try PlainDatabase(scratch, sql: "CREATE TABLE Artist (id INTEGER PRIMARY KEY, name TEXT, born DATE)")
            .path
        let store = try Store(path: path)
        XCTAssertEqual(store.kind, .plainSQLite)
        XCTAssertNil(store.modelChoice)
        XCTAssertEqual(store.columnTypings, [[.stored, .stored, .date]])
        XCTAssertNil(store.coreDataDescription)
        let born = try XCTUnwrap(try store.describe().entities.first?.attributes.last)
        XCTAssertEqual(store.plainSQLiteDescription?.column(of: born)?.typing, .date)
        XCTAssertThrowsError(try store.persistentHistory()) {
            XCTAssertEqual($0 as? HistoryError, .noHistory(path: path))
            XCTAssertEqual(ExitStatus(of: $0), .needsFullExport)
        }
        XCTAssertThrowsError(try Store(path: path, reading: StoreReading(reader: .coreData))) {
            XCTAssertEqual($0 as? CoreDataError, .notCoreDataStore(path: path))
        }
    }

    func testTheSelectionIsStackedAsTheCommandStacksIt() throws {
        let scratch = try ScratchFolder(for: self)
        let path = try PlainDatabase(
            scratch,
            sql: """
                CREATE TABLE Artist (id INTEGER PRIMARY KEY, name TEXT, note TEXT);
                CREATE TABLE Album (id INTEGER PRIMARY KEY, title TEXT, artist INTEGER REFERENCES Artist(id));
                INSERT INTO Artist VALUES (1, 'Ana', 'x'), (2, 'Bo', 'y');
                INSERT INTO Album VALUES (1, 'One', 1), (2, 'Two', 2), (3, 'Three', 2);
                """
        ).path
        let store = try Store(path: path)
        let export = try store.export(
            SelectionOptions(
                excludedAttributes: ["Artist.note"], root: "Artist", whereExpression: "name = 'Bo'", closure: true))
        XCTAssertEqual(export.source.model.attributes(of: 0).map(\.name), ["id", "name"])
        let written = try CheckedExport(
            export.source, shape: .tree, selection: try export.selection(), warnings: CollectedWarnings())
        XCTAssertEqual(written.objects.counts, ["Artist": 1, "Album": 2], "Bo and the two albums Bo reaches")
        XCTAssertThrowsError(try store.export(SelectionOptions(root: "Nobody")).selection()) {
            XCTAssertEqual(ExitStatus(of: $0), .usage)
        }
        XCTAssertThrowsError(try store.export(SelectionOptions(root: "Artist", whereExpression: "name =")).selection())
        {
            XCTAssertTrue($0 is RowFilterError, "\($0)")
            XCTAssertTrue("\($0)".hasPrefix("--where: the expression 'name ='"), "\($0)")
        }
        XCTAssertThrowsError(try store.export(SelectionOptions(since: .transaction(1), limit: 1))) {
            XCTAssertEqual($0 as? SelectionError, .notWithSince(option: "limit"))
        }
    }
}
