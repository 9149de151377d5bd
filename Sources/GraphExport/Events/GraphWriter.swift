/// A streaming serializer for one output format: receives an export's events and writes bytes.
///
/// Used from one thread at a time. A writer owns its resources, writes to the ``ByteSink`` it was
/// made with, and never sees the store.
///
/// **The contract.** The calls follow one grammar, ``GraphStreamValidator``'s: `begin(_:)`, then
/// objects (attributes first, then relationships holding objects and references, a to-one at most
/// one), then `finish()`. Every writer of this package checks each call with its own
/// ``GraphStreamValidator`` before writing anything for it and throws ``GraphExportError`` for a
/// call that breaks the grammar, leaving what it wrote intact; a writer may first reject a call
/// for what it holds with an error of its own format (a name or identifier the format cannot
/// hold). ``GraphTraversal`` keeps the grammar by construction, so its writers never throw
/// ``GraphExportError``; they check anyway, since the validator also tracks what they need to lay
/// the document out. A writer of another module should do the same.
public protocol GraphWriter: AnyObject {
    /// Starts the document and writes its header.
    func begin(_ document: DocumentInfo) throws
    /// Writes one event of the stream.
    func write(_ event: GraphEvent) throws
    /// Closes the document and flushes everything to the sink.
    func finish() throws
    /// Whether the writer takes ``Value/binaryFile(_:)`` values as they come, writing their bytes
    /// in chunks (``FileBytes/forEachBase64Chunk(_:)``) exactly as it writes ``Value/binary(_:)``.
    ///
    /// When `false`, the default, ``GraphTraversal`` reads each such value whole and hands the
    /// writer ``Value/binary(_:)`` of its bytes instead: a writer made before file values existed
    /// goes on writing them as bytes, holding each one in memory while it does. Every built-in
    /// writer says `true`.
    var streamsFileBytes: Bool { get }
    /// Starts an object and writes all its attributes: the same as ``GraphEvent/beginObject(entity:id:)``
    /// followed by ``GraphEvent/changedProperties(_:)`` when the row has them and one
    /// ``GraphEvent/attribute(name:value:)`` per value, and the same grammar.
    ///
    /// ``GraphTraversal`` starts every object this way, with the values borrowed from the source
    /// (``ObjectRow``), so that a writer that implements it writes a row without a ``Value`` or an
    /// event per value, and prepares what it writes for an entity once, by the entity's index.
    /// The default writes the events; a writer given a row whose ``ObjectRow/values`` it keeps
    /// past the call keeps ``RowValue/value``.
    func beginObject(_ row: ObjectRow) throws
}

extension GraphWriter {
    /// `false`: the writer is given ``Value/binary(_:)`` in place of ``Value/binaryFile(_:)``.
    public var streamsFileBytes: Bool { false }

    /// Writes ``GraphEvent/beginObject(entity:id:)``, then ``GraphEvent/changedProperties(_:)``
    /// when the row has them, then one ``GraphEvent/attribute(name:value:)`` per value, its text
    /// and bytes copied (``RowValue/value``).
    public func beginObject(_ row: ObjectRow) throws {
        try write(.beginObject(entity: row.entityName, id: row.id))
        if let changed = row.changedProperties { try write(.changedProperties(changed)) }
        for (name, value) in zip(row.attributeNames, row.values) {
            try write(.attribute(name: name, value: value.value))
        }
    }
}
