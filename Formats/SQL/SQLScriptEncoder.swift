import GraphExport
import GraphExportRelational

/// Lays out the rows of a ``RelationalStream`` as a script: each object's row as a line of a
/// `COPY … FROM stdin` block (PostgreSQL) or a tuple of a multi-row `INSERT` (SQLite), one block
/// per run of rows of one entity; each join table's rows in a ``JoinRowSpool`` until the end.
/// Holds one line per level of nesting, nothing per object written.
struct SQLScriptEncoder: RelationalTarget {
    /// The rows an `INSERT` holds at most.
    static let rowsPerInsert = 500

    let dialect: SQLDialect
    let schema: RelationalSchema
    let output: OutputBuffer
    let onWarning: WarningHandler
    /// Per entity, the types of its attribute columns.
    private let attributeTypes: [[ColumnType]]
    /// Per entity, the text that starts a block of its rows.
    private let rowBlockHeads: [[UInt8]]
    /// Per entity, its name as a value of `_entity`, in the dialect's form, after its separator.
    private let entityTexts: [[UInt8]]
    /// Per level, the line of the row open there.
    private var lines: [[UInt8]] = []
    /// The entity whose block is open, and how many rows it has.
    private var openBlock: (entity: Int, rows: Int)?
    /// Per table, the spool of a join table's rows.
    private var spools: [JoinRowSpool?]
    /// Warnings given, as `Entity.attribute` and the issue.
    private var warned: Set<String> = []
    /// Whether an object of the stream was a delta's (changed or deleted).
    private(set) var isDelta = false

    init(dialect: SQLDialect, schema: RelationalSchema, output: OutputBuffer, onWarning: @escaping WarningHandler) {
        self.dialect = dialect
        self.schema = schema
        self.output = output
        self.onWarning = onWarning
        let model = schema.model
        attributeTypes = model.entities.indices.map { entity in
            schema.mapping(of: entity).attributeColumns.map {
                schema.tables[schema.mapping(of: entity).table].columns[$0].type
            }
        }
        rowBlockHeads = model.entities.indices.map { entity in
            let mapping = schema.mapping(of: entity)
            let table = schema.tables[mapping.table]
            let columns =
                [RelationalSchema.keyColumn, RelationalSchema.idColumn, RelationalSchema.entityColumn]
                + mapping.attributeColumns + mapping.foreignKeyColumns
            return Self.blockHead(table: table.name, columns: columns.map { table.columns[$0].name }, dialect: dialect)
        }
        entityTexts = model.entities.map { entity in
            var text: [UInt8] = []
            var name = entity.name
            name.withUTF8 { bytes in
                switch dialect {
                case .postgresql:
                    text.append(UInt8(ascii: "\t"))
                    _ = SQLValueText.appendCopy(.text(UnsafeRawBufferPointer(bytes)), type: .text, to: &text)
                case .sqlite:
                    text.append(contentsOf: ", ".utf8)
                    SQLValueText.appendQuoted(UnsafeRawBufferPointer(bytes), to: &text)
                }
            }
            return text
        }
        spools = Array(repeating: nil, count: schema.tables.count)
    }

    /// `COPY "T" ("a", "b") FROM stdin;` or `INSERT INTO "T" ("a", "b") VALUES`, and a line feed.
    static func blockHead(table: String, columns: [String], dialect: SQLDialect) -> [UInt8] {
        let list = "\(SQLText.identifier(table)) (\(SQLText.identifiers(columns)))"
        switch dialect {
        case .postgresql: return Array("COPY \(list) FROM stdin;\n".utf8)
        case .sqlite: return Array("INSERT INTO \(list) VALUES\n".utf8)
        }
    }

    mutating func beginRow(_ row: ObjectRow, key: Int64, level: Int) throws {
        if row.changedProperties != nil { isDelta = true }
        while lines.count <= level { lines.append([]) }
        // The line is taken out of `lines` while it is written, so that it has one owner and is
        // changed in place, never copied.
        var line: [UInt8] = []
        swap(&line, &lines[level])
        defer { swap(&line, &lines[level]) }
        line.removeAll(keepingCapacity: true)
        switch dialect {
        case .postgresql:
            appendKey(key, to: &line)
            line.append(UInt8(ascii: "\t"))
            appendID(row.id, to: &line)
            line += entityTexts[row.entity]
            for (index, value) in row.values.enumerated() {
                line.append(UInt8(ascii: "\t"))
                if let issue = SQLValueText.appendCopy(value, type: attributeTypes[row.entity][index], to: &line) {
                    warn(row, index, issue)
                }
            }
        case .sqlite:
            line.append(UInt8(ascii: "("))
            appendKey(key, to: &line)
            line.append(contentsOf: ", ".utf8)
            var id = row.id.text
            id.withUTF8 { SQLValueText.appendQuoted(UnsafeRawBufferPointer($0), to: &line) }
            line += entityTexts[row.entity]
            for (index, value) in row.values.enumerated() {
                line.append(contentsOf: ", ".utf8)
                if let issue = SQLValueText.appendLiteral(value, type: attributeTypes[row.entity][index], to: &line) {
                    warn(row, index, issue)
                }
            }
        }
    }

