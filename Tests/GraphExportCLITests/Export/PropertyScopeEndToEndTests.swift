import Foundation
import GraphExportTestSupport
import Prerequisites
import XCTest

/// The built command on stores with a reflexive many-to-many and with a property graphexport
/// cannot find the storage of (``HandBuiltStores``), and `--exclude-attribute`, `--attributes`
/// and `--exclude-entity` leaving properties and entities out, on those and on Chinook.
final class PropertyScopeEndToEndTests: XCTestCase {
    /// The store and its model (`contents`) in a folder of their own.
    private func write(_ built: HandBuiltStores.Store) throws -> (store: String, model: String) {
        let folder = try ScratchDatabase.make("Store.sqlite", sql: built.sql, for: self)
        let model = folder.appendingPathComponent("contents")
        try Data(built.model.utf8).write(to: model)
        return (folder.appendingPathComponent("Store.sqlite").path, model.path)
    }

    /// The objects of an export by id: each one's properties. Each is written once, and every
    /// reference resolves unless the export leaves some objects out.
    private func objects(_ result: ProgramRun, leavesObjectsOut: Bool = false) throws -> [String: [String: Any]] {
        XCTAssertEqual(result.status, 0, result.standardError)
        let summary = try ExportSummary(try result.json())
        XCTAssertEqual(summary.problems.filter { !leavesObjectsOut || !$0.hasPrefix("reference") }, [])
        return summary.objects
    }

    func testAReflexiveManyToManyListsEveryPartnerOnceInEveryFormat() throws {
        let built = HandBuiltStores.reflexiveManyToMany
        let (store, model) = try write(built)
        let expected: [Int: [Int]] = [1: [2, 5], 2: [1], 3: [4], 4: [3], 5: [1], 6: [6]]
        for shape in ["tree", "flat"] {
            let people = try objects(try CommandRunner.run(["-m", model, "--shape", shape, "--strict", store]))
            for (key, partners) in expected {
                let person = try XCTUnwrap(people[built.id("Person", key)], "\(shape) p\(key)")
                let ids = (person["invalidMergeCandidates"] as? [[String: Any]])?.compactMap { $0["@id"] as? String }
                XCTAssertEqual(ids, partners.map { built.id("Person", $0) }, "\(shape) p\(key)")
            }
        }
        for format in ["xml", "yaml", "jsonl", "plist", "graphml"] {
            try CommandRunner.assertSucceeds(["-m", model, "-f", format, "--strict", store])
        }
        let inspect = try CommandRunner.run(["inspect", "-m", model, store])
        XCTAssertTrue(
            inspect.text.contains(
                "join table Z_1INVALIDMERGECANDIDATES (Z_1INVALIDMERGECANDIDATES ↔ REFLEXIVE, pairs in either order)"),
            inspect.text)
    }

    /// Before: the whole store was refused, also by `inspect`, `--exclude-entity Person` and
    /// `--exclude-attribute`.
    func testAPropertyWhoseStorageCannotBeFoundIsLeftOutByTheOptionItsErrorNames() throws {
        let built = HandBuiltStores.unknownJoinTableLayout
        let (store, model) = try write(built)
        let option = "--exclude-attribute Person.peers (or its entity with --exclude-entity Person)"
        for command in [[], ["inspect"], ["schema"]] {
            try CommandRunner.assertFails(
                command + ["-m", model, store], status: 1,
                beginning: "graphexport: error: \(store): column Z_1PEERS.REFLEXIVE",
                saying: "leave it out with \(option)")
        }
        let ann = built.id("Person", 1)
        let notes = [built.id("Note", 1), built.id("Note", 2)]
        for leavingOut in [["--exclude-attribute", "Person.peers"], ["--attributes", "Person.name,notes"]] {
            for shape in ["tree", "flat"] {
                let people = try objects(
                    try CommandRunner.run(["-m", model, "--shape", shape, "--strict"] + leavingOut + [store]))
                XCTAssertEqual(people.count, 5, "\(leavingOut) \(shape)")
                XCTAssertEqual(people[ann]?["name"] as? String, "Ann")
                XCTAssertNil(people[ann]?["peers"], "\(leavingOut) \(shape)")
                XCTAssertEqual(
                    (people[ann]?["notes"] as? [[String: Any]])?.compactMap { $0["@id"] as? String }, notes)
            }
            let inspect = try CommandRunner.assertSucceeds(["inspect", "-m", model] + leavingOut + [store])
            XCTAssertTrue(inspect.text.contains("notes  to-many Note"), inspect.text)
            XCTAssertFalse(inspect.text.contains("peers"), inspect.text)
            let schema = try CommandRunner.assertSucceeds(["schema", "-m", model] + leavingOut + [store])
            XCTAssertFalse(schema.text.contains("peers"))
        }
        let withoutPeople = try CommandRunner.run(["-m", model, "--exclude-entity", "Person", store])
        XCTAssertEqual(
            withoutPeople.standardError,
            "graphexport: note: 3 references to objects outside the selection are kept as references\n")
        let noteObjects = try objects(withoutPeople, leavesObjectsOut: true)
        XCTAssertEqual(Set(noteObjects.keys), Set((1...3).map { built.id("Note", $0) }))
        XCTAssertEqual(
            (noteObjects[built.id("Note", 3)]?["person"] as? [String: Any])?["@id"] as? String, built.id("Person", 2))
    }

