import CSQLite
import Foundation
import XCTest

/// A database written by `-f sqlite`, read back by graphexport as a plain SQLite database
/// (`-f jsonl --shape flat`), mapped back to the objects of the store it came from: the one place
/// the round trip maps identifiers and names (docs/RELATIONAL.md, *Reading it back*).
///
/// - An object read back is a row of a hierarchy table; its `_id` is the original identifier, its
///   `_entity` the original entity, and its `_pk` the key every foreign key to it holds.
/// - `graphexport_columns` says where each property went: an attribute or a to-one is a column of
///   the row (a to-one's value is the destination's `_pk`); a to-many in a join table is that
///   table's rows whose first column is the object's `_pk`, their destination column naming the
///   destinations by `_pk` (in `position` order for an ordered one), read by SQL, since graphexport
///   reads a join table as a relationship or an entity of names of its own making; a to-many that
///   its inverse holds has no place, and is checked through that inverse's to-ones.
struct RelationalReadBack {
    /// The read-back objects by original identifier.
    let objects: [String: [String: Any]]
    /// The `_id` of each read-back identifier (`Track/3` → `x-coredata://…/Track/p3`).
    let originalIDs: [String: String]
    /// Per entity, per property, its table and column.
    let places: [String: [String: (table: String, column: String)?]]
    /// The rows `PRAGMA foreign_key_check` finds.
    let foreignKeyViolations: Int
    /// The original identifier of each read-back row, by `<table>/<_pk>`.
    private let idByTableKey: [String: String]
    /// The database's path.
    private let path: String

    /// Reads `database` (a path in `folder`) back.
    init(database: String, in folder: URL) throws {
        let run = try CommandRunner.assertSucceeds([database, "-f", "jsonl", "--shape", "flat", "--quiet"], in: folder)
        var objects: [String: [String: Any]] = [:]
        var originalIDs: [String: String] = [:]
        var idByTableKey: [String: String] = [:]
        for line in run.text.split(separator: "\n").dropFirst() {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let id = object["_id"] as? String, let readID = object["@id"] as? String,
                let table = object["@type"] as? String, let key = object["_pk"] as? Int
            else { continue }
            objects[id] = object
            originalIDs[readID] = id
            idByTableKey["\(table)/\(key)"] = id
        }
        self.objects = objects
        self.originalIDs = originalIDs
        self.idByTableKey = idByTableKey
        let path = folder.appendingPathComponent(database).path
        self.path = path
        var places: [String: [String: (table: String, column: String)?]] = [:]
        for row in try Self.query("SELECT entity, property, \"table\", \"column\" FROM graphexport_columns", in: path) {
            let place = row[2].flatMap { table in row[3].map { (table: table, column: $0) } }
            places[row[0] ?? "", default: [:]][row[1] ?? ""] = .some(place)
        }
        self.places = places
        foreignKeyViolations = try Self.query("PRAGMA foreign_key_check", in: path).count
    }

    /// Each failure to read back `original` (a flat JSON Lines export's objects, by identifier)
    /// exactly: a missing object, a value, a to-one or a join table's destinations that differ.
    func differences(from original: [String: [String: Any]]) -> [String] {
        var differences: [String] = []
        if objects.count != original.count {
            differences.append("\(original.count) objects exported, \(objects.count) read back")
        }
        for (id, object) in original {
            guard let entity = object["@type"] as? String, let back = objects[id] else {
                differences.append("\(id): not read back")
                continue
            }
            if back["_entity"] as? String != entity { differences.append("\(id): _entity \(back["_entity"] ?? "")") }
            for (name, value) in object where !name.hasPrefix("@") {
                guard let place = places[entity]?[name] else {
                    differences.append("\(id): \(entity).\(name) has no row in graphexport_columns")
                    continue
                }
                guard let place else { continue }
                if let difference = compare(value, back, place, id: id, name: name) { differences.append(difference) }
            }
        }
        return differences
    }

