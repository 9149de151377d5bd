import Foundation
import GraphExport

@testable import GraphExportCoreData

/// A source's objects as its own records say, with no writer involved: ``GraphSource/scan(_:)``
/// over every concrete entity, each record's values, its to-one destinations and
/// ``GraphSource/destinations(of:through:)`` for the to-many ones.
enum SourceGraph {
    static func flat(_ source: any GraphSource) throws -> FlatGraph {
        let model = source.model
        var graph = FlatGraph()
        for entity in model.concreteEntities {
            let cursor = try source.scan(entity)
            while let record = try cursor.next() {
                var attributes: [String: NeutralValue] = [:]
                for (attribute, value) in zip(model.attributes(of: entity), record.values) {
                    attributes[attribute.name] = NeutralValue(value)
                }
                var relationships: [String: [String]] = [:]
                for (index, relationship) in model.relationships(of: entity).enumerated() {
                    let keys =
                        relationship.isToMany
                        ? try source.destinations(of: record.key, through: index)
                        : record.toOne[index].map { [$0] } ?? []
                    relationships[relationship.name] = keys.map { source.id(of: $0).text }
                }
                graph.add(
                    source.id(of: record.key).text,
                    FlatObject(
                        entity: model.entities[entity].name, attributes: attributes, relationships: relationships))
            }
        }
        return graph
    }
}

/// Checks objects read from a Core Data store against the store read with plain SQL through the
/// tests' own ``SQLiteFile``: objects per entity (`Z_ENT` rows of the hierarchy's table), every
/// attribute and to-one key whose column is plainly `Z<NAME>`, every to-many found through its
/// inverse's key column when that is plain (ordered by `Z_FOK_<INVERSE>` where there is one, else
/// `Z_PK`), every to-many without an inverse through its hidden key `Z<n><NAME>` on the destination
/// table (ordered by `Z_FOK_<n><NAME>`), and every many-to-many join table `Z_<n><NAME>` whose key
/// columns carry no suffix. With `decodesTransformables`, a Transformable attribute's value must be
/// what the store's Transformable decoder makes of the stored bytes (its bytes when it decodes
/// nothing); without, the bytes themselves.
struct CoreDataSQLCheck {
    let model: GraphModel
    let storePath: String
    var decodesTransformables = false

    func problems(of graph: FlatGraph) throws -> [String] {
        let sql = try SQLiteFile(storePath)
        guard case .text(let uuidBytes) = try sql.run("SELECT Z_UUID FROM Z_METADATA")[0][0] else {
            return ["no store UUID"]
        }
        let uuid = String(decoding: uuidBytes, as: UTF8.self)
        var numbers: [String: Int64] = [:]
        var names: [Int64: String] = [:]
        for row in try sql.run("SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY WHERE Z_ENT < 16000") {
            guard let number = row[0].integer, case .text(let name) = row[1] else { continue }
            numbers[String(decoding: name, as: UTF8.self)] = number
            names[number] = String(decoding: name, as: UTF8.self)
        }
        func id(_ number: Int64?, _ key: Int64?) -> String {
            "x-coredata://\(uuid)/\(number.flatMap { names[$0] } ?? "?")/p\(key ?? -1)"
        }
        var problems: [String] = []
        let counts = graph.counts
        for entity in model.concreteEntities {
            let name = model.entities[entity].name
            let table = tableName(of: entity)
            guard let number = numbers[name] else {
                problems.append("\(name) is not in Z_PRIMARYKEY")
                continue
            }
            let columns = try sql.columns(of: table)
            let rows = try sql.run("SELECT * FROM \(table) WHERE Z_ENT = ?", [.integer(number)])
            if rows.count != counts[name] ?? 0 {
                problems.append("\(name): \(rows.count) rows in \(table), \(counts[name] ?? 0) objects")
            }
            for row in rows {
                let cells = Dictionary(uniqueKeysWithValues: zip(columns, row))
                let key = cells["Z_PK"]?.integer
                let objectID = id(number, key)
                guard let object = graph.objects[objectID] else {
                    problems.append("\(objectID): a row without an object")
                    continue
                }
                for attribute in model.attributes(of: entity) where isPlainColumn(attribute.name, in: entity) {
                    guard let cell = cells["Z" + attribute.name.uppercased()] else { continue }
                    let value = object.attributes[attribute.name] ?? .null
                    if decodesTransformables, attribute.type == .transformable, case .blob(let bytes) = cell,
                        case .value(let decoded) = TransformableDecoder.decode(bytes, source: objectID)
                    {
                        if NeutralValue(decoded) != value {
                            problems.append("\(objectID).\(attribute.name): SQL decodes to \(decoded), \(value)")
                        }
                    } else if !agrees(cell, value) {
                        problems.append("\(objectID).\(attribute.name): SQL \(cell), \(value)")
                    }
                }
                for (index, relationship) in model.relationships(of: entity).enumerated() {
                    let found = object.relationships[relationship.name] ?? []
                    var expected: [String]?
                    if !relationship.isToMany, isPlainColumn(relationship.name, in: entity),
                        let cell = cells["Z" + relationship.name.uppercased()]
                    {
                        // A to-one into a hierarchy keeps the destination's Z_ENT in Z<n>_<NAME>.
                        let destination = numbers[model.entities[relationship.destination].name]
                        let typeColumn = "Z\(destination ?? 0)_" + relationship.name.uppercased()
                        let destinationNumber = cells[typeColumn]?.integer ?? destination
                        expected = cell.integer.map { [id(destinationNumber, $0)] } ?? []
                    } else if relationship.isToMany {
                        expected = try toMany(entity, index, key: key ?? -1, sql, numbers, id)
                    }
                    if let expected, expected != found {
                        problems.append("\(objectID).\(relationship.name): SQL \(expected), \(found)")
                    }
                }
            }
        }
        return problems
    }

