import Foundation
import Prerequisites
import XCTest

/// `graphexport inspect` run as a user runs it: exit statuses, the JSON object scripts read, plain
/// SQLite databases, the errors it shares with an export, what it says about the choice of model,
/// and its exact output for the Scrapbook sample (`Golden/`).
final class InspectCommandTests: XCTestCase {
    private let scrapbookModel = "Samples/Scrapbook/Scrapbook.xcdatamodeld"

    func testJSONListsEveryEntityWithTheSamplesCounts() throws {
        let result = try CommandRunner.assertSucceeds(["inspect", "--format", "json"] + CommandRunner.scrapbook)
        let document = try result.json()
        XCTAssertEqual(document["inspectVersion"] as? Int, 2)
        XCTAssertEqual(document["sourceKind"] as? String, "Core Data store")
        let entities = try XCTUnwrap(document["entities"] as? [[String: Any]])
        let counts = Dictionary(
            uniqueKeysWithValues: entities.map { ($0["name"] as? String ?? "", $0["objects"] as? Int ?? -1) })
        let expected = try CommandRunner.scrapbookCounts()
        for (entity, count) in expected {
            XCTAssertEqual(counts[entity], count, entity)
        }
        XCTAssertEqual(Set(counts.keys), Set(expected.keys).union(["Item"]), "Item is abstract, with no objects")
        XCTAssertEqual(counts["Item"], 0)
        let model = try XCTUnwrap(document["model"] as? [String: Any])
        XCTAssertEqual(model["origin"] as? String, "modelFile")
        XCTAssertEqual(model["version"] as? String, "Scrapbook")
        XCTAssertEqual((model["misfits"] as? [Any])?.count, 0)
        XCTAssertEqual((document["warnings"] as? [Any])?.count, 0)
    }

    func testTreeRoleIsTheTraversalsOwnershipRule() throws {
        let inspect = try CommandRunner.run(["inspect", "-f", "json"] + CommandRunner.scrapbook)
        func relationship(_ entity: String, _ name: String) throws -> [String: Any] {
            let relationships = try XCTUnwrap(try inspect.inspectedEntity(entity)["relationships"] as? [[String: Any]])
            return try XCTUnwrap(relationships.first { $0["name"] as? String == name }, "\(entity).\(name)")
        }
        XCTAssertEqual(try relationship("Scrapbook", "pages")["tree"] as? String, "nest")
        XCTAssertEqual(try relationship("Page", "scrapbook")["tree"] as? String, "reference")
        XCTAssertEqual(try relationship("Tag", "items")["tree"] as? String, "reference", "many-to-many")
        let pages = try XCTUnwrap(try relationship("Scrapbook", "pages")["storage"] as? [String: Any])
        XCTAssertEqual(pages["kind"] as? String, "inverseForeignKey")
        XCTAssertEqual(pages["orderColumn"] as? String, "Z_FOK_SCRAPBOOK")
        let featured = try XCTUnwrap(try relationship("Tag", "featuredItem")["storage"] as? [String: Any])
        XCTAssertEqual(featured["entityColumn"] as? String, "Z1_FEATUREDITEM")
    }

    /// Without its model the Scrapbook store's model is inferred: the to-ones whose destination is a
    /// guess are listed with the entity they point at and what the guess rests on, in JSON and text.
    func testAnInferredModelListsItsGuessedToOnes() throws {
        let store = "Samples/Scrapbook/Scrapbook.sqlite"
        let document = try CommandRunner.assertSucceeds(["inspect", "--format", "json", store]).json()
        XCTAssertEqual((document["model"] as? [String: Any])?["origin"] as? String, "inferred")
        let guesses = try XCTUnwrap(document["inferredRelations"] as? [[String: Any]])
        XCTAssertEqual(guesses.map { $0["column"] as? String }, ["ZCOVER", "ZCOVEROF"])
        XCTAssertEqual(guesses.map { $0["referencedEntity"] as? String }, ["Photo", "Scrapbook"])
        XCTAssertEqual(guesses.map { $0["referencedColumn"] as? String }, ["Z_PK", "Z_PK"])
        XCTAssertEqual(
            guesses.map { $0["evidence"] as? String },
            [
                "its values are keys of Photo, and of no other entity but ones that have every key from 1 up to the "
                    + "largest value",
                "each Scrapbook it points at points back through ZSCRAPBOOK.ZCOVER",
            ])
        let text = try CommandRunner.assertSucceeds(["inspect", store]).text
        XCTAssertTrue(
            text.contains("Guessed to-ones of the inferred model\n  ZSCRAPBOOK.ZCOVER → ZITEM.Z_PK (Photo): "), text)
    }

