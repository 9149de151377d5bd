import Foundation
import XCTest

/// Transformable attributes run through the built CLI on the shared samples: Apple Notes' one
/// archived dictionary, and TexLege's `lineColor` (null in every row of the sample) given archives
/// and bytes by Python; each export read back by Python's json, xml.etree and PyYAML.
final class TransformableEndToEndTests: XCTestCase {
    /// Reads an export (``ExportReadBack``) and prints `{object id: value}` of attribute
    /// `sys.argv[2]` where it is not null, as JSON.
    private static let readBack =
        ExportReadBack.python + """
            found = {i: p[sys.argv[2]] for i, kind, p in objects if p.get(sys.argv[2]) is not None}
            print(json.dumps(found, sort_keys=True))
            """

    private func values(_ arguments: [String], _ form: String, attribute: String, in folder: URL) throws -> (
        values: String, warnings: String
    ) {
        let export = try CommandRunner.assertSucceeds(
            ["--shape", "flat"] + ExportReadBack.arguments(form) + arguments, in: folder)
        return (
            try Python.run(Self.readBack, arguments: [form, attribute], input: export.standardOutput),
            export.standardError
        )
    }

    func testAppleNotesArchivedDictionaryReadsBackAlikeFromJSONXMLAndYAML() throws {
        let folder = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let expected =
            #"{"x-coredata://FABDAB03-8EF2-41B9-9944-193D67BE0365/ICAccount/p3": {"com.apple.Notes": "d79f75c6-5ed8-4d72-acc2-7db0572f401e", "#
            + #""com.apple.Notes.IntentsExtension": "5e7d56f2-04bf-4d93-8c2e-2edb48e45f39", "#
            + #""com.apple.Notes.SharingExtension": "00169159-e428-4a3d-af11-a56878e4b868"}}"#
        for form in ["json", "yaml", "xml", "xml-elements"] {
            let read = try values(["NoteStore.sqlite"], form, attribute: "replicaIDToBundleIdentifier", in: folder)
            XCTAssertEqual(read.values, expected, form)
            XCTAssertFalse(read.warnings.contains("Transformable"), read.warnings)
        }
    }

    func testRawValuesWritesTheStoredBytes() throws {
        let folder = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let stored = try Python.run(
            """
            import base64, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            row = db.execute('SELECT ZREPLICAIDTOBUNDLEIDENTIFIER FROM ZICCLOUDSYNCINGOBJECT '
                'WHERE ZREPLICAIDTOBUNDLEIDENTIFIER IS NOT NULL').fetchone()
            print(base64.b64encode(row[0]).decode())
            """, arguments: [folder.appendingPathComponent("NoteStore.sqlite").path], input: Data())
        for form in ["json", "yaml", "xml"] {
            let read = try values(
                ["--raw-values", "NoteStore.sqlite"], form, attribute: "replicaIDToBundleIdentifier",
                in: folder)
            XCTAssertEqual(
                read.values, #"{"x-coredata://FABDAB03-8EF2-41B9-9944-193D67BE0365/ICAccount/p3": "\#(stored)"}"#,
                form)
        }
    }

