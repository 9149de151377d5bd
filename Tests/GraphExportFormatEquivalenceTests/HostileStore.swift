import Foundation
import GraphExport

/// A Core Data store full of hostile values: a copy of the Scrapbook sample edited with SQLite's C
/// API.
///
/// SQLite's column affinities keep some values out of an untouched Core Data store: a REAL
/// column (`FLOAT`) and a NUMERIC one (`DECIMAL`, `TIMESTAMP`) store `-0.0` as the integer 0, and a
/// NUMERIC one turns the text `12345678901234567890123456789012345678` into a rounded REAL; and
/// SQLite stores a bound NaN as NULL. So the copy's `ZASPECTRATIO` is retyped to no type
/// (`-0.0` stays) and `ZPRINTPRICE` to `TEXT` (38-digit decimals stay text) in its schema; NaN is
/// tested in ``HostileGraph`` instead.
enum HostileStore {
    static let uuid = "6F2C8E4A-3B1D-4E7F-9A25-C0D81B7E5F93"

    /// The identifier of an object of the Scrapbook store.
    static func id(_ entity: String, _ key: Int) -> String {
        "x-coredata://\(uuid)/\(entity)/p\(key)"
    }

    /// The invalid UTF-8 text values: SQLite text that the reader keeps as bytes.
    static let invalidText: [(entity: String, key: Int, attribute: String, bytes: [UInt8])] = [
        ("Note", 6, "color", [0xC3, 0x28]),
        ("Note", 10, "color", [0xED, 0xA0, 0x80]),
        ("Clipping", 9, "title", [0x61, 0xFF, 0x62]),
    ]

    /// Edits the store at `path` (a copy of `Samples/Scrapbook/Scrapbook.sqlite`).
    static func edit(_ path: String) throws {
        do {
            let schema = try SQLiteFile(path, writable: true)
            try schema.execute(
                """
                PRAGMA writable_schema = ON;
                UPDATE sqlite_schema SET sql = replace(replace(sql, 'ZASPECTRATIO FLOAT', 'ZASPECTRATIO'),
                    'ZPRINTPRICE DECIMAL', 'ZPRINTPRICE TEXT') WHERE name = 'ZITEM';
                PRAGMA writable_schema = OFF;
                """)
        }
        let sql = try SQLiteFile(path, writable: true)
        func set(_ table: String, _ column: String, _ key: Int, _ value: SQLiteFile.Parameter) throws {
            try sql.run("UPDATE \(table) SET \(column) = ? WHERE Z_PK = ?", [value, .integer(Int64(key))])
        }
        for (_, key, attribute, bytes) in invalidText {
            let hex = bytes.map { String(format: "%02X", $0) }.joined()
            try sql.run("UPDATE ZITEM SET Z\(attribute.uppercased()) = CAST(X'\(hex)' AS TEXT) WHERE Z_PK = \(key)")
        }
        try sql.run("UPDATE ZITEM SET ZCOLOR = CAST(X'6E756C00696E73696465' AS TEXT) WHERE Z_PK = 19")
        try set("ZITEM", "ZTEXT", 2, .text(HostileGraph.controlCharacters))
        try set("ZITEM", "ZTEXT", 15, .text(HostileGraph.megabyteString))
        try set("ZITEM", "ZTITLE", 2, .text("\u{FFFE}\u{FEFF}\u{2028}\u{85}\r\n"))
        try set("ZITEM", "ZSOURCE", 4, .text("\u{1}x"))
        try set("ZITEM", "ZSOURCE1", 5, .text("  yes  "))
        for (key, value) in [
            (1, Double.infinity), (3, -.infinity), (5, .greatestFiniteMagnitude), (7, .leastNonzeroMagnitude),
        ] {
            try set("ZITEM", "ZASPECTRATIO", key, .double(value))
        }
        try set("ZITEM", "ZASPECTRATIO", 8, .double(-0.0))
        try set("ZITEM", "ZASPECTRATIO", 11, .double(.nan))
        try set("ZITEM", "ZASPECTRATIO", 13, .double(1e-300))
        try set("ZITEM", "ZRATING", 1, .double(Double(Float.leastNonzeroMagnitude)))
        try set("ZITEM", "ZPRINTPRICE", 1, .text("12345678901234567890123456789012345678"))
        try set("ZITEM", "ZPRINTPRICE", 3, .text("-0.00000000000000000000000000000000000001"))
        try set("ZITEM", "ZPRINTPRICE", 7, .text("-1234567890123456789012345678901234567.8"))
        for (key, seconds) in [(1, -70_000_000_000), (3, 3e11), (5, -63_113_904_000.5), (7, 1e15), (11, .infinity)] {
            try set("ZITEM", "ZTAKENAT", key, .double(seconds))
        }
        try set("ZITEM", "ZTAKENAT", 8, .double(-0.0))
        try set("ZITEM", "ZTAKENAT", 13, .double(.leastNonzeroMagnitude))
        try set("ZITEM", "ZFILESIZE", 1, .integer(.min))
        try set("ZITEM", "ZFILESIZE", 3, .integer(.max))
        try set("ZITEM", "ZCAPTION", 1, .text(""))
        try set("ZPAGE", "ZTITLE", 4, .text(""))
        try set("ZTAG", "ZNAME", 3, .text(""))
        try set("ZTAG", "ZNAME", 1, .text("yes"))
        try set("ZTAG", "ZNAME", 2, .text("0x1F"))
        try set("ZTAG", "ZNAME", 5, .text("- a: b #c"))
    }