    private func compare(
        _ value: Any, _ back: [String: Any], _ place: (table: String, column: String), id: String, name: String
    ) -> String? {
        if let references = Self.references(value) {
            if let reference = references.single {
                let key = reference.flatMap { objects[$0]?["_pk"] as? Int }
                let stored = back[place.column] as? Int
                return key == stored ? nil : "\(id).\(name): to-one \(reference ?? "null") read back as \(stored ?? -1)"
            }
            let readBack = joinedDestinations(of: back, in: place)
            return readBack == references.many ? nil : "\(id).\(name): \(references.many) read back as \(readBack)"
        }
        if let empty = value as? [Any], empty.isEmpty, back[place.column] == nil {
            let readBack = joinedDestinations(of: back, in: place)
            return readBack.isEmpty ? nil : "\(id).\(name): [] read back as \(readBack)"
        }
        let stored = back[place.column] ?? NSNull()
        if Self.same(value, stored) { return nil }
        // A Transformable's (or any structured value's) column holds its JSON text.
        if let text = stored as? String,
            let parsed = try? JSONSerialization.jsonObject(
                with: Data(text.utf8), options: [.fragmentsAllowed]), Self.same(value, parsed)
        {
            return nil
        }
        return "\(id).\(name): \(value) read back as \(stored)"
    }

    /// The original identifiers of the destinations of `back` in the join table of `place`, in
    /// `position` order when it has one, else in the order of the original's list where they match.
    private func joinedDestinations(of back: [String: Any], in place: (table: String, column: String)) -> [String] {
        guard let key = back["_pk"] as? Int,
            let columns = try? Self.query("SELECT name FROM pragma_table_info('\(place.table)')", in: path).map({
                $0[0] ?? ""
            }),
            let target = try? Self.query(
                "SELECT \"table\" FROM pragma_foreign_key_list('\(place.table)') WHERE \"from\" = '\(place.column)'",
                in: path
            ).first?[0] ?? nil
        else { return ["(unreadable join table \(place.table))"] }
        let order = columns.count > 2 ? " ORDER BY \"\(columns[2])\"" : " ORDER BY rowid"
        let rows =
            (try? Self.query(
                "SELECT \"\(place.column)\" FROM \"\(place.table)\" WHERE \"\(columns[0])\" = \(key)\(order)", in: path))
            ?? []
        return rows.map { idByTableKey["\(target)/\($0[0] ?? "")"] ?? "(no row \(target)/\($0[0] ?? ""))" }
    }

    /// The destinations of a relationship's JSON value: a to-one (`single`, `nil` for null) or a
    /// to-many (`many`); `nil` for an attribute's value.
    private static func references(_ value: Any) -> (single: String??, many: [String])? {
        if let reference = value as? [String: Any], reference.count == 1, let id = reference["@id"] as? String {
            return (.some(id), [])
        }
        if let list = value as? [[String: Any]], !list.isEmpty,
            list.allSatisfy({ $0.count == 1 && $0["@id"] is String })
        {
            return (nil, list.compactMap { $0["@id"] as? String })
        }
        return nil
    }

    /// Whether two JSON values are equal (numbers by value, so that `1.0` and `1` agree).
    private static func same(_ left: Any, _ right: Any) -> Bool {
        (left as? NSObject)?.isEqual(right as? NSObject) ?? false
    }

    /// The rows of `sql` on the database at `path`, every value as text.
    static func query(_ sql: String, in path: String) throws -> [[String?]] {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY, nil) == SQLITE_OK,
            sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK
        else {
            throw ScratchDatabase.Failure(
                description: "\(path): \(connection.map { String(cString: sqlite3_errmsg($0)) } ?? "")")
        }
        var rows: [[String?]] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    sqlite3_column_text(statement, column).map { String(cString: $0) }
                })
        }
        return rows
    }
}
