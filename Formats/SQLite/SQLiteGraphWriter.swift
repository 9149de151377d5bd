public import GraphExport
import GraphExportRelational

/// Writes an export as a new SQLite database, through libsqlite3: one table per inheritance
/// hierarchy, named by the model, with real foreign keys, join tables and a view per sub-entity
/// (docs/RELATIONAL.md, the mapping's contract).
///
/// The database is built in the output's own file when the sink writes to a new unnamed one (as
/// `-o` makes), else in a private temporary file that is unlinked as soon as it is open and
/// handed to the sink whole at ``finish()`` (``SQLiteConnection``), so that the output, like
/// every other format's, is complete or absent. Memory stays flat: each object's row is inserted
/// when it ends, and nothing is kept per object but what the database holds.
public final class SQLiteGraphWriter: GraphWriter {
    /// What the SQLite format is called and carries: bytes and nulls natively, no nesting (a flat
    /// export by default), and nothing before the end.
    public static let format = FormatDescription(
        name: "sqlite", aliases: ["sqlite3"], fileExtensions: ["sqlite", "db", "sqlite3"],
        capabilities: [.binary, .nulls],
        summary: "a new SQLite database: a table per entity hierarchy, foreign keys, join tables (docs/RELATIONAL.md)")

    /// The writer's changing state.
    private struct State {
        var stream: RelationalStream
        var inserter: SQLiteRowInserter

        mutating func write(_ event: GraphEvent) throws { try stream.write(event, into: &inserter) }
        mutating func beginObject(_ row: ObjectRow) throws { try stream.beginObject(row, into: &inserter) }
    }

    private let sink: any ByteSink
    private let selectionText: String
    private let onWarning: WarningHandler
    private var connection: SQLiteConnection?
    /// Whether the document is a delta (``DocumentInfo/isDelta``), whose references keep their keys.
    private var isDelta = false
    /// Set by ``begin(_:)``, cleared by ``finish()``.
    private let state = WriterState<State?>(nil)

    /// Creates a writer that writes the database to `sink`, records `selectionText` (the options
    /// that chose and shaped the rows, as ``GraphExport/FormatSettings/selectionText`` says) in
    /// `graphexport_source`, and reports values SQLite cannot hold as they are to `onWarning`.
    public init(sink: any ByteSink, selectionText: String = "", onWarning: @escaping WarningHandler = { _ in }) {
        self.sink = sink
        self.selectionText = selectionText
        self.onWarning = onWarning
    }

    deinit {
        state.pointee?.inserter.close()
    }

    /// `true`: the bytes of ``Value/binaryFile(_:)`` values are streamed into their rows.
    public var streamsFileBytes: Bool { true }

    /// `false` for a to-many that its inverse's foreign key or join table holds (docs/RELATIONAL.md,
    /// *Relationships: foreign keys*): its destinations are no rows of their own.
    public func writesDestinations(ofEntity entity: Int, through relationship: Int) -> Bool {
        state.pointee?.stream.writesDestinations(ofEntity: entity, through: relationship) ?? true
    }

    /// Creates the database's tables and records the header, the model's version hash and the
    /// selection in `graphexport_source`.
    public func begin(_ document: DocumentInfo) throws {
        let schema = RelationalSchema(model: try GraphModel(entities: document.entities))
        let connection = try SQLiteConnection(for: sink)
        let script = SchemaSQL(schema: schema, dialect: .sqlite)
        for statement in script.tables { try connection.execute(statement) }
        try SourceRecord.insert(document, script: script, selection: selectionText, into: connection)
        self.connection = connection
        isDelta = document.isDelta
        state.pointee = State(
            stream: RelationalStream(schema: schema),
            inserter: SQLiteRowInserter(connection: connection, schema: schema, onWarning: onWarning))
    }

    /// Handles one event: a relationship's destinations, an object's end, a delta's marks.
    public func write(_ event: GraphEvent, at position: StreamPosition) throws {
        try state.pointee?.write(event)
    }

    /// Starts an object's row, its attributes bound from the row's values.
    public func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        try state.pointee?.beginObject(row)
    }

    /// Creates the indexes and views, makes every foreign key resolve, and hands the finished
    /// database to the sink.
    public func finish() throws {
        guard let connection, var current = state.pointee else { return }
        let schema = current.stream.schema
        try current.inserter.flush()
        current.inserter.close()
        state.pointee = nil
        let script = SchemaSQL(schema: schema, dialect: .sqlite)
        for statement in script.keysAndIndexes { try connection.execute(statement) }
        // The keys written prove most exports whole; else SQLite's check, one pass in C, is far
        // cheaper than the statements that clear what it finds.
        if !(isDelta || current.inserter.isDelta), !current.inserter.everyForeignKeyNamesARow,
            try connection.hasForeignKeyViolations()
        {
            let dropped = try connection.executeCountingChanges(script.referenceCleanup)
            if dropped > 0 {
                onWarning(
                    Warning(
                        "\(dropped) references to objects not in the export are left out of the database (a NULL "
                            + "foreign key, no join row): a foreign key names a row that is there"))
            }
        }
        for statement in script.views { try connection.execute(statement) }
        try connection.commit()
        try connection.deliver(to: sink)
        self.connection = nil
    }
}