    /// A value stored with another storage class than its attribute's type, which the reader writes
    /// as stored, with a warning; and, where some formats read it back as something else, which and
    /// as what.
    struct OtherKind {
        let entity: String
        let key: Int
        let attribute: String
        /// The SQL literal stored.
        let sql: String
        let formats: Set<ReadableFormat>
        let readsBack: NeutralValue?

        var discrepancy: KnownDiscrepancy? {
            readsBack.map {
                KnownDiscrepancy(
                    formats: formats, id: HostileStore.id(entity, key), attribute: attribute, readsBack: $0,
                    reason: formats.contains(.json)
                        ? "JSON and XML write binary values as unmarked base64 text, and a NaN as the text NaN"
                        : "XML writes every value as text: a number in an attribute of another type reads back as text")
            }
        }
    }

    private static let jsonAndXML: Set<ReadableFormat> = [.json, .jsonLines, .xml, .xmlElements]
    private static let xml: Set<ReadableFormat> = [.xml, .xmlElements]

    /// Values of other kinds. YAML reads every one back as stored (`!!binary`, quoted strings,
    /// typed plain scalars); JSON and XML cannot tell base64 text from a string or the text `NaN`
    /// from a NaN; XML, where every value is text, loses the kind of every number stored in an
    /// attribute of another type.
    static let otherKinds = [
        OtherKind(
            entity: "Note", key: 2, attribute: "title", sql: "X'00FF'", formats: jsonAndXML,
            readsBack: .string(Array("AP8=".utf8))),
        OtherKind(
            entity: "Photo", key: 3, attribute: "identifier", sql: "X'0102'", formats: jsonAndXML,
            readsBack: .string(Array("AQI=".utf8))),
        OtherKind(
            entity: "Photo", key: 5, attribute: "thumbnail", sql: "'text'", formats: jsonAndXML,
            readsBack: .binary([0xB5, 0xEC, 0x6D])),
        OtherKind(
            entity: "Photo", key: 3, attribute: "aspectRatio", sql: "'NaN'", formats: jsonAndXML,
            readsBack: .double(.nan)),
        OtherKind(
            entity: "Scrapbook", key: 1, attribute: "isFavorite", sql: "2", formats: xml,
            readsBack: .string(Array("2".utf8))),
        OtherKind(
            entity: "Photo", key: 1, attribute: "position", sql: "2.5", formats: xml,
            readsBack: .string(Array("2.5".utf8))),
        OtherKind(
            entity: "Photo", key: 1, attribute: "thumbnail", sql: "7", formats: xml, readsBack: .string(Array("7".utf8))
        ),
        OtherKind(entity: "Photo", key: 3, attribute: "position", sql: "'abc'", formats: [], readsBack: nil),
        OtherKind(entity: "Photo", key: 5, attribute: "takenAt", sql: "'yesterday'", formats: [], readsBack: nil),
    ]

    /// Stores each of ``otherKinds`` in the store at `path` (a copy of the Scrapbook sample).
    static func storeOtherKinds(_ path: String) throws {
        let sql = try SQLiteFile(path, writable: true)
        for value in otherKinds {
            let table = value.entity == "Scrapbook" ? "ZSCRAPBOOK" : "ZITEM"
            try sql.run("UPDATE \(table) SET Z\(value.attribute.uppercased()) = \(value.sql) WHERE Z_PK = \(value.key)")
        }
    }
}
