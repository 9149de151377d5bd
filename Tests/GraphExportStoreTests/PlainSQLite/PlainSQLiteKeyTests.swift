import GraphExport
import XCTest

/// Object identity in databases made by the tests: composite keys, WITHOUT ROWID tables, tables with
/// only a rowid, keys holding NULL.
final class PlainSQLiteKeyTests: XCTestCase {
    func testCompositeKeyIDsJoinTheKeyValuesInKeyOrder() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE grade(course TEXT NOT NULL, student INTEGER NOT NULL, mark REAL,
                PRIMARY KEY (student, course));
            INSERT INTO grade VALUES ('Maths', 1, 1.5), ('Art/Design, 2', 1, 2.0), ('007', 2, NULL),
                ('', -3, 3.0);
            """)
        let warnings = CollectedWarnings()
        let (_, tree, flat) = try PlainExport.both(database, warnings: warnings)
        XCTAssertEqual(flat.graph.order, ["grade/1,Maths", "grade/1,Art%2FDesign%2C 2", "grade/2,'007", "grade/-3,'"])
        XCTAssertEqual(Set(tree.graph.order), Set(flat.graph.order))
        XCTAssertEqual(try flat.graph.object("grade/1,Art%2FDesign%2C 2").value("course"), .string("Art/Design, 2"))
        XCTAssertEqual(try flat.graph.object("grade/2,'007").value("mark"), .null)
        XCTAssertEqual(warnings.takeMessages(), [])
    }

    func testWithoutRowidTablesAreKeyedByTheirPrimaryKey() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT) WITHOUT ROWID;
            CREATE TABLE city(id INTEGER PRIMARY KEY, name TEXT, country_id TEXT REFERENCES country(code));
            CREATE TABLE counter(n INTEGER PRIMARY KEY, label TEXT) WITHOUT ROWID;
            CREATE TABLE pair(a INTEGER, b TEXT, note TEXT, PRIMARY KEY (b, a)) WITHOUT ROWID;
            INSERT INTO country VALUES ('FR', 'France'), ('DE', 'Deutschland'), ('AT', 'Österreich');
            INSERT INTO city VALUES (1, 'Paris', 'FR'), (2, 'Wien', 'AT'), (3, 'Berlin', 'DE'), (4, 'Lyon', 'FR');
            INSERT INTO counter VALUES (10, 'ten'), (-2, 'minus two');
            INSERT INTO pair VALUES (2, 'x', 'second'), (1, 'x', 'first'), (5, 'a', 'fifth');
            CREATE TABLE code(c TEXT COLLATE NOCASE PRIMARY KEY, v INTEGER) WITHOUT ROWID;
            CREATE TABLE usage(id INTEGER PRIMARY KEY, code_id TEXT REFERENCES code(c));
            INSERT INTO code VALUES ('b', 2), ('A', 1);
            INSERT INTO usage VALUES (1, 'a'), (2, 'B'), (3, 'c');
            """)
        let warnings = CollectedWarnings()
        let (source, tree, flat) = try PlainExport.both(database, warnings: warnings)
        XCTAssertEqual(flat.graph.objects(of: "country").map(\.id), ["country/AT", "country/DE", "country/FR"])
        XCTAssertEqual(flat.graph.objects(of: "counter").map(\.id), ["counter/-2", "counter/10"])
        XCTAssertEqual(flat.graph.objects(of: "pair").map(\.id), ["pair/a,5", "pair/x,1", "pair/x,2"])
        XCTAssertEqual(try flat.graph.object("pair/x,1").value("note"), .string("first"))
        XCTAssertEqual(try flat.graph.object("country/AT").value("name"), .string("Österreich"))
        XCTAssertEqual(try tree.graph.object("country/FR").ids("cities"), ["city/1", "city/4"])
        XCTAssertEqual(try tree.graph.object("city/4").parent, "country/FR")
        XCTAssertEqual(try tree.graph.object("city/2").ids("country"), ["country/AT"])
        let country = try XCTUnwrap(source.model.index(of: "country"))
        let rows = try collect(source.scan(country)).map(\.key.row)
        XCTAssertEqual(rows, [1, 2, 3], "a text key's rows are its positions in key order")
        let counter = try XCTUnwrap(source.model.index(of: "counter"))
        XCTAssertEqual(try collect(source.scan(counter)).map(\.key.row), [-2, 10], "an integer key is the row")
        XCTAssertEqual(try source.record(ObjectKey(entity: country, row: 3))?.values.first, .string("FR"))
        XCTAssertNil(try source.record(ObjectKey(entity: country, row: 4)))
        XCTAssertEqual(flat.graph.objects(of: "code").map(\.id), ["code/A", "code/b"])
        XCTAssertEqual(try tree.graph.object("usage/1").ids("code"), ["code/A"], "matched as the key compares: NOCASE")
        XCTAssertEqual(try tree.graph.object("code/b").ids("usages"), ["usage/2"])
        XCTAssertEqual(try tree.graph.object("usage/2").parent, "code/b")
        XCTAssertEqual(tree.warnings.count, 1, "usage 3 points at no code: \(tree.warnings)")
    }

    func testTablesWithoutDeclaredKeyUseTheRowid() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE note(body TEXT, created INTEGER);
            INSERT INTO note VALUES ('first', 1), ('second', 2);
            DELETE FROM note WHERE body = 'first';
            INSERT INTO note VALUES ('third', 3);
            CREATE TABLE odd(rowid TEXT, value TEXT);
            INSERT INTO odd VALUES ('not the rowid', 'a');
            CREATE TABLE hidden(rowid TEXT, oid TEXT, _rowid_ TEXT);
            INSERT INTO hidden VALUES ('a', 'b', 'c'), ('d', 'e', 'f');
            """)
        let warnings = CollectedWarnings()
        let source = try openPlain(database.path, warnings: warnings)
        XCTAssertEqual(warnings.takeMessages().count, 1, "the table whose rowid every name hides is reported")
        let (_, flat) = try PlainExport.both(source, warnings: warnings)
        XCTAssertEqual(flat.graph.objects(of: "note").map(\.id), ["note/#2", "note/#3"])
        XCTAssertEqual(try flat.graph.object("note/#3").value("body"), .string("third"))
        XCTAssertEqual(try flat.graph.object("odd/#1").value("rowid"), .string("not the rowid"))
        XCTAssertEqual(flat.graph.objects(of: "hidden").map(\.id), ["hidden/#1", "hidden/#2"])
        XCTAssertEqual(try flat.graph.object("hidden/#2").value("oid"), .string("e"))
    }

    func testRowidTableKeysWithNullFallBackToTheRowid() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE tag(name TEXT PRIMARY KEY, uses INTEGER);
            INSERT INTO tag VALUES (NULL, 1), (NULL, 2), ('swift', 3), ('#1', 4);
            """)
        let warnings = CollectedWarnings()
        let source = try openPlain(database.path, warnings: warnings)
        let (_, flat) = try PlainExport.both(source, warnings: warnings)
        XCTAssertEqual(flat.graph.order, ["tag/#1", "tag/#2", "tag/swift", "tag/'#1"])
    }

    func testTableNamesInIDsAreEscaped() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE "a/b%c" (id INTEGER PRIMARY KEY, "x y" TEXT);
            INSERT INTO "a/b%c" VALUES (1, 'one');
            """)
        let (_, tree, _) = try PlainExport.both(database)
        XCTAssertEqual(try tree.graph.object("a%2Fb%25c/1").entity, "a/b%c")
        XCTAssertEqual(try tree.graph.object("a%2Fb%25c/1").value("x y"), .string("one"))
    }

    /// References to rows identified by their key's text (through a to-one, a to-many and a
    /// many-to-many) are made from the key columns of the rows that hold them, and remembered for a
    /// while: they must be the objects' own identifiers, escapes, marks and the rowid of a key with
    /// a NULL included, also when there are more such rows than remembered identifiers.
    func testReferencesToTextKeyedRowsAreTheirIdentifiers() throws {
        let rows = 5_000
        let database = try scratchDatabase(
            """
            CREATE TABLE customer(code TEXT PRIMARY KEY, name TEXT);
            CREATE TABLE line(orderNo INTEGER NOT NULL, item TEXT NOT NULL,
                customer_id TEXT REFERENCES customer(code), PRIMARY KEY (orderNo, item));
            CREATE TABLE region(id INTEGER PRIMARY KEY);
            CREATE TABLE customerRegion(customer_id TEXT NOT NULL REFERENCES customer(code),
                region INTEGER NOT NULL REFERENCES region(id), PRIMARY KEY (customer_id, region));
            CREATE INDEX line_customer ON line(customer_id);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO customer SELECT CASE i % 4 WHEN 0 THEN printf('%05d', i) WHEN 1 THEN 'c/' || i
                WHEN 2 THEN 'C' || i ELSE '#' || i END, 'n' || i FROM n;
            INSERT INTO customer VALUES (NULL, 'no code');
            INSERT INTO region VALUES (1), (2);
            INSERT INTO line SELECT rowid % 97, 'item,' || rowid, code FROM customer WHERE code IS NOT NULL;
            INSERT INTO customerRegion SELECT code, 1 + rowid % 2 FROM customer WHERE code IS NOT NULL;
            """)
        let warnings = CollectedWarnings()
        let (_, tree, flat) = try PlainExport.both(database, warnings: warnings)
        for graph in [flat.graph, tree.graph] {
            let customers = Set(graph.objects(of: "customer").map(\.id))
            XCTAssertEqual(customers.count, rows + 1)
            XCTAssertTrue(
                customers.isSuperset(of: ["customer/'00004", "customer/c%2F1", "customer/C2", "customer/'#3"]))
            XCTAssertTrue(customers.contains { $0.hasPrefix("customer/#") })
            let lines = Set(graph.objects(of: "line").map(\.id))
            XCTAssertTrue(lines.contains("line/1,item%2C1"))
            var fromLines: [String] = []
            for line in graph.objects(of: "line") { fromLines += line.ids("customer") ?? [] }
            XCTAssertEqual(Set(fromLines), customers.filter { !$0.hasPrefix("customer/#") })
            var toLines: [String] = []
            var toRegions: [String] = []
            for customer in graph.objects(of: "customer") {
                toLines += customer.ids("lines") ?? []
                toRegions += customer.ids("regions") ?? []
            }
            XCTAssertEqual(Set(toLines), lines)
            XCTAssertEqual(toLines.count, rows)
            XCTAssertEqual(Set(toRegions), ["region/1", "region/2"])
            var fromRegions: [String] = []
            for region in graph.objects(of: "region") { fromRegions += region.ids("customers") ?? [] }
            XCTAssertEqual(fromRegions.count, rows)
            XCTAssertEqual(Set(fromRegions), customers.filter { !$0.hasPrefix("customer/#") })
        }
        XCTAssertEqual(warnings.takeMessages(), [])
    }

    /// JSON and JSON Lines write a reference from its key and the prefix ``GraphSource/numberedIDPrefix(of:)``
    /// gives; every other format writes ``GraphSource/id(of:)``. The two must tell the same
    /// identifier for every row of every keying, and no prefix for a key written as text.
    func testNumberedPrefixesTellTheIdentifiersOfEveryKeying() throws {
        let database = try scratchDatabase(
            """
            CREATE TABLE num(id INTEGER PRIMARY KEY, v TEXT);
            INSERT INTO num VALUES (-7, 'a'), (3, 'b');
            CREATE TABLE note(body TEXT);
            INSERT INTO note VALUES ('x'), ('y');
            CREATE TABLE tag(name TEXT PRIMARY KEY, uses INTEGER);
            INSERT INTO tag VALUES ('swift', 1), (NULL, 2);
            CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT) WITHOUT ROWID;
            INSERT INTO country VALUES ('FR', 'France'), ('AT', 'Austria');
            CREATE TABLE counter(n INTEGER PRIMARY KEY, label TEXT) WITHOUT ROWID;
            INSERT INTO counter VALUES (10, 'ten'), (-2, 'minus two');
            CREATE TABLE hidden(rowid TEXT, oid TEXT, _rowid_ TEXT);
            INSERT INTO hidden VALUES ('a', 'b', 'c'), ('d', 'e', 'f');
            """)
        let source = try openPlain(database.path, warnings: CollectedWarnings())
        let numbered = ["num": true, "note": true, "tag": false, "country": false, "counter": true, "hidden": true]
        for (name, isNumbered) in numbered {
            let entity = try XCTUnwrap(source.model.index(of: name), name)
            let prefix = source.numberedIDPrefix(of: entity)
            XCTAssertEqual(prefix != nil, isNumbered, name)
            let records = try collect(source.scan(entity))
            XCTAssertEqual(records.count, 2, name)
            for record in records {
                guard let prefix else { continue }
                XCTAssertEqual(source.id(of: record.key).text, prefix + String(record.key.row), name)
            }
        }
    }

    private func collect(_ cursor: any ObjectCursor) throws -> [ObjectRecord] {
        var records: [ObjectRecord] = []
        while let record = try cursor.next() { records.append(record) }
        return records
    }
}
