/// Writes what a ``GraphDiff`` finds: one call per object that differs, in the order found
/// (entities in model order, objects in key order within each), then ``finish()``.
///
/// Used from one thread at a time. Two copies that are the same make no ``write(_:)`` call, so a
/// writer that writes nothing of its own then writes nothing at all.
public protocol DiffWriter: AnyObject {
    /// Writes one object that differs.
    func write(_ change: ObjectChange) throws
    /// Flushes everything written to the sink.
    func finish() throws
}
