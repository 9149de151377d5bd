/// A writer's changing state, one value kept behind a pointer that this owns: the shape every
/// built-in writer has (``GraphWriter``, *Inside a writer*).
///
/// A writer holds it in a `let` property and reads and changes the value through ``pointee``,
/// which costs no run-time exclusivity check. Not copyable, so that the value is freed exactly
/// once, with the writer.
public struct WriterState<State: ~Copyable>: ~Copyable {
    @usableFromInline let pointer: UnsafeMutablePointer<State>

    /// Keeps `state` behind a pointer of its own.
    @inlinable
    public init(_ state: consuming State) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: state)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// The state, read and changed in place.
    @inlinable
    public var pointee: State {
        unsafeAddress { UnsafePointer(pointer) }
        nonmutating unsafeMutableAddress { pointer }
    }
}
