import Foundation
import Prerequisites
import XCTest

/// `--entity`, `--exclude-entity`, `--root`/`--where`/`--closure`, `--depth`,
/// `--exclude-attribute` and `--nest`/`--no-nest` on Chinook and Scrapbook (`--limit`:
/// `SampleEndToEndTests`): which objects the
/// export holds (each once) is checked against plain SQL, and so is the number of references to
/// objects outside the selection, which the closing line on standard error gives.
final class SelectionEndToEndTests: XCTestCase {

    private func chinook() throws -> String {
        try CommandRunner.copyOfChinook(for: self).path
    }

    private func scrapbook() throws -> String {
        try CommandRunner.copyOfRepository("Samples/Scrapbook/Scrapbook.sqlite", for: self).path
    }

    /// Exports `store` with `arguments`, checks the objects against `expectedSQL` (and as
    /// ``WalkedExport`` does), and returns the number of references outside the selection.
    @discardableResult
    private func exportChecked(
        _ arguments: [String], store: String, expectedSQL: String, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> Int {
        let export = try WalkedExport(exporting: arguments + [store], file: file, line: line)
        let (found, expected) = (Set(export.ids.values.joined()), Set(try ExportWalk.ids(expectedSQL, in: store)))
        XCTAssertTrue(
            found == expected,
            "\(arguments): missing \(expected.subtracting(found).sorted().prefix(3)), extra "
                + "\(found.subtracting(expected).sorted().prefix(3))", file: file, line: line)
        return export.outside
    }

    /// The ids of Chinook's chosen artists, their albums and the albums' tracks.
    private static let artistsAndWhatTheyOwn = """
        WITH a AS (SELECT ArtistId FROM Artist WHERE Name LIKE 'A%'),
             b AS (SELECT AlbumId FROM Album WHERE ArtistId IN a)
        SELECT 'Artist/' || ArtistId FROM a UNION ALL SELECT 'Album/' || AlbumId FROM b
        UNION ALL SELECT 'Track/' || TrackId FROM Track WHERE AlbumId IN b
        """

    func testRootAndWhereWriteTheChosenObjectsAndWhatTheyOwnInBothShapes() throws {
        let store = try chinook()
        for shape in ["tree", "flat"] {
            let outside = try exportChecked(
                ["--shape", shape, "--root", "Artist", "--where", "Name LIKE 'A%'"], store: store,
                expectedSQL: Self.artistsAndWhatTheyOwn)
            XCTAssertGreaterThan(outside, 0, "tracks reference genres, media types and playlists")
        }
    }

    func testEntityAndExcludeEntityWriteOnlyThoseEntities() throws {
        let store = try chinook()
        try exportChecked(
            ["--entity", "Genre", "--entity", "MediaType"], store: store,
            expectedSQL:
                "SELECT 'Genre/' || GenreId FROM Genre UNION ALL SELECT 'MediaType/' || MediaTypeId FROM MediaType"
        )
        let others = ["Album", "Artist", "Customer", "Employee", "Genre", "Invoice", "MediaType", "Playlist"]
        for shape in ["tree", "flat"] {
            try exportChecked(
                ["--shape", shape, "--exclude-entity", "Track", "--exclude-entity", "InvoiceLine"], store: store,
                expectedSQL: others.map { "SELECT '\($0)/' || \($0)Id FROM \($0)" }.joined(separator: " UNION ALL "))
        }
    }

    func testClosureAddsEverythingReachableSoNoReferenceLeavesTheExport() throws {
        let store = try chinook()
        let export = try WalkedExport(exporting: [
            "--root", "Employee", "--where", "EmployeeId = 8", "--closure", store,
        ])
        XCTAssertEqual(export.outside, 0)
    }

    func testExcludedAttributesAreLeftOutOfEveryObject() throws {
        let store = try chinook()
        let export = try CommandRunner.assertSucceeds(
            ["--shape", "flat", "--exclude-attribute", "Track.Composer", "--exclude-attribute", "Artist.Name", store])
        let graph = try XCTUnwrap(try export.json()["@graph"] as? [[String: Any]])
        let tracks = graph.filter { $0["@type"] as? String == "Track" }
        XCTAssertEqual(tracks.count, 3503)
        XCTAssertTrue(tracks.allSatisfy { $0["Composer"] == nil && $0["Name"] != nil })
        XCTAssertTrue(graph.filter { $0["@type"] as? String == "Artist" }.allSatisfy { $0["Name"] == nil })
        try CommandRunner.assertFails(
            ["--exclude-attribute", "Track.Nope", store],
            saying:
                "entity 'Track' has no attribute or relationship 'Nope'; did you mean 'Name'? (attributes and relationships: TrackId, "
        )
    }

    /// Scrapbook's ids as SQL makes them: `x-coredata://<uuid>/<entity>/p<Z_PK>`.
    private static func scrapbookIDs(_ table: String, where condition: String) -> String {
        "SELECT 'x-coredata://' || (SELECT Z_UUID FROM Z_METADATA) || '/' || "
            + "(SELECT Z_NAME FROM Z_PRIMARYKEY WHERE Z_ENT = t.Z_ENT) || '/p' || t.Z_PK FROM \(table) AS t "
            + "WHERE \(condition)"
    }

    /// The ids of the Scrapbook whose title starts with `Summer`, its tags, pages and their items.
    private static var summerScrapbookAndWhatItOwns: String {
        let chosen = "SELECT Z_PK FROM ZSCRAPBOOK WHERE ZTITLE LIKE 'Summer%'"
        let pages = "SELECT Z_PK FROM ZPAGE WHERE ZSCRAPBOOK IN (\(chosen))"
        return [
            scrapbookIDs("ZSCRAPBOOK", where: "Z_PK IN (\(chosen))"),
            scrapbookIDs("ZTAG", where: "ZSCRAPBOOK IN (\(chosen))"),
            scrapbookIDs("ZPAGE", where: "Z_PK IN (\(pages))"), scrapbookIDs("ZITEM", where: "ZPAGE IN (\(pages))"),
        ].joined(separator: " UNION ALL ")
    }

    func testRootAndWhereOnACoreDataStoreUseTheTablesColumns() throws {
        let store = try scrapbook()
        let expected = Self.summerScrapbookAndWhatItOwns
        for shape in ["tree", "flat"] {
            try exportChecked(
                [
                    "--model", CommandRunner.scrapbookModel, "--shape", shape, "--root", "Scrapbook", "--where",
                    "ZTITLE LIKE 'Summer%'",
                ],
                store: store, expectedSQL: expected)
        }
        try exportChecked(
            ["--model", CommandRunner.scrapbookModel, "--entity", "Item"], store: store,
            expectedSQL: Self.scrapbookIDs("ZITEM", where: "1"))
        try exportChecked(
            ["--model", CommandRunner.scrapbookModel, "--entity", "Note", "--exact"], store: store,
            expectedSQL: Self.scrapbookIDs(
                "ZITEM", where: "Z_ENT = (SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Note')"))
    }

    /// The same objects as the column names choose, from the model's names: Scrapbook's `title`
    /// is `ZTITLE`, a page's `scrapbook` its key column `ZSCRAPBOOK`.
    func testWhereOnACoreDataStoreTakesTheModelsAttributeAndToOneNames() throws {
        let store = try scrapbook()
        let expected = Self.summerScrapbookAndWhatItOwns
        try exportChecked(
            ["--model", CommandRunner.scrapbookModel, "--root", "Scrapbook", "--where", "title LIKE 'Summer%'"],
            store: store,
            expectedSQL: expected)
        try exportChecked(
            [
                "--model", CommandRunner.scrapbookModel, "--root", "Page", "--where",
                "scrapbook = 1 AND \"number\" > 1", "--entity",
                "Page",
            ],
            store: store, expectedSQL: Self.scrapbookIDs("ZPAGE", where: "ZSCRAPBOOK = 1 AND ZNUMBER > 1"))
    }

    /// Apple Notes keeps several entities' `title`s in one table: a folder's is `ZTITLE2`, which
    /// only `inspect` shows; `title` finds it, and a note's `folder` is `ZFOLDER`, its `account`
    /// `ZACCOUNT4`.
    func testWhereOnAppleNotesFindsTheFoldersTitleInItsSuffixedColumn() throws {
        let store = try CommandRunner.copyOfSample("apple-notes-macos12", for: self).path + "/NoteStore.sqlite"
        func ids(_ entity: String, where condition: String) -> String {
            "SELECT 'x-coredata://' || (SELECT Z_UUID FROM Z_METADATA) || '/\(entity)/p' || Z_PK "
                + "FROM ZICCLOUDSYNCINGOBJECT WHERE Z_ENT = (SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = "
                + "'\(entity)') AND \(condition)"
        }
        let cases: [(entity: String, expression: String, condition: String)] = [
            ("ICFolder", "title = 'Notes'", "ZTITLE2 = 'Notes'"),
            ("ICFolder", "ZTITLE2 = 'Notes'", "ZTITLE2 = 'Notes'"),
            ("ICFolder", "\"title\" LIKE 'Folder%' AND 'title' = 'title'", "ZTITLE2 LIKE 'Folder%'"),
            ("ICNote", "folder = 4", "ZFOLDER = 4"),
            ("ICNote", "account IS NOT NULL AND title IS NOT NULL", "ZACCOUNT4 IS NOT NULL AND ZTITLE1 IS NOT NULL"),
        ]
        for (entity, expression, condition) in cases {
            try exportChecked(
                ["--root", entity, "--where", expression, "--entity", entity], store: store,
                expectedSQL: ids(entity, where: condition))
        }
        let notes = try CommandRunner.run([
            "--root", "ICFolder", "--where", "title = 'Notes'", "--entity", "ICFolder", store,
        ])
        XCTAssertEqual(
            notes.standardError,
            "graphexport: note: 6 references to objects outside the selection are kept as references\n",
            "as the README shows")
        let folders = try XCTUnwrap(try notes.json()["@graph"] as? [[String: Any]])
        XCTAssertEqual(folders.map { $0["title"] as? String }, ["Notes"])
        let empty = try CommandRunner.assertSucceeds(["--root", "ICFolder", "--where", "ZTITLE = 'Notes'", store])
        XCTAssertEqual(
            empty.standardError, "graphexport: warning: --where \"ZTITLE = 'Notes'\" selects no ICFolder\n")
        XCTAssertEqual(try XCTUnwrap(try empty.json()["@graph"] as? [Any]).count, 0)
        let strict = try CommandRunner.run(["--strict", "--root", "ICFolder", "--where", "ZTITLE = 'Notes'", store])
        XCTAssertEqual(strict.status, 1, "an empty selection is a warning, which --strict fails")
    }

    func testNestAndNoNestChooseWhatNestsInACoreDataStore() throws {
        let store = try scrapbook()
        func topLevelTypes(_ arguments: [String]) throws -> Set<String> {
            let export = try CommandRunner.assertSucceeds(
                ["--model", CommandRunner.scrapbookModel] + arguments + [store])
            let graph = try XCTUnwrap(try export.json()["@graph"] as? [[String: Any]])
            return Set(graph.compactMap { $0["@type"] as? String })
        }
        // Two items are on no page: a photo (a scrapbook's cover) and a clipping.
        let unowned: Set = ["Scrapbook", "Photo", "Clipping"]
        XCTAssertEqual(try topLevelTypes([]), unowned)
        XCTAssertEqual(try topLevelTypes(["--no-nest", "Scrapbook.pages"]), unowned.union(["Page"]))
        XCTAssertEqual(try topLevelTypes(["--no-nest", "Page.scrapbook"]), unowned.union(["Page"]))
        XCTAssertEqual(try topLevelTypes(["--no-nest", "Tag.scrapbook", "--shape", "tree"]), unowned.union(["Tag"]))
        // A cover photo is on a page too; chosen, the one-to-one nests it under its scrapbook.
        func coverIsNested(_ arguments: [String]) throws -> Bool {
            let export = try CommandRunner.run(["--model", CommandRunner.scrapbookModel] + arguments + [store])
            let graph = try XCTUnwrap(try export.json()["@graph"] as? [[String: Any]])
            let scrapbook = try XCTUnwrap(graph.first { $0["@type"] as? String == "Scrapbook" })
            return (scrapbook["cover"] as? [String: Any])?["@type"] != nil
        }
        XCTAssertFalse(try coverIsNested([]))
        XCTAssertTrue(try coverIsNested(["--nest", "Scrapbook.cover"]))
        try CommandRunner.assertFails(
            ["--model", CommandRunner.scrapbookModel, "--nest", "Tag.items", store],
            saying: "'Tag.items' cannot nest: it is many-to-many")
    }

    func testAnExpressionThatDoesMoreThanReadIsAUsageErrorNamingWhatWasRefused() throws {
        let store = try chinook()
        let refusals = [
            "1); DELETE FROM Artist; SELECT (1": "delete from table 'Artist'",
            "1); UPDATE Artist SET Name = 'x'; SELECT (1": "update table 'Artist'",
            "1); ATTACH 'other.db' AS other; SELECT (1": "attach a database",
            "1); PRAGMA writable_schema = 1; SELECT (1": "run the pragma",
            "Name IN (SELECT name FROM pragma_table_info('Artist'))": "run a pragma",
            "load_extension('x') IS NULL": "call load_extension()",
        ]
        for (expression, refused) in refusals.sorted(by: { $0.key < $1.key }) {
            let export = try CommandRunner.assertFails(
                ["--root", "Artist", "--where", expression, store],
                saying: "'\(expression)' may only read the store, and it tries to \(refused)")
            XCTAssertTrue(export.standardOutput.isEmpty)
        }
        try CommandRunner.assertFails(
            ["--root", "Artist", "--where", "Name LIKE", store],
            saying: "the expression 'Name LIKE' is not a valid condition on the rows of Artist")
        try CommandRunner.assertSucceeds(["--shape", "flat", "--root", "Artist", "--where", "1 -- a comment", store])
    }

    /// Before: a condition that never ends ran until killed (`--busy-timeout` bounds only locks),
    /// and `randomblob(500000000)` took 969 MB for each row.
    func testAConditionIsStoppedAtItsBudgetOfWorkAndOfMemory() throws {
        let store = try chinook()
        let endless =
            "EXISTS (WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT 1 FROM r WHERE x < 0)"
        let stopped = try TimedCommand.run(["--root", "Artist", "--where", endless, store], deadline: 120)
        XCTAssertFalse(stopped.timedOut, "the condition ran until killed")
        XCTAssertEqual(stopped.status, 64, stopped.standardError)
        XCTAssertTrue(
            stopped.standardError.hasPrefix(
                "graphexport: error: --where: the expression '\(endless)' was stopped after "),
            stopped.standardError)
        XCTAssertTrue(
            stopped.standardError.contains(
                "SQLite instructions on the rows of Artist, the most a condition may run on this store"),
            stopped.standardError)
        XCTAssertTrue(stopped.standardOutput.isEmpty)

        let large = "length(randomblob(500000000)) > 0"
        let refused = try TimedCommand.run(["--root", "Artist", "--where", large, store], deadline: 120)
        XCTAssertFalse(refused.timedOut)
        XCTAssertEqual(
            refused.errorLines.first,
            "graphexport: error: --where: the expression '\(large)' was stopped on the rows of Artist when it needed "
                + "more than 256 MiB of memory, the most a condition may hold: give one that makes smaller values "
                + "(docs/SELECTION.md)")
        XCTAssertEqual(refused.status, 64)

        try CommandRunner.assertSucceeds(
            ["--root", "Artist", "--where", "length(randomblob(100000000)) > 0 AND ArtistId < 3", store])
    }

    func testOptionsThatDoNotApplyAreUsageErrors() throws {
        let store = try chinook()
        let errors: [([String], String)] = [
            (["--where", "1"], "'--where' goes with --root: give --root too"),
            (["--closure"], "'--closure' goes with --root: give --root too"),
            (["--exact"], "'--exact' goes with --entity or --exclude-entity"),
            (["--depth", "3", "--shape", "flat"], "'--depth' does not apply with --shape flat"),
            (["--depth", "-1"], "invalid value '-1' for '--depth': give a whole number, 0 or more"),
            (["--limit", "0"], "invalid value '0' for '--limit': give a whole number, 1 or more"),
            (["--root", "Nope"], "no entity 'Nope' (entities: Album, Artist,"),
            (["--entity", "Nope"], "no entity 'Nope'"),
        ]
        for (arguments, message) in errors {
            try CommandRunner.assertFails(arguments + [store], saying: message)
        }
    }

    /// Prints the deepest nesting of objects and the number of top-level objects.
    private static let depth = """
        import json, sys
        document = json.load(sys.stdin)
        def depth(node):
            below = [depth(child) for child in node.get("folders", []) if "@type" in child]
            return 1 + max(below, default=0)
        print(max(depth(top) for top in document["@graph"]), len(document["@graph"]))
        """

    func testTheDepthLimitMovesDeeperObjectsToTheTopLevelSoPythonReadsTheExport() throws {
        let deep = try ScratchDatabase.chain("Folder", length: 1000, for: self)
        try exportChecked(
            ["--depth", "100"], store: deep, expectedSQL: "SELECT 'Folder/' || id FROM Folder")
        let limited = try CommandRunner.run(["--depth", "100", deep])
        XCTAssertEqual(try Python.run(Self.depth, input: limited.standardOutput), "100 10")
        XCTAssertFalse(limited.standardError.contains("warning"), limited.standardError)

        let byDefault = try ScratchDatabase.chain("Folder", length: 300, for: self)
        try exportChecked([], store: byDefault, expectedSQL: "SELECT 'Folder/' || id FROM Folder")
        let export = try CommandRunner.run([byDefault])
        XCTAssertEqual(try Python.run(Self.depth, input: export.standardOutput), "100 3")
        XCTAssertEqual(
            export.standardError.components(separatedBy: "deeper than 100 levels").count, 2, export.standardError)
        let unlimited = try CommandRunner.run(["--depth", "0", byDefault])
        XCTAssertEqual(try Python.run(Self.depth, input: unlimited.standardOutput), "300 1")
    }

    /// With the default limit, xmllint reads the XML, property list and GraphML exports of a
    /// 300-deep chain and PyYAML the YAML one; without a limit, xmllint refuses the XML.
    func testTheDefaultDepthLimitKeepsEveryFormatReadable() throws {
        let store = try ScratchDatabase.chain("Folder", length: 300, for: self)
        let xmllint = try Prerequisite.executable("xmllint")
        func xmllintReads(_ arguments: [String]) throws -> Bool {
            let export = try CommandRunner.assertSucceeds(arguments + [store])
            return try ProgramRun.run(xmllint, ["--noout", "-"], input: export.standardOutput).status == 0
        }
        for format in ["xml", "plist", "graphml"] {
            XCTAssertTrue(try xmllintReads(["--format", format]), format)
        }
        XCTAssertFalse(try xmllintReads(["--format", "xml", "--depth", "0"]))
        for layout in ["--pretty", "--compact"] {
            let yaml = try CommandRunner.run(["--format", "yaml", layout, store])
            let read = try Python.run(
                "import sys, yaml; print(len(yaml.safe_load(sys.stdin)['@graph']))", input: yaml.standardOutput)
            XCTAssertEqual(read, "3", layout)
        }
    }

    func testIncludeHistoryExportsThePersistentHistoryTablesAsEntities() throws {
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        let store = folder.appendingPathComponent("default.store").path
        let history = "SELECT 'x-coredata://' || (SELECT Z_UUID FROM Z_METADATA) || '/%@/p' || Z_PK FROM %@"
        let expected = [
            ("TRANSACTION", "ATRANSACTION"), ("CHANGE", "ACHANGE"), ("TRANSACTIONSTRING", "ATRANSACTIONSTRING"),
        ]
        .map { String(format: history, $0.0, $0.1) }.joined(separator: " UNION ALL ")
        for shape in ["tree", "flat"] {
            try exportChecked(
                [
                    "--include-history", "--shape", shape, "--entity", "TRANSACTION", "--entity", "CHANGE", "--entity",
                    "TRANSACTIONSTRING",
                ], store: store, expectedSQL: expected)
        }
        let tree = try CommandRunner.run(["--include-history", store])
        let graph = try XCTUnwrap(try tree.json()["@graph"] as? [[String: Any]])
        let transactions = graph.filter { $0["@type"] as? String == "TRANSACTION" }
        XCTAssertEqual(transactions.count, 38)
        let changes = transactions.flatMap { ($0["changes"] as? [[String: Any]]) ?? [] }
        XCTAssertEqual(changes.count, 55, "every change nests under its transaction")
        XCTAssertEqual(transactions.first?["timestamp"] as? String, "2024-07-29T00:42:12.380816Z")
        let withoutHistory = try CommandRunner.run([store])
        XCTAssertFalse(withoutHistory.text.contains("/TRANSACTION/"), "off by default")
        try CommandRunner.assertFails(
            ["--include-history", try chinook()], saying: "'--include-history' applies to Core Data stores")
    }

    func testTwoExportsOfTheSameStoreAreByteIdentical() throws {
        let stores: [(String, [String])] = [
            (try scrapbook(), ["--model", CommandRunner.scrapbookModel]),
            (try chinook(), []),
            (
                try CommandRunner.copyOfSample("bnr-manytomany", for: self).appendingPathComponent("TestModel.sqlite")
                    .path, []
            ),
        ]
        for (store, arguments) in stores {
            for extra in [[], ["--shape", "flat"], ["--limit", "3"], ["--format", "xml"], ["--format", "yaml"]] {
                let first = try CommandRunner.run(arguments + extra + [store])
                let second = try CommandRunner.run(arguments + extra + [store])
                XCTAssertEqual(first.status, 0, first.standardError)
                XCTAssertFalse(first.standardOutput.isEmpty)
                XCTAssertEqual(first.standardOutput, second.standardOutput, "\(store) \(extra)")
            }
        }
    }
}
