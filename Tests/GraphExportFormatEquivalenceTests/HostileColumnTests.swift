import GraphExport
import GraphExportPlainSQLite
import GraphExportTestSupport
import XCTest

/// Column names that start with `@`, like the formats' markers, read back as the columns they are
/// from every format, and the markers as the markers.
final class HostileColumnTests: XCTestCase {
    func testColumnsNamedLikeMarkersReadBackAsTheirColumnsFromEveryFormat() throws {
        let path = try ScratchFolder(for: self).url.appendingPathComponent("hostile.sqlite").path
        try SQLiteFile(path, writable: true).execute(HostileColumns.sql)
        let source = try SQLiteDatabaseSource(path: path)
        let item = try XCTUnwrap(source.model.entities.first { $0.name == "Item" })
        XCTAssertEqual(item.attributes.map(\.name).filter { $0.hasPrefix("@") }, HostileColumns.itemColumns)
        let records = try SourceGraph.flat(source).objects
        XCTAssertEqual(records["Item/1"]?.attributes["@id"], .string(Array("Item/2".utf8)))
        try assertFormatsAgree(source, "columns named like markers")
    }
}