    /// `Z<ROOT>`, the table of an entity's hierarchy.
    private func tableName(of entity: Int) -> String {
        "Z" + model.entities[model.root(of: entity)].name.uppercased()
    }

    /// Whether no other entity of the hierarchy declares an attribute or to-one relationship of
    /// this name, which would give the columns suffixes (`ZSOURCE`, `ZSOURCE1`).
    private func isPlainColumn(_ name: String, in entity: Int) -> Bool {
        let root = model.root(of: entity)
        let column = name.uppercased()
        return model.entities.indices.filter { model.root(of: $0) == root }
            .filter { declarer in
                let info = model.entities[declarer]
                return info.attributes.contains { $0.name.uppercased() == column }
                    || info.relationships.contains { !$0.isToMany && $0.name.uppercased() == column }
            }.count == 1
    }

    /// The destinations of a to-many relationship by SQL, or `nil` when it is of a kind this check
    /// does not know the layout of.
    private func toMany(
        _ entity: Int, _ index: Int, key: Int64, _ sql: SQLiteFile, _ numbers: [String: Int64],
        _ id: (Int64?, Int64?) -> String
    ) throws -> [String]? {
        let relationship = model.relationships(of: entity)[index]
        let table = tableName(of: relationship.destination)
        let columns = try sql.columns(of: table)
        guard let inverseIndex = relationship.inverse else {
            // Core Data's hidden key on the destination table: Z<declaring entity's number><NAME>.
            guard let own = declaringNumber(of: relationship.name, from: entity, numbers) else { return nil }
            let name = "\(own)\(relationship.name.uppercased())"
            guard columns.contains("Z" + name) else { return nil }
            let order = relationship.info.isOrdered && columns.contains("Z_FOK_" + name) ? "Z_FOK_" + name : "Z_PK"
            return try sql.run(
                "SELECT Z_ENT, Z_PK FROM \(table) WHERE Z\(name) = ? ORDER BY \(order), Z_PK", [.integer(key)]
            )
            .map { id($0[0].integer, $0[1].integer) }
        }
        let inverse = model.relationships(of: relationship.destination)[inverseIndex]
        if !inverse.isToMany {
            guard isPlainColumn(inverse.name, in: relationship.destination) else { return nil }
            let column = "Z" + inverse.name.uppercased()
            guard columns.contains(column) else { return nil }
            let order =
                columns.contains("Z_FOK_" + inverse.name.uppercased()) ? "Z_FOK_\(inverse.name.uppercased())" : "Z_PK"
            return try sql.run(
                "SELECT Z_ENT, Z_PK FROM \(table) WHERE \(column) = ? ORDER BY \(order)", [.integer(key)]
            )
            .map { id($0[0].integer, $0[1].integer) }
        }
        guard let own = declaringNumber(of: relationship.name, from: entity, numbers),
            let other = declaringNumber(of: inverse.name, from: relationship.destination, numbers)
        else { return nil }
        // The join table is named after the side with the lower entity number; each column after
        // the entity number of the side whose keys it holds and the other side's relationship.
        let joinTable =
            own < other
            ? "Z_\(own)\(relationship.name.uppercased())" : "Z_\(other)\(inverse.name.uppercased())"
        let keyColumn = "Z_\(own)\(inverse.name.uppercased())"
        let destinationColumn = "Z_\(other)\(relationship.name.uppercased())"
        let joinColumns = try sql.columns(of: joinTable)
        if keyColumn == destinationColumn {
            // Its own inverse: the other column is REFLEXIVE (Photos) or suffixed, and a pair is
            // read in either order, each partner once.
            guard joinColumns.contains(keyColumn),
                let other = ["REFLEXIVE", keyColumn + "1"].first(where: joinColumns.contains)
            else { return nil }
            let rows = try sql.run(
                """
                SELECT d.Z_ENT, d.Z_PK FROM \(table) d WHERE d.Z_PK IN (
                    SELECT \(other) FROM \(joinTable) WHERE \(keyColumn) = ?1
                    UNION SELECT \(keyColumn) FROM \(joinTable) WHERE \(other) = ?1)
                ORDER BY d.Z_PK
                """, [.integer(key)])
            return rows.map { id($0[0].integer, $0[1].integer) }
        }
        guard joinColumns.contains(keyColumn), joinColumns.contains(destinationColumn) else { return nil }
        let rows = try sql.run(
            """
            SELECT d.Z_ENT, d.Z_PK FROM \(joinTable) j JOIN \(table) d ON d.Z_PK = j.\(destinationColumn)
            WHERE j.\(keyColumn) = ? ORDER BY d.Z_PK
            """, [.integer(key)])
        return rows.map { id($0[0].integer, $0[1].integer) }
    }