    func testAttributesKeepsOnlyTheNamedPropertiesOfAPlainTable() throws {
        let store = try CommandRunner.copyOfChinook(for: self).path
        let export = try CommandRunner.run(["--shape", "flat", "--attributes", "Track.Name,album", store])
        let graph = try objects(export)
        let tracks = graph.values.filter { $0["@type"] as? String == "Track" }
        XCTAssertEqual(tracks.count, 3503)
        XCTAssertTrue(
            tracks.allSatisfy { Set($0.keys) == ["@id", "@type", "Name", "album"] }, "\(tracks.first ?? [:])")
        XCTAssertTrue(graph.values.contains { $0["@type"] as? String == "Album" && $0["tracks"] != nil })
        try CommandRunner.assertFails(
            ["--attributes", "Track.Name,Title", store],
            beginning:
                "graphexport: error: entity 'Track' has no attribute or relationship 'Title' (attributes and relationships: TrackId, Name, "
        )
    }

    /// Before: `Asset.filename` was an error telling to write `GenericAsset.filename`.
    func testAttributesTakesAnInheritedNameOnTheEntityGiven() throws {
        let folder = try CommandRunner.copyOfSample("apple-photos-10.15.7", for: self)
        let export = ["-f", "jsonl", "--entity", "Asset", "--strict", "Photos.sqlite"]
        let named = try CommandRunner.assertSucceeds(["--attributes", "Asset.filename"] + export, in: folder)
        let assets = try String(decoding: named.standardOutput, as: UTF8.self).split(separator: "\n").dropFirst().map {
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        XCTAssertEqual(assets.count, 7)
        XCTAssertTrue(assets.allSatisfy { Set($0.keys) == ["@id", "@type", "filename"] }, "\(assets.first ?? [:])")
        XCTAssertTrue(assets.allSatisfy { $0["filename"] is String })
        let declared = try CommandRunner.assertSucceeds(["--attributes", "GenericAsset.filename"] + export, in: folder)
        XCTAssertEqual(named.standardOutput, declared.standardOutput, "the same property, kept on GenericAsset")
        try CommandRunner.assertFails(
            ["--attributes", "Asset.filename,fileName"] + export,
            beginning:
                "graphexport: error: entity 'Asset' has no attribute or relationship 'fileName'; did you mean "
                + "'filename'? (attributes and relationships: addedDate, ", in: folder)
    }

    /// A relationship left out takes its pair's nesting with it: without `Album.tracks`, the
    /// tracks are written at the top level, each with its album as a reference.
    func testExcludingARelationshipLeavesItsInverseAReference() throws {
        let store = try CommandRunner.copyOfChinook(for: self).path
        let export = try CommandRunner.assertSucceeds([
            "--entity", "Album", "--entity", "Track", "--exclude-attribute", "Album.tracks", store,
        ])
        let graph = try XCTUnwrap(try export.json()["@graph"] as? [[String: Any]])
        XCTAssertEqual(graph.filter { $0["@type"] as? String == "Track" }.count, 3503, "every track at the top level")
        XCTAssertTrue(graph.filter { $0["@type"] as? String == "Album" }.allSatisfy { $0["tracks"] == nil })
        let track = try XCTUnwrap(graph.first { $0["@type"] as? String == "Track" })
        XCTAssertEqual((track["album"] as? [String: Any])?.keys.sorted(), ["@id"])
    }
}
