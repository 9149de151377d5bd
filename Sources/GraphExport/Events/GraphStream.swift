/// The one checked way into a ``GraphWriter``: checks every call of an export against the
/// stream's grammar (``GraphStreamValidator``) and passes it on to the writer with its
/// ``StreamPosition``.
///
/// ``GraphTraversal/run(into:onProgress:)`` writes through one; an embedder or a test that drives
/// a writer by hand makes one around it and calls it as it would the writer: ``begin(_:)``, then
/// ``write(_:)`` and ``beginObject(_:)``, then ``finish()``, from one thread.
///
/// - A call that breaks the grammar throws ``GraphStreamError`` and never reaches the writer, so
///   the document comes out as if it had not come.
/// - A call the writer rejects (``GraphWriterRejection``: its format cannot hold a name or
///   identifier) is taken back and the writer's own error rethrown; the stream goes on. The one
///   exception is ``GraphWriter/writeRelationships(_:at:)``, which the traversal calls with a flat
///   object's relationships: the writer may have written some of them before it rejects one, so
///   a rejection there stops the stream as any other error does.
/// - Any other error of the writer (its output failed) stops the stream: that error is thrown
///   again by every later call, which no longer reaches the writer.
///
/// One checker per export, in front of the writer and of any wrapper of it, rather than one in
/// every writer: each call is checked once, and a writer need not track what the position tells.
/// It holds `any GraphWriter` rather than being generic, as the traversal writes to a writer of
/// any format; the traversal's own calls are checked by members inlined into it, without a switch
/// over the event (`docs/PERFORMANCE.md`, *One writer kit*).
public final class GraphStream {
    /// The writer the checked calls go to.
    private let writer: any GraphWriter
    /// What changes as the stream goes (``GraphWriter``, *Inside a writer*).
    private let state: WriterState<State>

    private struct State {
        var validator = GraphStreamValidator()
        /// The error that stopped the stream, thrown again by every later call.
        var failure: (any Error)?
    }

    /// Makes a checker of one document in front of `writer`, before its `begin(_:)`.
    public init(_ writer: any GraphWriter) {
        self.writer = writer
        state = WriterState(State())
    }

    /// Whether the writer streams file values (``GraphWriter/streamsFileBytes``).
    public var streamsFileBytes: Bool { writer.streamsFileBytes }

    /// Whether the writer writes the destinations of a relationship
    /// (``GraphWriter/writesDestinations(ofEntity:through:)``).
    public func writesDestinations(ofEntity entity: Int, through relationship: Int) -> Bool {
        writer.writesDestinations(ofEntity: entity, through: relationship)
    }

    /// Checks `begin(_:)` and starts the writer's document; when the writer throws, the stream stops.
    public func begin(_ document: DocumentInfo) throws {
        do {
            try state.pointee.validator.begin()
        } catch {
            throw stopped(error)
        }
        do {
            try writer.begin(document)
        } catch {
            throw stop(error)
        }
    }

    /// Checks `event` where the stream is and has the writer write it.
    public func write(_ event: GraphEvent) throws {
        let position: StreamPosition
        do {
            position = try state.pointee.validator.accept(event)
        } catch {
            throw stopped(error)
        }
        try pass(event, at: position)
    }

    // The traversal's calls, each checked without a switch over the event (docs/PERFORMANCE.md,
    // *One writer kit*).

    /// Checks and writes ``GraphEvent/beginRelationship(name:isToMany:)``.
    @inline(__always)
    func beginRelationship(name: String, isToMany: Bool) throws {
        let position: StreamPosition
        do {
            position = try state.pointee.validator.beginRelationship(name: name, isToMany: isToMany)
        } catch {
            throw stopped(error)
        }
        try pass(.beginRelationship(name: name, isToMany: isToMany), at: position)
    }