    func testPlainSQLiteDatabaseShowsTablesForeignKeysLinksAndNesting() throws {
        let folder = try ScratchDatabase.make(
            "shop.sqlite",
            sql: """
                CREATE TABLE Customer (CustomerId INTEGER PRIMARY KEY, Name TEXT NOT NULL);
                CREATE TABLE Orders (OrderId INTEGER PRIMARY KEY,
                    CustomerId INTEGER NOT NULL REFERENCES Customer (CustomerId) ON DELETE CASCADE, Placed DATE);
                CREATE TABLE Product (ProductId INTEGER PRIMARY KEY, Title TEXT);
                CREATE TABLE OrderProduct (OrderId INTEGER REFERENCES Orders (OrderId),
                    ProductId INTEGER REFERENCES Product (ProductId), PRIMARY KEY (OrderId, ProductId));
                INSERT INTO Customer VALUES (1, 'Ada'), (2, 'Grace');
                INSERT INTO Orders VALUES (10, 1, '2024-01-02'), (11, 1, NULL), (12, 2, NULL);
                INSERT INTO Product VALUES (100, 'Pen');
                INSERT INTO OrderProduct VALUES (10, 100), (12, 100);
                """, for: self)
        let result = try CommandRunner.assertSucceeds(["inspect", "--format", "json", "shop.sqlite"], in: folder)
        let document = try result.json()
        XCTAssertEqual(document["sourceKind"] as? String, "SQLite database")
        XCTAssertTrue(document["model"] is NSNull)
        let entities = try XCTUnwrap(document["entities"] as? [[String: Any]])
        XCTAssertEqual(entities.map { $0["name"] as? String }, ["Customer", "Orders", "Product"])
        XCTAssertEqual(entities.map { $0["objects"] as? Int }, [2, 3, 1])
        let customer = try XCTUnwrap(entities[0]["relationships"] as? [[String: Any]])
        XCTAssertEqual(customer.first?["name"] as? String, "orders")
        XCTAssertEqual(customer.first?["tree"] as? String, "nest", "ON DELETE CASCADE nests")
        let storage = try XCTUnwrap(customer.first?["storage"] as? [String: Any])
        XCTAssertEqual(storage["kind"] as? String, "inverseForeignKey")
        XCTAssertEqual(storage["table"] as? String, "Orders")
        XCTAssertEqual(storage["columns"] as? [String], ["CustomerId"])
        XCTAssertEqual(entities[1]["owners"] as? [String], ["customer"])
        let placed = try XCTUnwrap((entities[1]["attributes"] as? [[String: Any]])?.last)
        XCTAssertEqual(placed["type"] as? String, "Date")
        XCTAssertEqual(placed["declaredType"] as? String, "DATE")
        let links = try XCTUnwrap(document["linkTables"] as? [[String: Any]])
        XCTAssertEqual(links.first?["name"] as? String, "OrderProduct")
        XCTAssertEqual(links.first?["linkedTables"] as? [String], ["Orders", "Product"])

        let text = try CommandRunner.assertSucceeds(["inspect", "shop.sqlite"], in: folder)
        XCTAssertTrue(text.text.hasPrefix("SQLite database shop.sqlite\n"), text.text)
        XCTAssertTrue(
            text.text.contains("products  to-many Product  inverse orders  reference  join table OrderProduct"),
            text.text)
        XCTAssertTrue(text.text.contains("Orders  (nests under its customer)"), text.text)
    }

    /// Before: the store's path and its table, column and type names reached the terminal raw: an
    /// escape sequence cleared the screen, a newline in a name started a line of the report. The
    /// JSON, a document, keeps them as they are.
    func testTextShowsWhatATerminalWouldActOnAsItsCode() throws {
        let names = TerminalHostileNames.self
        let database = try names.make(for: self)
        let text = try CommandRunner.assertSucceeds(["inspect", database.path]).text
        names.assertShowsAsCodes(text, "inspect's text")
        for shown in [
            #"store\u{1B}[31m\u{A}forged.sqlite"#,
            #"  shelf\u{1B}[2J\u{A}forged  1 object   table shelf\u{1B}[2J\u{A}forged"#,
            #"label\u{1B}]0;title\u{7}  String (TEXT\u{1B}[5m), as stored"#,
            "\n" + #"book\u{202E}\u{9B}31m  (nests under its "#, #"rows of book\u{202E}\u{9B}31m by owner\u{A}forged"#,
        ] {
            XCTAssertTrue(text.contains(shown), "\(shown) in \(text)")
        }
        let document = try CommandRunner.assertSucceeds(["inspect", "-f", "json", database.path]).json()
        XCTAssertEqual(document["source"] as? String, database.path)
        let entities = try XCTUnwrap(document["entities"] as? [[String: Any]])
        XCTAssertEqual(entities.map { $0["name"] as? String }, [names.shelf, names.book])
        let attributes = try XCTUnwrap(entities[0]["attributes"] as? [[String: Any]])
        XCTAssertEqual(attributes.map { $0["name"] as? String }, ["id", names.label])
    }

