/// What a ``GraphWriter`` throws for a call its format cannot hold (a name or identifier), having
/// written nothing for it: the stream goes on as if the call had not come.
///
/// ``GraphStream`` takes the call back and rethrows ``error``, the writer's own error. Any other
/// error a writer throws stops the stream.
public struct GraphWriterRejection: Error {
    /// The writer's error, which says why it cannot hold the call.
    public let error: any Error

    /// Rejects a call for `error`.
    public init(_ error: any Error) {
        self.error = error
    }
}
