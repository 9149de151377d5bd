import Foundation
import Prerequisites
import XCTest

/// Plain SQLite columns typed by their declared types, run through the built CLI: BOOLEAN, DATE,
/// DATETIME and TIMESTAMP columns of a database made here, with values that fit and values that do
/// not, read back by each format's standard reader; Chinook's DATETIME columns; `--raw-values`; and
/// what `inspect` says of each column.
final class TypedColumnsEndToEndTests: XCTestCase {
    /// `events.db`: typed columns whose first two rows fit and whose third row does not, and a JSON
    /// column with an integer no 64 bits hold.
    private func events() throws -> URL {
        try ScratchDatabase.make(
            "events.db",
            sql: """
                CREATE TABLE event(id INTEGER PRIMARY KEY, active BOOLEAN, day DATE, at DATETIME, stamp TIMESTAMP,
                    meta JSON);
                INSERT INTO event VALUES (1, 1, '2006-02-14', '2006-02-14 22:04:36', '2006-02-14T22:04:36.5+02:00',
                    '{"big": 12345678901234567890, "ratio": 0.1}');
                INSERT INTO event VALUES (2, 0, '2008-02-29', '2006-02-14 22:04', '2006-02-14 22:04:36Z', '[]');
                INSERT INTO event VALUES (3, 2, 'tomorrow', 1139954676, NULL, '[1]');
                """, for: self)
    }

    /// Reads an export in its format with the format's standard Python reader and prints what it
    /// says of the typed columns of event/1 (fitting values) and event/3 (values as stored), and of
    /// the big integer inside event/1's JSON column.
    private static let readBack = """
        import json, sys
        form, path = sys.argv[1], sys.argv[2]
        if form == 'json':
            objects = {o['@id']: o for o in json.load(open(path))['@graph']}
        elif form == 'jsonl':
            objects = {o['@id']: o for o in map(json.loads, open(path).readlines()[1:])}
        elif form == 'yaml':
            import yaml
            objects = {o['@id']: o for o in yaml.safe_load(open(path))['@graph']}
        elif form == 'plist':
            import plistlib
            objects = {o['@id']: o for o in plistlib.load(open(path, 'rb'))['@graph']}
        elif form == 'xml':
            import xml.etree.ElementTree as tree
            marker = '{urn:graphexport:1}'
            objects = {}
            for element in tree.parse(path).getroot():
                values = dict(element.attrib)
                meta = element.find('meta')
                if meta is not None:
                    values['meta'] = {e.get('key'): e.text for e in meta.iter(marker + 'entry')}
                objects[element.get(marker + 'id')] = values
        else:
            import networkx
            objects = dict(networkx.read_graphml(path).nodes(data=True))
            for values in objects.values():
                values['meta'] = json.loads(values['meta'])
        first, third = objects['event/1'], objects['event/3']
        print(json.dumps([first['active'], first['day'], first['at'], first['stamp'], third['active'],
            third['day'], third['at'], first['meta']['big']]))
        """

    func testTypedValuesAndValuesAsStoredReadBackInEveryFormat() throws {
        let folder = try events()
        let asText =
            #"["true", "2006-02-14", "2006-02-14T22:04:36", "2006-02-14T22:04:36.5+02:00", "2", "tomorrow", "#
            + #""1139954676", "12345678901234567890"]"#
        let expected = [
            "json": #"[true, "2006-02-14", "2006-02-14T22:04:36", "2006-02-14T22:04:36.5+02:00", 2, "tomorrow", "#
                + #"1139954676, "12345678901234567890"]"#,
            "xml": asText, "graphml": asText,
        ]
        var sourceWarnings: [String: [String]] = [:]
        for format in ["json", "jsonl", "yaml", "plist", "xml", "graphml"] {
            let output = folder.appendingPathComponent("export.\(format)")
            let run = try CommandRunner.assertSucceeds(
                ["--shape", "flat", "--json-columns", "event.meta", "-f", format, "-o", output.path, "events.db"],
                in: folder)
            XCTAssertEqual(
                try Python.run(Self.readBack, arguments: [format, output.path], input: Data()),
                expected[format] ?? expected["json"]!, format)
            sourceWarnings[format] = run.standardError.split(separator: "\n").map(String.init).filter {
                $0.contains(" holds ")
            }
        }
        let json = try XCTUnwrap(sourceWarnings["json"])
        XCTAssertEqual(
            json,
            [
                "graphexport: warning: events.db: event.active (BOOLEAN) holds the integer 2 in event/3, not 0 or 1: "
                    + "such values are written as stored, the others as booleans",
                "graphexport: warning: events.db: event.day (DATE) holds 'tomorrow' in event/3, not a SQLite date or "
                    + "time text: such values are written as stored, the others as ISO 8601 text",
                "graphexport: warning: events.db: event.at (DATETIME) holds the integer 1139954676 in event/3, not a "
                    + "SQLite date or time text: such values are written as stored, the others as ISO 8601 text",
            ])
        for (format, warnings) in sourceWarnings {
            XCTAssertEqual(warnings, json, "the same warnings, one per column, in \(format)")
        }
    }

