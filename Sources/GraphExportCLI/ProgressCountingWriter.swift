import GraphExport

/// A ``GraphWriter`` that passes every event on to another and counts the objects written: each
/// begins with one ``GraphEvent/beginObject(entity:id:)``, exactly once (every other mention is a
/// ``GraphEvent/reference(_:)``). It tells its ``ProgressLine`` at the first object and then every
/// ``objectsPerUpdate`` objects, so the clock is read that seldom; and the count at the end.
final class ProgressCountingWriter: GraphWriter {
    /// How many objects go by between two updates of the line.
    static let objectsPerUpdate = 64

    private let writer: any GraphWriter
    private let line: ProgressLine
    private var objects = 0
    private var untilUpdate = 1

    /// Counts the objects `writer` is given, for `line`.
    init(_ writer: any GraphWriter, line: ProgressLine) {
        self.writer = writer
        self.line = line
    }

    /// As the writer passed on to.
    var streamsFileBytes: Bool { writer.streamsFileBytes }

    func begin(_ document: DocumentInfo) throws {
        try writer.begin(document)
    }

    func write(_ event: GraphEvent) throws {
        if case .beginObject = event { countObject() }
        try writer.write(event)
    }

    /// Counts the object and passes the row on whole, so that the writer behind writes it as a
    /// row rather than as the events of the default.
    func beginObject(_ row: ObjectRow) throws {
        countObject()
        try writer.beginObject(row)
    }

    private func countObject() {
        objects += 1
        untilUpdate -= 1
        if untilUpdate == 0 {
            untilUpdate = Self.objectsPerUpdate
            line.update(objects: objects)
        }
    }

    /// Finishes the writer passed on to, then the line.
    func finish() throws {
        try writer.finish()
        line.finish(objects: objects)
    }
}