    /// Checks and writes ``GraphEvent/reference(_:)``.
    @inline(__always)
    func reference(_ id: ObjectID) throws {
        let position: StreamPosition
        do {
            position = try state.pointee.validator.reference(id)
        } catch {
            throw stopped(error)
        }
        try pass(.reference(id), at: position)
    }

    /// Checks and writes ``GraphEvent/endRelationship``.
    @inline(__always)
    func endRelationship() throws {
        let position: StreamPosition
        do {
            position = try state.pointee.validator.endRelationship()
        } catch {
            throw stopped(error)
        }
        try pass(.endRelationship, at: position)
    }

    /// Checks and writes the relationships of the innermost object in one call
    /// (``GraphWriter/writeRelationships(_:at:)``).
    ///
    /// Any error of the writer stops the stream, a rejection too: the writer may have written part
    /// of the relationships before it, which cannot be taken back.
    @inline(__always)
    func writeRelationships(_ relationships: ObjectRelationships) throws {
        let position: StreamPosition
        do {
            position = try state.pointee.validator.relationships(relationships)
        } catch {
            throw stopped(error)
        }
        do {
            try writer.writeRelationships(relationships, at: position)
        } catch {
            throw stop(error)
        }
    }

    /// Checks and writes ``GraphEvent/endObject``.
    @inline(__always)
    func endObject() throws {
        let position: StreamPosition
        do {
            position = try state.pointee.validator.endObject()
        } catch {
            throw stopped(error)
        }
        try pass(.endObject, at: position)
    }

    /// Hands the writer `event`, checked at `position`; takes it back when the writer rejects it.
    @inline(__always)
    private func pass(_ event: GraphEvent, at position: StreamPosition) throws {
        do {
            try writer.write(event, at: position)
        } catch {
            throw refused(event, at: position, error)
        }
    }

    /// What to throw for the writer's `error` about `event`: a rejection takes the event back (an
    /// end cannot be rejected: the writer has taken what it closes) and is its error; any other
    /// error stops the stream.
    @inline(never)
    private func refused(_ event: GraphEvent, at position: StreamPosition, _ error: any Error) -> any Error {
        guard let rejection = error as? GraphWriterRejection else { return stop(error) }
        switch event {
        case .endRelationship, .endObject: return stop(rejection.error)
        default:
            state.pointee.validator.takeBack(event, at: position)
            return rejection.error
        }
    }

    /// Checks the start of the object `row` with all its attributes where the stream is and has the
    /// writer write it (``GraphWriter/beginObject(_:at:)``).
    @inline(__always)
    public func beginObject(_ row: ObjectRow) throws {
        let position: StreamPosition
        do {
            position = try state.pointee.validator.beginObject(row)
        } catch {
            throw stopped(error)
        }
        do {
            try writer.beginObject(row, at: position)
        } catch {
            throw refused(row, at: position, error)
        }
    }

    /// Checks `finish()` and has the writer end its document; when the writer throws, the stream
    /// stops.
    public func finish() throws {
        do {
            try state.pointee.validator.finish()
        } catch {
            throw stopped(error)
        }
        do {
            try writer.finish()
        } catch {
            throw stop(error)
        }
    }

    /// What to throw for the writer's `error` about `row`, as for an event.
    @inline(never)
    private func refused(_ row: ObjectRow, at position: StreamPosition, _ error: any Error) -> any Error {
        guard let rejection = error as? GraphWriterRejection else { return stop(error) }
        state.pointee.validator.takeBackObject(at: position)
        return rejection.error
    }

    /// Stops the stream for the writer's `error`, which it returns, unwrapped if it was a rejection.
    private func stop(_ error: any Error) -> any Error {
        let error = (error as? GraphWriterRejection)?.error ?? error
        state.pointee.validator.stop()
        state.pointee.failure = error
        return error
    }

    /// The error to throw for the validator's `error`: the writer's failure again once the stream
    /// has stopped.
    @inline(never)
    private func stopped(_ error: GraphStreamError) -> any Error {
        state.pointee.failure ?? error
    }
}
