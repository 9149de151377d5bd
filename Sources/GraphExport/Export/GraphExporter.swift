/// Exports a graph in one call: walks a ``GraphSource`` with a ``GraphTraversal`` and writes what
/// it finds in an ``ExportFormat``.
///
/// ```swift
/// import GraphExport
/// import GraphExportJSON
///
/// let exporter = GraphExporter(source: graph, shape: .tree)
/// try exporter.write(to: FileDescriptorSink.standardOutput(), format: .json(pretty: true))
/// try exporter.write(toFile: "graph.json", format: .json())
/// ```
///
/// Every call walks the whole source again and writes one complete document: every object in full
/// exactly once, every other mention of it a reference. Warnings (a dangling reference, a value the
/// format cannot hold as such) go to the handler given to
/// ``init(source:shape:selection:changes:onWarning:)``, from the traversal and from the writer alike.
/// Used from one thread at a time, like its source.
public struct GraphExporter {
    /// The graph to export.
    public let source: any GraphSource
    /// The layout of the export.
    public var shape: ExportShape
    /// The objects written and how deep they nest; by default every object.
    public var selection: Selection
    /// What changed since a point of the source's history, when the export writes that
    /// (``GraphTraversal/init(source:shape:selection:changes:onWarning:)``).
    public var changes: ChangeSet?
    /// Where warnings go; by default they are dropped.
    public var onWarning: WarningHandler

    /// Prepares exports of the objects of `source` that `selection` selects, in `shape`, with
    /// `changes` when the export writes what changed, reporting warnings to `onWarning`.
    public init(
        source: any GraphSource, shape: ExportShape = .tree, selection: Selection = .everything,
        changes: ChangeSet? = nil, onWarning: @escaping WarningHandler = { _ in }
    ) {
        self.source = source
        self.shape = shape
        self.selection = selection
        self.changes = changes
        self.onWarning = onWarning
    }

    /// Writes the graph to `sink` in `format` and flushes the sink; the sink is not closed.
    ///
    /// Throws what the source, the writer or the sink throws; what was written before the error
    /// stays in the sink.
    public func write(to sink: any ByteSink, format: ExportFormat) throws {
        try write(using: format.makeWriter(sink: sink, onWarning: onWarning))
    }

    /// Writes the graph with a writer made by the caller: its header, its objects, the end of the
    /// document.
    ///
    /// A writer writes one document: make a new one for every call.
    public func write(using writer: any GraphWriter) throws {
        try GraphTraversal(source: source, shape: shape, selection: selection, changes: changes, onWarning: onWarning)
            .run(into: writer)
    }

    /// Writes the graph to the file at `path` in `format`, replacing the file if it exists.
    ///
    /// A regular file appears only once the export is complete, and a failed or interrupted export
    /// leaves the folder as it was: the bytes go to a new file that has no name yet (on Linux; a
    /// hidden temporary file beside `path` elsewhere), which takes its name at the end. A new file
    /// gets the permissions `0666` less the process's umask; a replaced one keeps its permissions.
    /// A symbolic link is followed and the file it points to replaced. A path that names an open
    /// descriptor (`/dev/stdout`, `/dev/fd/3`), a device or a FIFO is written in place. Throws
    /// ``OutputError/writeFailed(errno:reason:)`` naming `path` when the file cannot be created,
    /// written or put in place.
    public func write(toFile path: String, format: ExportFormat) throws {
        let file = try OutputFile(path: path)
        try write(to: file.sink, format: format)
        try file.commit()
    }
}
