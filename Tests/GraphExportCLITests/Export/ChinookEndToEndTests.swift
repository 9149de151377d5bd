import Foundation
import Prerequisites
import XCTest

/// A plain SQLite database (Chinook) exported by the built command, in JSON, XML and YAML.
final class ChinookEndToEndTests: XCTestCase {
    private static let tableCounts = [
        "Album": 347, "Artist": 275, "Customer": 59, "Employee": 8, "Genre": 25, "Invoice": 412,
        "InvoiceLine": 2240, "MediaType": 5, "Playlist": 18, "Track": 3503,
    ]

    private func chinook() throws -> URL {
        try CommandRunner.copyOfChinook(for: self)
    }

    func testJSONHasEveryRowOnceWithTracksUnderAlbumsUnderArtists() throws {
        let store = try chinook()
        let before = try FolderListing(store.deletingLastPathComponent())
        let result = try CommandRunner.assertSucceeds(
            ["--format", "json", store.lastPathComponent], in: store.deletingLastPathComponent())
        let document = try result.json()
        let summary = try ExportSummary(document)
        XCTAssertEqual(summary.counts, Self.tableCounts)
        XCTAssertEqual(summary.counts.values.reduce(0, +), 6892)
        XCTAssertEqual(summary.problems, [])
        XCTAssertEqual((document["@source"] as? [String: String])?["sourceKind"], "SQLite database")

        let graph = try XCTUnwrap(document["@graph"] as? [[String: Any]])
        let topLevelTypes = Set(graph.compactMap { $0["@type"] as? String })
        XCTAssertFalse(topLevelTypes.contains("Track"), "tracks nest under albums")
        XCTAssertFalse(topLevelTypes.contains("Album"), "albums nest under artists")
        let acdc = try XCTUnwrap(graph.first { $0["@id"] as? String == "Artist/1" })
        let albums = try XCTUnwrap(acdc["albums"] as? [[String: Any]])
        XCTAssertEqual(albums.first?["@type"] as? String, "Album")
        XCTAssertEqual((albums.first?["tracks"] as? [[String: Any]])?.first?["@type"] as? String, "Track")

        let playlists = summary.objects.values.filter { $0["@type"] as? String == "Playlist" }
        let links = playlists.map { ($0["tracks"] as? [[String: Any]])?.count ?? 0 }.reduce(0, +)
        XCTAssertEqual(links, 8715, "every PlaylistTrack row is one playlist–track link")
        XCTAssertTrue(
            playlists.allSatisfy { (($0["tracks"] as? [[String: Any]]) ?? []).allSatisfy { $0["@type"] == nil } })

        let employee = try XCTUnwrap(summary.objects["Employee/2"])
        XCTAssertEqual((employee["reportsToRef"] as? [String: String])?["@id"], "Employee/1")
        XCTAssertEqual(try FolderListing(store.deletingLastPathComponent()), before)
    }

    func testXMLAndYAMLHaveEveryRowOnce() throws {
        let store = try chinook()
        let folder = store.deletingLastPathComponent()
        let xml = try CommandRunner.assertSucceeds(["--format", "xml", store.lastPathComponent], in: folder)
        let objects = xml.text.components(separatedBy: " gx:id=\"").count - 1
        let references = xml.text.components(separatedBy: "<gx:ref gx:id=\"").count - 1
        XCTAssertEqual(objects - references, 6892)

        let yaml = try CommandRunner.assertSucceeds(["--format", "yaml", store.lastPathComponent], in: folder)
        let types = yaml.text.split(separator: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("\"@type\":")
        }
        XCTAssertEqual(types.count, 6892)
    }

    func testNestingOverridesAndTheirErrors() throws {
        let store = try chinook()
        let folder = store.deletingLastPathComponent()
        let result = try CommandRunner.assertSucceeds(["--nest", "Genre.tracks", store.lastPathComponent], in: folder)
        let summary = try ExportSummary(result.json())
        XCTAssertEqual(summary.counts, Self.tableCounts)
        let genre = try XCTUnwrap(summary.objects["Genre/1"])
        XCTAssertEqual((genre["tracks"] as? [[String: Any]])?.first?["@type"] as? String, "Track")

        try CommandRunner.assertFails(
            ["--nest", "Genre.nothing", store.lastPathComponent], saying: "Genre.nothing", in: folder)

        // --nest applies to Core Data stores too: with a model, what fails is the missing model.
        try CommandRunner.assertFails(
            ["--model", "x.xcdatamodeld", "--nest", "Genre.tracks", store.lastPathComponent], status: 1,
            saying: "'x.xcdatamodeld' does not exist", in: folder)
    }
}