    func testChinookListsItsLinkTable() throws {
        let chinook = try Prerequisite.shared("data/chinook/Chinook.sqlite")
        let result = try CommandRunner.assertSucceeds(["inspect", "--format", "json", chinook.path])
        let document = try result.json()
        XCTAssertEqual((document["entities"] as? [Any])?.count, 10)
        XCTAssertEqual((document["linkTables"] as? [[String: Any]])?.first?["name"] as? String, "PlaylistTrack")
    }

    func testABadStoreGivesTheExportsOneLineError() throws {
        let folder = try ScratchDatabase.make("empty.sqlite", sql: "", for: self)
        try Data("not a database, only text\n".utf8).write(to: folder.appendingPathComponent("notes.sqlite"))
        let cases = [
            ["no-such-store.sqlite"], ["notes.sqlite"], ["--model", scrapbookModel, "no-such-store.sqlite"],
            ["--model", scrapbookModel, "notes.sqlite"], ["--model", scrapbookModel, "empty.sqlite"],
        ]
        for arguments in cases {
            let inspect = try CommandRunner.run(["inspect"] + arguments, in: folder)
            let export = try CommandRunner.run(arguments, in: folder)
            XCTAssertEqual(inspect.status, 1, "\(arguments)")
            XCTAssertEqual(export.status, 1, "\(arguments)")
            XCTAssertEqual(inspect.standardError, export.standardError, "\(arguments)")
            XCTAssertEqual(inspect.standardError.split(separator: "\n").count, 1, inspect.standardError)
            XCTAssertTrue(inspect.standardError.hasPrefix("graphexport: error: "), inspect.standardError)
            XCTAssertEqual(inspect.standardOutput.count, 0)
        }
    }

    /// Apple Notes' Z_MODELCACHE lists inherited properties again under each sub-entity
    /// (`shared/coredata-samples/README.md`): inspect shows each once, on the entity that declares
    /// it, and a sub-entity says what it inherits from whom, in text and JSON.
    func testAnInheritedPropertyIsShownOnceOnTheEntityThatDeclaresIt() throws {
        let folder = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let text = try CommandRunner.assertSucceeds(["inspect", "NoteStore.sqlite"], in: folder)
        XCTAssertEqual(text.text.components(separatedBy: "ZICCLOUDSYNCINGOBJECT.ZIDENTIFIER\n").count, 2, "once")
        XCTAssertFalse(text.text.contains("  from ICCloudSyncingObject"), "no inherited rows")
        let folderSection = try XCTUnwrap(
            text.text.components(separatedBy: "\n\n").first { $0.hasPrefix("ICFolder : ICNoteContainer") })
        let lines = folderSection.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines[1],
            "  inherits 23 attributes and 1 relationship from ICCloudSyncingObject; 4 attributes and 1 relationship "
                + "from ICNoteContainer (listed there)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("    title ") && $0.contains("ZTITLE2") }, folderSection)
        XCTAssertFalse(lines.contains { $0.hasPrefix("    identifier ") }, folderSection)

        let document = try CommandRunner.run(["inspect", "-f", "json", "NoteStore.sqlite"], in: folder).json()
        XCTAssertEqual(document["inspectVersion"] as? Int, 2)
        let entities = try XCTUnwrap(document["entities"] as? [[String: Any]])
        var declared: [String: Int] = [:]
        for entity in entities {
            let name = try XCTUnwrap(entity["name"] as? String)
            for key in ["attributes", "relationships"] {
                for property in try XCTUnwrap(entity[key] as? [[String: Any]]) {
                    XCTAssertEqual(property["declaredBy"] as? String, name, "\(name).\(property["name"] ?? "")")
                    declared[
                        "\(property["table"] ?? "").\(property["column"] ?? property["name"] ?? "")", default: 0] += 1
                }
            }
        }
        XCTAssertEqual(declared["ZICCLOUDSYNCINGOBJECT.ZIDENTIFIER"], 1)
        let icFolder = try XCTUnwrap(entities.first { $0["name"] as? String == "ICFolder" })
        XCTAssertEqual((icFolder["attributes"] as? [Any])?.count, 9)
    }

    func testOptionsThatShapeAnExportAreUsageErrors() throws {
        for arguments in [["-o", "out.json"], ["--shape", "flat"], ["--pretty"], ["--format", "yaml"]] {
            let result = try CommandRunner.assertFails(
                ["inspect"] + arguments + CommandRunner.scrapbook, beginning: "graphexport: error: ")
            XCTAssertTrue(
                result.standardError.contains("graphexport: note: usage: graphexport inspect"), result.standardError)
        }
        try CommandRunner.assertFails(["inspect"], saying: "missing the store to inspect")
    }

