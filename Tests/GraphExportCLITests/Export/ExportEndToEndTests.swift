import Foundation
import XCTest

/// End-to-end runs of the built command on the bundled sample and on real Core Data stores.
final class ExportEndToEndTests: XCTestCase {

    func testScrapbookTreeExportHasEveryObjectOnceAndEveryReferenceResolves() throws {
        let result = try CommandRunner.assertSucceeds(CommandRunner.scrapbook)
        let summary = try ExportSummary(result.json())
        XCTAssertEqual(summary.counts, try CommandRunner.scrapbookCounts())
        XCTAssertEqual(summary.problems, [])
        let graph = try XCTUnwrap(try result.json()["@graph"] as? [[String: Any]])
        let topLevel = Set(
            graph.compactMap { $0["@id"] as? String }.map { $0.split(separator: "/").suffix(2).joined(separator: "/") })
        XCTAssertEqual(
            topLevel, ["Clipping/p21", "Photo/p11", "Scrapbook/p1", "Scrapbook/p2"],
            "only owner-less objects are top level")
    }

    func testScrapbookFlatExportListsEveryObjectAtTheTopLevel() throws {
        let result = try CommandRunner.assertSucceeds(["--shape", "flat"] + CommandRunner.scrapbook)
        let document = try result.json()
        let graph = try XCTUnwrap(document["@graph"] as? [[String: Any]])
        XCTAssertEqual(graph.count, try CommandRunner.scrapbookCounts().values.reduce(0, +))
        XCTAssertEqual(try ExportSummary(document).problems, [])
        XCTAssertEqual((document["@source"] as? [String: String])?["shape"], "flat")
    }

    func testPrettyAndCompactCarryTheSameData() throws {
        let pretty = try CommandRunner.run(["--pretty"] + CommandRunner.scrapbook)
        let compact = try CommandRunner.run(["--compact"] + CommandRunner.scrapbook)
        XCTAssertGreaterThan(pretty.standardOutput.count, compact.standardOutput.count)
        XCTAssertEqual(compact.text.split(separator: "\n").count, 1)
        XCTAssertEqual(try pretty.json() as NSDictionary, try compact.json() as NSDictionary)
    }

    func testWiboscoVersionOneStoreExportsAll1001Posts() throws {
        let folder = try CommandRunner.copyOfSample("wibosco-migration", for: self)
        let before = try FolderListing(folder)
        let result = try CommandRunner.assertSucceeds(
            [
                "--format", "json", "--model",
                "CoreDataMigration_Example.xcdatamodeld/CoreDataMigration_Example.xcdatamodel",
                "CoreDataMigration_Example_1.sqlite",
            ], in: folder)
        let summary = try ExportSummary(result.json())
        XCTAssertEqual(summary.counts, ["Post": 1001])
        XCTAssertEqual(summary.problems, [])
        let post = try XCTUnwrap(summary.objects["x-coredata://292CEC8D-C7B1-4073-9B55-56A1A663FA59/Post/p1"])
        XCTAssertEqual(post["date"] as? String, "2017-09-12T13:03:58.20319Z")
        XCTAssertEqual(post["postID"] as? String, "F3848AF4-92F0-45B1-9748-51782253BEC0")
        XCTAssertEqual(try FolderListing(folder), before, "the store's folder is unchanged")
    }

    func testWALStoreIsReadWithItsWALAndLeftUntouched() throws {
        let folder = try CommandRunner.copyOfSample("wibosco-migration", for: self)
        let before = try FolderListing(folder)
        let result = try CommandRunner.assertSucceeds(
            ["--model", "CoreDataMigration_Example.xcdatamodeld", "CoreDataMigration_Example_WAL.sqlite"], in: folder)
        let document = try result.json()
        let summary = try ExportSummary(document)
        XCTAssertEqual(summary.counts, ["Post": 84, "Color": 84])
        XCTAssertEqual(summary.problems, [])
        XCTAssertEqual((document["@source"] as? [String: String])?["modelVersion"], "CoreDataMigration_Example 4")
        XCTAssertEqual(try FolderListing(folder), before, "no -shm appeared and no byte changed")
    }

    func testOutputFileIsWrittenWhole() throws {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        try CommandRunner.assertSucceeds(
            ["--model", "Scrapbook.xcdatamodeld", "-o", "out.json", "Scrapbook.sqlite"], in: folder)
        let data = try Data(contentsOf: folder.appendingPathComponent("out.json"))
        let summary = try ExportSummary(XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any]))
        XCTAssertEqual(summary.counts, try CommandRunner.scrapbookCounts())
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains("graphexport-")
        }
        XCTAssertEqual(leftovers, [])
    }

    func testFailedExportLeavesNoOutputFile() throws {
        let folder = try CommandRunner.copyOfSample("wibosco-migration", for: self)
        try CommandRunner.assertFails(
            [
                "--model", "CoreDataMigration_Example.xcdatamodeld/CoreDataMigration_Example 4.xcdatamodel",
                "-o", "out.json", "CoreDataMigration_Example_1.sqlite",
            ], status: 1, beginning: "graphexport: error: CoreDataMigration_Example_1.sqlite: ", in: folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertFalse(names.contains { $0.contains("out.json") }, "\(names)")
    }

    func testClosedPipeEndsQuietly() throws {
        try assertClosedPipeEndsQuietly([])
    }

    func testClosedPipeEndsQuietlyInEveryFormat() throws {
        for format in ["xml", "yaml", "jsonl", "plist", "graphml"] {
            try assertClosedPipeEndsQuietly(["--format", format], format)
        }
    }

    /// Exports the 15 990 objects of a wibosco store with `options`, reads 100 bytes and closes the
    /// pipe: the command must exit 0 and print nothing on standard error.
    private func assertClosedPipeEndsQuietly(
        _ options: [String], _ name: String = "json", file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let folder = try CommandRunner.copyOfSample("wibosco-migration", for: self)
        let store = ["--model", "CoreDataMigration_Example.xcdatamodeld", "CoreDataMigration_Example_3.sqlite"]
        try ClosedPipeRun(options + store, in: folder, reading: 100).assertEndedQuietly(name, file: file, line: line)
    }
}
