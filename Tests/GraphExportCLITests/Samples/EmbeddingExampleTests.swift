import Foundation
import Prerequisites
import XCTest

/// Runs the built `EmbeddingExample` (`Samples/Embedding`) and checks the JSON it prints.
final class EmbeddingExampleTests: XCTestCase {
    private func runExample(_ arguments: [String] = []) throws -> ProgramRun {
        try CommandRunner.run(executable: try CommandRunner.built("EmbeddingExample"), arguments)
    }

    /// `--plugin csv`: the scrapbook through the sample CSV plugin, found and run by the
    /// library's plugin runner as graphexport runs it: one row per value, every photo there.
    func testAFormatPluginWritesTheScrapbook() throws {
        let plugins = CommandRunner.repository.appendingPathComponent("Samples/Plugins").path
        let result = try CommandRunner.run(
            executable: try CommandRunner.built("EmbeddingExample"), ["--plugin", "csv"],
            environment: ["GRAPHEXPORT_PLUGIN_PATH": plugins])
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = result.text.split(separator: "\n")
        XCTAssertEqual(rows.first, "id,entity,property,kind,value")
        for caption in ["Tram 28 up to Graça", "Pastéis de nata", "Sunset at Cascais"] {
            XCTAssertTrue(rows.contains { $0.hasSuffix(",Photo,caption,string,\(caption)") }, caption)
        }
    }

    func testPrintsEveryObjectOnceWithCyclesAsReferences() throws {
        let result = try runExample()
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
        let header = try XCTUnwrap(document["@source"] as? [String: String])
        XCTAssertEqual(header["sourceKind"], "in-memory graph")
        XCTAssertEqual(header["source"], "EmbeddingExample")
        XCTAssertEqual(header["shape"], "tree")

        let summary = try ExportSummary(document)
        XCTAssertEqual(summary.counts, ["Album": 2, "Photo": 5, "Tag": 3])
        XCTAssertEqual(summary.problems, [])

        // Albums and tags are top level; every photo nests in its album.
        let topLevel = try XCTUnwrap(document["@graph"] as? [[String: Any]])
        XCTAssertEqual(topLevel.compactMap { $0["@type"] as? String }, ["Album", "Album", "Tag", "Tag", "Tag"])
        let lisbon = topLevel[0]
        XCTAssertEqual(lisbon["title"] as? String, "Summer in Lisbon")
        let photos = try XCTUnwrap(lisbon["photos"] as? [[String: Any]])
        let captions = photos.compactMap { $0["caption"] as? String }
        XCTAssertEqual(captions, ["Tram 28 up to Graça", "Pastéis de nata", "Sunset at Cascais"])
        XCTAssertEqual(photos[0]["takenAt"] as? String, "2017-07-01T08:00:12.5Z")

        // The cycles: a photo's album and favoriteOf, the album's favorite, a tag's photos.
        let lisbonID = try XCTUnwrap(lisbon["@id"] as? String)
        let tramID = try XCTUnwrap(photos[0]["@id"] as? String)
        for photo in photos {
            XCTAssertEqual(reference(photo["album"]), lisbonID)
        }
        XCTAssertEqual(reference(photos[0]["favoriteOf"]), lisbonID)
        XCTAssertTrue(photos[1]["favoriteOf"] is NSNull)
        XCTAssertEqual(reference(lisbon["favorite"]), tramID)

        // The tags are shared: each is written once and lists, as references, every photo that has it.
        let tags = Dictionary(
            uniqueKeysWithValues: topLevel[2...].map { ($0["name"] as? String ?? "", $0) })
        XCTAssertEqual(tags.keys.sorted(), ["family", "food", "sea"])
        let seaPhotos = try XCTUnwrap(tags["sea"]?["photos"] as? [Any]).map(reference)
        XCTAssertEqual(
            seaPhotos.map { summary.objects[$0 ?? ""]?["caption"] as? String },
            ["Sunset at Cascais", "Ribeira from the bridge"])
        for photo in summary.objects.values where photo["@type"] as? String == "Photo" {
            let photoTags = try XCTUnwrap(photo["tags"] as? [Any]).compactMap(reference)
            for tag in photoTags {
                let tagPhotos = try XCTUnwrap(summary.objects[tag]?["photos"] as? [Any]).compactMap(reference)
                XCTAssertTrue(tagPhotos.contains(photo["@id"] as? String ?? ""), "\(tag) lacks \(photo["@id"] ?? "")")
            }
        }
        XCTAssertEqual(summary.references.count, 5 + 2 + 2 + 6 + 6)
    }

    func testCompactIsTheSameDocumentOnOneLine() throws {
        let pretty = try runExample()
        let compact = try runExample(["--compact"])
        XCTAssertEqual(compact.status, 0, compact.standardError)
        XCTAssertEqual(compact.standardOutput.filter { $0 == UInt8(ascii: "\n") }.count, 1)
        XCTAssertGreaterThan(pretty.standardOutput.filter { $0 == UInt8(ascii: "\n") }.count, 10)
        let prettyDocument = try JSONSerialization.jsonObject(with: pretty.standardOutput) as? NSDictionary
        let compactDocument = try JSONSerialization.jsonObject(with: compact.standardOutput) as? NSDictionary
        XCTAssertEqual(prettyDocument, compactDocument)
    }

    /// Given a store, the example exports it through the library's entry points (`Store`,
    /// `Store.export`) exactly as `graphexport --pretty` does: the same document, byte for byte,
    /// of a Core Data store, of a selection of it and of a plain SQLite database.
    func testAStoreIsExportedAsTheCommandExportsIt() throws {
        let scratch = try ScratchFolder(for: self)
        try scratch.copy(CommandRunner.repository.appendingPathComponent("Samples/Scrapbook/Scrapbook.sqlite"))
        try scratch.copy(try Prerequisite.shared("data/chinook/Chinook.sqlite"))
        for (store, entities) in [
            ("Scrapbook.sqlite", []), ("Scrapbook.sqlite", ["Tag"]), ("Chinook.sqlite", ["Artist"]),
        ] {
            let example = try CommandRunner.run(
                executable: try CommandRunner.built("EmbeddingExample"), [store] + entities, in: scratch.url)
            let command = try CommandRunner.run(
                ["--pretty", store] + entities.flatMap { ["--entity", $0] }, in: scratch.url)
            XCTAssertEqual(example.status, 0, example.standardError)
            XCTAssertEqual(command.status, 0, command.standardError)
            XCTAssertGreaterThan(example.standardOutput.count, 1000, "\(store) \(entities)")
            XCTAssertEqual(example.standardOutput, command.standardOutput, "\(store) \(entities)")
        }
    }

    /// The id of a reference `{"@id": …}`, or `nil` for anything else.
    private func reference(_ value: Any?) -> String? {
        guard let object = value as? [String: Any], object.count == 1 else { return nil }
        return object["@id"] as? String
    }
}