    /// The entity number of the entity that declares a relationship `entity` has (itself or an
    /// ancestor).
    private func declaringNumber(of relationship: String, from entity: Int, _ numbers: [String: Int64]) -> Int64? {
        model.lineage(of: entity).first { model.entities[$0].relationships.contains { $0.name == relationship } }
            .flatMap { numbers[model.entities[$0].name] }
    }

    /// Whether a stored value is what the reader made of it.
    private func agrees(_ cell: SQLiteFile.Cell, _ value: NeutralValue) -> Bool {
        switch (cell, value) {
        case (.null, .null): return true
        case (.integer(let stored), .integer(let read)): return stored == read
        case (.integer(let stored), .boolean(let read)): return stored == (read ? 1 : 0)
        case (.integer(let stored), .doubleBits): return .double(Double(stored)) == value
        case (.integer(let stored), .dateBits): return .date(seconds: Double(stored)) == value
        case (.integer(let stored), .decimal(let read)):
            return DecimalDigits(text: String(stored)) == DecimalDigits(text: String(decoding: read, as: UTF8.self))
        case (.real(let stored), .doubleBits): return .double(stored) == value
        case (.real(let stored), .dateBits): return .date(seconds: stored) == value
        case (.real(let stored), .decimal(let read)):
            return DecimalDigits(shortest: stored) == DecimalDigits(text: String(decoding: read, as: UTF8.self))
        case (.text(let stored), .string(let read)), (.text(let stored), .uri(let read)),
            (.text(let stored), .decimal(let read)), (.text(let stored), .binary(let read)):
            return stored == read
        case (.blob(let stored), .uuid(let read)): return stored == read
        case (.blob(let stored), .binary(let read)):
            return stored == read || stored == [1] + read || externalData(stored) == read
        default: return false
        }
    }

    /// The bytes of an externally stored value (`02` + file name + `00`), from the store's
    /// `.<name>_SUPPORT/_EXTERNAL_DATA/` folder.
    private func externalData(_ stored: [UInt8]) -> [UInt8]? {
        guard stored.count > 2, stored.first == 2, stored.last == 0 else { return nil }
        let store = URL(fileURLWithPath: storePath)
        let support = "." + store.deletingPathExtension().lastPathComponent + "_SUPPORT/_EXTERNAL_DATA/"
        let file = store.deletingLastPathComponent().appendingPathComponent(
            support + String(decoding: stored.dropFirst().dropLast(), as: UTF8.self))
        return (try? Data(contentsOf: file)).map { Array($0) }
    }
}
