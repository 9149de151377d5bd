/// Where a writer's bytes go: a file, standard output, memory, a pipe to a plugin.
public protocol ByteSink: AnyObject {
    /// Writes all of `bytes` or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}
