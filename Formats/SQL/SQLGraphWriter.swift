public import GraphExport
public import GraphExportRelational

/// Writes an export as an SQL script that makes the database of docs/RELATIONAL.md, as `pg_dump`
/// writes one: in one transaction, the tables, the data (PostgreSQL: `COPY … FROM stdin` blocks;
/// SQLite: multi-row `INSERT`s), then the keys, indexes and views. `psql -v ON_ERROR_STOP=1 -f`
/// and `sqlite3 new.db <` load it.
///
/// Streams with flat memory: a row is written when its object ends; a join table's rows wait in a
/// temporary file (``JoinRowSpool``) until the objects' rows are written.
public final class SQLGraphWriter: GraphWriter {
    /// The name of the dialect option, `sql-dialect`.
    public static let dialectOptionName = "sql-dialect"

    /// What the SQL format is called and carries, and its own option, `sql-dialect`.
    public static let format = FormatDescription(
        name: "sql", fileExtensions: ["sql"], capabilities: [.binary, .nulls, .streaming],
        summary: "an SQL script that makes the database of -f sqlite, for PostgreSQL or SQLite (docs/RELATIONAL.md)",
        options: [
            FormatOption(
                name: dialectOptionName, values: SQLDialect.allCases.map(\.rawValue),
                summary: "The SQL the sql format writes: postgresql (COPY blocks, keys after the data) or sqlite "
                    + "(multi-row INSERTs).")
        ])

    /// The writer's changing state.
    private struct State {
        var stream: RelationalStream
        var encoder: SQLScriptEncoder

        mutating func write(_ event: GraphEvent) throws { try stream.write(event, into: &encoder) }
        mutating func beginObject(_ row: ObjectRow) throws { try stream.beginObject(row, into: &encoder) }
    }

    private let output: OutputBuffer
    private let dialect: SQLDialect
    private let selectionText: String
    private let onWarning: WarningHandler
    /// Whether the document is a delta (``DocumentInfo/isDelta``), whose references keep their keys.
    private var isDelta = false
    /// Set by ``begin(_:)``, cleared by ``finish()``.
    private let state = WriterState<State?>(nil)

    /// Creates a writer of `dialect` that writes to `sink`, records `selectionText` (the options
    /// that chose and shaped the rows, as ``GraphExport/FormatSettings/selectionText`` says) in
    /// `graphexport_source`, and reports values the dialect cannot hold as they are to `onWarning`.
    public init(
        sink: any ByteSink, dialect: SQLDialect = .postgresql, selectionText: String = "",
        onWarning: @escaping WarningHandler = { _ in }
    ) {
        output = OutputBuffer(sink: sink)
        self.dialect = dialect
        self.selectionText = selectionText
        self.onWarning = onWarning
    }

    /// `false`: a file's bytes are written as one literal, read whole.
    public var streamsFileBytes: Bool { false }

    /// `false` for a to-many that its inverse's foreign key or join table holds (docs/RELATIONAL.md,
    /// *Relationships: foreign keys*): its destinations are no rows of their own.
    public func writesDestinations(ofEntity entity: Int, through relationship: Int) -> Bool {
        state.pointee?.stream.writesDestinations(ofEntity: entity, through: relationship) ?? true
    }

    /// Writes the script's start, the tables and the rows that describe the export (its header, the
    /// model's version hash, the selection).
    public func begin(_ document: DocumentInfo) throws {
        let schema = RelationalSchema(model: try GraphModel(entities: document.entities))
        let script = SchemaSQL(schema: schema, dialect: dialect)
        // A file name may hold a line break: the comment keeps it from ending the line.
        var head = SQLText.comment(
            "\(document.generator): \(document.source ?? document.sourceKind) as \(dialect.rawValue) (docs/RELATIONAL.md)"
        )
        head += "\n" + script.renames.map { $0 + "\n" }.joined()
        switch dialect {
        case .postgresql:
            head += "SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\nSET timezone = 'UTC';\n"
        case .sqlite:
            head += "PRAGMA foreign_keys = OFF;\n"
        }
        head += "BEGIN;\n"
        for statement in script.tables { head += statement + "\n" }
        try output.append(head)
        isDelta = document.isDelta
        try insert(
            SourceFields.fields(of: document, script: script, selection: selectionText).map { [$0.key, $0.value] },
            into: schema.sourceTable, columns: ["key", "value"])
        try insert(
            schema.propertyPlaces.map { [$0.entity, $0.property, $0.table, $0.column] }, into: schema.columnsTable,
            columns: ["entity", "property", "table", "column"])
        state.pointee = State(
            stream: RelationalStream(schema: schema),
            encoder: SQLScriptEncoder(dialect: dialect, schema: schema, output: output, onWarning: onWarning))
    }

    /// Handles one event: a relationship's destinations, an object's end, a delta's marks.
    public func write(_ event: GraphEvent, at position: StreamPosition) throws {
        try state.pointee?.write(event)
    }

    /// Starts an object's row from the row's values.
    public func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        try state.pointee?.beginObject(row)
    }

    /// Writes the join tables' rows, the keys, indexes and views, and `COMMIT`, and flushes.
    public func finish() throws {
        guard var current = state.pointee else { return try output.flush() }
        state.pointee = nil
        try current.encoder.writeJoinTables()
        let script = SchemaSQL(schema: current.stream.schema, dialect: dialect)
        var tail = script.keysAndIndexes
        if !(isDelta || current.encoder.isDelta) { tail += script.referenceCleanup + script.foreignKeys }
        tail += script.views
        try output.append(tail.map { $0 + "\n" }.joined() + "COMMIT;\n")
        try output.flush()
    }

    /// One `INSERT` of `rows` (text or NULL) into `table`.
    private func insert(_ rows: [[String?]], into table: String, columns: [String]) throws {
        guard !rows.isEmpty else { return }
        var text = SQLScriptEncoder.blockHead(table: table, columns: columns, dialect: .sqlite)
        for (index, row) in rows.enumerated() {
            text.append(UInt8(ascii: "("))
            for (column, value) in row.enumerated() {
                if column > 0 { text.append(contentsOf: ", ".utf8) }
                if var value {
                    value.withUTF8 { SQLValueText.appendQuoted(UnsafeRawBufferPointer($0), to: &text) }
                } else {
                    text.append(contentsOf: "NULL".utf8)
                }
            }
            text.append(contentsOf: (index == rows.count - 1 ? ");\n" : "),\n").utf8)
        }
        try output.appendBytes(text)
    }
}