    /// TexLege with `lineColor` set by Python's plistlib in four rows: a `UIColor` archive, an
    /// archive of an app's own class twice, and JPEG bytes.
    private func texLegeWithColors() throws -> (
        folder: URL, rows: [String: String], pictureBase64: String,
        unknownBase64: String
    ) {
        let folder = try CommandRunner.copyOfSample("texlege-v4", for: self)
        let made = try Python.run(
            """
            import base64, json, plistlib, sqlite3, sys
            from plistlib import UID
            def archive(objects):
                return plistlib.dumps({'$version': 100000, '$archiver': 'NSKeyedArchiver', '$top': {'root': UID(1)},
                    '$objects': ['$null'] + objects}, fmt=plistlib.FMT_BINARY)
            color = archive([{'$class': UID(2), 'UIColorComponentCount': 4, 'UIRed': 1.0, 'UIGreen': 0.5,
                'UIBlue': 0.25, 'UIAlpha': 1.0}, {'$classname': 'UIColor', '$classes': ['UIColor', 'NSObject']}])
            unknown = archive([{'$class': UID(2), 'hue': 3}, {'$classname': 'TXLShade', '$classes': ['TXLShade', 'NSObject']}])
            picture = bytes([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]) + b'JFIF'
            db = sqlite3.connect(sys.argv[1])
            keys = [row[0] for row in db.execute('SELECT Z_PK FROM ZDISTRICTMAPOBJ ORDER BY Z_PK LIMIT 4')]
            for key, value in zip(keys, [color, unknown, unknown, picture]):
                db.execute('UPDATE ZDISTRICTMAPOBJ SET ZLINECOLOR = ? WHERE Z_PK = ?', (value, key))
            db.commit()
            print(json.dumps({'keys': keys, 'picture': base64.b64encode(picture).decode(),
                'unknown': base64.b64encode(unknown).decode()}))
            """, arguments: [folder.appendingPathComponent("TexLegeSeed.v4.sqlite").path], input: Data())
        let facts = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(made.utf8)) as? [String: Any])
        let keys = try XCTUnwrap(facts["keys"] as? [Int])
        let rows = Dictionary(
            uniqueKeysWithValues: zip(["color", "unknown", "again", "picture"], keys.map { "p\($0)" }))
        return (folder, rows, try XCTUnwrap(facts["picture"] as? String), try XCTUnwrap(facts["unknown"] as? String))
    }

    func testTexLegeColorsDecodeAndOtherBytesStayBytesWithOneWarningForTheAttribute() throws {
        let (folder, rows, picture, unknown) = try texLegeWithColors()
        let arguments = ["-m", "TexLege.xcdatamodeld", "TexLegeSeed.v4.sqlite"]
        var seen: Set<String> = []
        for form in ["json", "yaml", "xml", "xml-elements"] {
            let read = try values(arguments, form, attribute: "lineColor", in: folder)
            let found = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(read.values.utf8)) as? [String: Any])
            let byRow = Dictionary(
                uniqueKeysWithValues: found.map { (String($0.key.split(separator: "/").last!), $0.value) })
            XCTAssertEqual(byRow.count, 4, "\(form): \(found)")
            XCTAssertEqual(
                byRow[rows["color"]!] as? [String: Double], ["red": 1, "green": 0.5, "blue": 0.25, "alpha": 1], form)
            XCTAssertEqual(byRow[rows["unknown"]!] as? String, unknown, form)
            XCTAssertEqual(byRow[rows["again"]!] as? String, unknown, form)
            XCTAssertEqual(byRow[rows["picture"]!] as? String, picture, form)
            let warnings = read.warnings.components(separatedBy: "\n").filter { $0.contains("Transformable") }
            XCTAssertEqual(
                warnings,
                [
                    "graphexport: warning: DistrictMapObj \(rows["unknown"]!) lineColor: the Transformable value is a "
                        + "keyed archive holding an object of class 'TXLShade', which graphexport does not decode; "
                        + "written as its bytes"
                ], form)
            seen.insert(read.values)
        }
        XCTAssertEqual(seen.count, 1, "every format reads back the same: \(seen)")
        let raw = try values(["--raw-values"] + arguments, "json", attribute: "lineColor", in: folder)
        let rawValues = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(raw.values.utf8)) as? [String: Any])
        XCTAssertEqual(rawValues.count, 4)
        XCTAssertTrue(rawValues.values.allSatisfy { $0 is String }, "every value its bytes in base64: \(rawValues)")
        XCTAssertFalse(raw.warnings.contains("Transformable"), raw.warnings)
        // The old name means the same, and says once that it is the old one.
        let old = try values(["--raw-transformable"] + arguments, "json", attribute: "lineColor", in: folder)
        XCTAssertEqual(old.values, raw.values)
        XCTAssertEqual(
            old.warnings,
            "graphexport: warning: --raw-transformable is now called --raw-values; the old name keeps working\n")
    }

    func testRawTransformableIsTheOldNameOfRawValuesOnPlainDatabasesToo() throws {
        let folder = try CommandRunner.copyOfSample("apple-notes-macos12", for: self)
        let old = try CommandRunner.run(
            ["--source", "sqlite", "--raw-transformable", "--entity", "ZICLOCATION", "NoteStore.sqlite"], in: folder)
        let raw = try CommandRunner.run(
            ["--source", "sqlite", "--raw-values", "--entity", "ZICLOCATION", "NoteStore.sqlite"], in: folder)
        XCTAssertEqual(old.status, 0, old.standardError)
        XCTAssertEqual(old.standardOutput, raw.standardOutput)
        XCTAssertEqual(
            old.standardError,
            "graphexport: warning: --raw-transformable is now called --raw-values; the old name keeps working\n")
    }
}