    func testRawValuesWritesWhatIsStored() throws {
        let folder = try events()
        let run = try CommandRunner.assertSucceeds(
            ["--shape", "flat", "--raw-values", "--strict", "events.db"], in: folder)
        XCTAssertEqual(run.standardError, "")
        let objects = try XCTUnwrap(run.json()["@graph"] as? [[String: Any]])
        XCTAssertEqual(objects[0]["active"] as? Int, 1)
        XCTAssertEqual(objects[0]["at"] as? String, "2006-02-14 22:04:36")
        XCTAssertEqual(objects[1]["stamp"] as? String, "2006-02-14 22:04:36Z")
        XCTAssertEqual(objects[0]["meta"] as? String, #"{"big": 12345678901234567890, "ratio": 0.1}"#)
        try CommandRunner.assertFails(
            ["--raw-values", "--json-columns", "event.meta", "events.db"], saying: "give one of them", in: folder)
    }

    func testChinookIsStrictlyCleanInEveryFormat() throws {
        let store = try CommandRunner.copyOfChinook(for: self)
        let folder = store.deletingLastPathComponent()
        for format in ["json", "jsonl", "yaml", "plist", "xml", "graphml"] {
            let run = try CommandRunner.assertSucceeds(
                ["--strict", "-f", format, "-o", "chinook.\(format)", "Chinook.sqlite"], in: folder)
            XCTAssertEqual(run.standardError, "", format)
        }
        let invoice = """
            import json, sys
            def objects(value):
                if isinstance(value, dict):
                    if '@type' in value: yield value
                    for item in value.values(): yield from objects(item)
                elif isinstance(value, list):
                    for item in value: yield from objects(item)
            print(next(o for o in objects(json.load(open(sys.argv[1]))) if o['@id'] == 'Invoice/1')['InvoiceDate'])
            """
        XCTAssertEqual(
            try Python.run(invoice, arguments: [folder.appendingPathComponent("chinook.json").path], input: Data()),
            "2021-01-01T00:00:00", "DATETIME text in its ISO 8601 form, with no time zone added")
    }

    func testInspectSaysHowEachColumnIsTyped() throws {
        let folder = try events()
        let text = try CommandRunner.assertSucceeds(
            ["inspect", "--json-columns", "event.meta", "events.db"], in: folder)
        for line in [
            "    id      Integer 64 (INTEGER), as stored               required  event.id",
            "    active  Boolean (BOOLEAN), 0 and 1 as booleans        optional  event.active",
            "    at      Date (DATETIME), date text as ISO 8601        optional  event.at",
            "    meta    Decimal (JSON), JSON text as arrays and maps  optional  event.meta",
        ] {
            XCTAssertTrue(text.text.contains(line + "\n"), "\(line)\n\(text.text)")
        }
        let json = try CommandRunner.run(["inspect", "--format", "json", "--raw-values", "events.db"], in: folder)
        let entity = try XCTUnwrap((json.json()["entities"] as? [[String: Any]])?.first)
        let attributes = try XCTUnwrap(entity["attributes"] as? [[String: Any]])
        XCTAssertEqual(attributes.map { $0["typing"] as? String }, Array(repeating: "stored", count: 6))
        XCTAssertEqual(attributes.map { $0["type"] as? String }[1], "Decimal", "BOOLEAN's affinity, NUMERIC")
    }
}