    mutating func endRow(entity: Int, key: Int64, id: ObjectID, level: Int, foreignKeys: [Int64?]) throws {
        var line: [UInt8] = []
        swap(&line, &lines[level])
        defer { swap(&line, &lines[level]) }
        for foreignKey in foreignKeys {
            switch dialect {
            case .postgresql:
                line.append(UInt8(ascii: "\t"))
                if let foreignKey {
                    appendKey(foreignKey, to: &line)
                } else {
                    line += [UInt8(ascii: "\\"), UInt8(ascii: "N")]
                }
            case .sqlite:
                line.append(contentsOf: ", ".utf8)
                if let foreignKey { appendKey(foreignKey, to: &line) } else { line += "NULL".utf8 }
            }
        }
        if dialect == .sqlite { line.append(UInt8(ascii: ")")) }
        try writeRow(line, head: rowBlockHeads[entity], entity: entity)
    }

    mutating func writeJoinRow(table: Int, source: Int64, destination: Int64, position: Int64?) throws {
        var line: [UInt8] = []
        let separator: [UInt8] = dialect == .postgresql ? [UInt8(ascii: "\t")] : Array(", ".utf8)
        if dialect == .sqlite { line.append(UInt8(ascii: "(")) }
        appendKey(source, to: &line)
        line += separator
        appendKey(destination, to: &line)
        if let position {
            line += separator
            appendKey(position, to: &line)
        }
        if dialect == .sqlite { line.append(UInt8(ascii: ")")) }
        line.append(UInt8(ascii: "\n"))
        if spools[table] == nil { spools[table] = JoinRowSpool() }
        try spools[table]?.append(line)
    }

    mutating func writeTombstone(entity: Int, key: Int64, id: ObjectID) throws {
        isDelta = true
        try closeBlock()
        var line = Array("INSERT INTO \(SQLText.identifier(schema.deletedTable)) (_id, _entity, _pk) VALUES (".utf8)
        var text = id.text
        text.withUTF8 { SQLValueText.appendQuoted(UnsafeRawBufferPointer($0), to: &line) }
        line.append(contentsOf: ", ".utf8)
        var name = schema.model.entities[entity].name
        name.withUTF8 { SQLValueText.appendQuoted(UnsafeRawBufferPointer($0), to: &line) }
        line.append(contentsOf: ", ".utf8)
        appendKey(key, to: &line)
        line.append(contentsOf: ");\n".utf8)
        try output.appendBytes(line)
    }

    /// Writes every join table's rows, each table's in blocks of its own.
    mutating func writeJoinTables() throws {
        try closeBlock()
        for (index, spool) in spools.enumerated() {
            guard let spool else { continue }
            let table = schema.tables[index]
            let head = Self.blockHead(table: table.name, columns: table.columns.map(\.name), dialect: dialect)
            try spool.forEachBlock { block in
                var start = 0
                for end in block.indices where block[end] == UInt8(ascii: "\n") {
                    // A join table has no entity of its own: -1 keeps its blocks apart from every entity's.
                    try writeRow(Array(block[start..<end]), head: head, entity: -1 - index)
                    start = end + 1
                }
            }
            try closeBlock()
        }
        spools = Array(repeating: nil, count: spools.count)
    }

    /// Appends one row (without its line end) to the open block of `entity`, opening one with
    /// `head` when another is open or the open one is full.
    private mutating func writeRow(_ row: [UInt8], head: [UInt8], entity: Int) throws {
        if let block = openBlock, block.entity != entity || (dialect == .sqlite && block.rows == Self.rowsPerInsert) {
            try closeBlock()
        }
        if let block = openBlock {
            if dialect == .sqlite { try output.appendBytes(",\n".utf8) }
            openBlock = (entity, block.rows + 1)
        } else {
            try output.appendBytes(head)
            openBlock = (entity, 1)
        }
        try row.withUnsafeBytes { try output.append($0) }
        if dialect == .postgresql { try output.append(UInt8(ascii: "\n")) }
    }

    /// Ends the open block: `\.` for `COPY`, `;` for `INSERT`.
    mutating func closeBlock() throws {
        guard openBlock != nil else { return }
        openBlock = nil
        try output.appendBytes((dialect == .postgresql ? "\\.\n" : ";\n").utf8)
    }

    /// Appends an identifier's `COPY` text: its prefix escaped, then its number, with no `String`
    /// made for an identifier that has one.
    private func appendID(_ id: ObjectID, to line: inout [UInt8]) {
        var prefix = id.textPrefix
        _ = prefix.withUTF8 { SQLValueText.appendCopy(.text(UnsafeRawBufferPointer($0)), type: .text, to: &line) }
        if let number = id.numericSuffix { appendKey(number, to: &line) }
    }

    private func appendKey(_ key: Int64, to line: inout [UInt8]) {
        let start = line.count
        line += repeatElement(0, count: IntegerDigits.maximumCount)
        let count = line.withUnsafeMutableBufferPointer { IntegerDigits.write(key, into: $0, at: start) }
        line.removeLast(IntegerDigits.maximumCount - count)
    }

    private mutating func warn(_ row: ObjectRow, _ attribute: Int, _ issue: SQLValueText.Issue) {
        let name = row.entityName + "." + row.attributeNames[attribute]
        guard warned.insert(name + issue.text).inserted else { return }
        onWarning(Warning("\(name): \(issue.text)"))
    }
}