    func testHelpShowsTheCommand() throws {
        let result = try CommandRunner.run(["--help"])
        XCTAssertTrue(result.text.contains("graphexport inspect [<options>] <store>"), result.text)
        XCTAssertTrue(result.text.contains("  inspect <store>"), result.text)
    }

    // MARK: - The choice of model, on the EasyLife stores and their three-version bundle

    func testEveryVersionThatDoesNotFitIsListedBeforeTheCache() throws {
        let (folder, document, model) = try inspectEasyLife("EasyLife.sqlite")
        XCTAssertEqual(model["origin"] as? String, "modelCache")
        XCTAssertEqual(model["path"] as? String, "EasyLife.sqlite (Z_MODELCACHE)")
        let misfits = try XCTUnwrap(model["misfits"] as? [[String: Any]])
        XCTAssertEqual(misfits.map { $0["version"] as? String }, ["EasyLife 1.5.0", "EasyLife 1.3.0", "EasyLife"])
        XCTAssertEqual(Set(misfits.map { $0["candidate"] as? String }), ["version"])
        XCTAssertTrue(misfits.allSatisfy { ($0["reason"] as? String)?.isEmpty == false })
        let warnings = try XCTUnwrap(document["warnings"] as? [String])
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].contains("no version of 'EasyLife.xcdatamodeld' fits the store"), warnings[0])

        let text = try CommandRunner.run(
            ["inspect", "--model", "EasyLife.xcdatamodeld", "EasyLife.sqlite"], in: folder)
        XCTAssertTrue(text.text.contains("  did not fit        version 'EasyLife 1.5.0': "), text.text)
        XCTAssertTrue(text.text.contains("Warnings (1)\n"), text.text)
    }

    func testTheVersionThatFitsIsNamedWithItsFile() throws {
        let model = try inspectEasyLife("EasyLife 1.5.0.sqlite").model
        XCTAssertEqual(model["origin"] as? String, "modelFile")
        XCTAssertEqual(model["version"] as? String, "EasyLife 1.5.0")
        XCTAssertEqual((model["misfits"] as? [Any])?.count, 0)
        XCTAssertTrue((model["versionFile"] as? String)?.hasSuffix("EasyLife 1.5.0.xcdatamodel/contents") == true)
    }

    /// `inspect --format json` of `store` in a copy of the EasyLife sample, read with its
    /// three-version bundle: the copy, the JSON document and its `model` object.
    private func inspectEasyLife(_ store: String) throws -> (folder: URL, document: [String: Any], model: [String: Any])
    {
        let folder = try CommandRunner.copyOfSample("easylife-versions", for: self)
        let result = try CommandRunner.assertSucceeds(
            ["inspect", "--format", "json", "--model", "EasyLife.xcdatamodeld", store], in: folder)
        let document = try result.json()
        return (folder, document, try XCTUnwrap(document["model"] as? [String: Any]))
    }

    // MARK: - Golden output

    /// The exact output for the Scrapbook sample, as text and as JSON, pinned in `Golden/`. Set
    /// `GRAPHEXPORT_RECORD_GOLDEN=1` to write them anew (the tests then fail, saying so). The
    /// command runs in the repository with the sample's relative paths, so that the files do not
    /// depend on the machine.
    private static let goldenArguments = ["inspect"] + CommandRunner.scrapbook

    func testTextIsTheGoldenOne() throws {
        try assertGolden("inspect-scrapbook.txt", arguments: Self.goldenArguments)
    }

    func testJSONIsTheGoldenOne() throws {
        try assertGolden("inspect-scrapbook.json", arguments: Self.goldenArguments + ["--format", "json"])
    }

    private func assertGolden(
        _ name: String, arguments: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try CommandRunner.assertSucceeds(arguments, file: file, line: line)
        XCTAssertEqual(result.standardError, "", file: file, line: line)
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["GRAPHEXPORT_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try result.standardOutput.write(to: url)
            return XCTFail(
                "recorded Golden/\(name) (GRAPHEXPORT_RECORD_GOLDEN=1): check it and run again", file: file, line: line)
        }
        guard let golden = FileManager.default.contents(atPath: url.path) else {
            return XCTFail("Golden/\(name) is missing: run with GRAPHEXPORT_RECORD_GOLDEN=1", file: file, line: line)
        }
        XCTAssertEqual(
            String(decoding: result.standardOutput, as: UTF8.self), String(decoding: golden, as: UTF8.self),
            "the output differs from Golden/\(name); re-record with GRAPHEXPORT_RECORD_GOLDEN=1 if intended",
            file: file, line: line)
    }
}
