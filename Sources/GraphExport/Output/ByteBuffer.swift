/// A writer's run of output bytes in memory it owns: not copyable, its appends inlined, so that a
/// byte costs a store and a count, with no uniqueness check and, after ``reserve(_:)``, no
/// capacity check.
///
/// A writer reserves once what a value can take at most (an escaped string's six bytes per byte,
/// an integer's twenty) and appends it unchecked; the checked appends reserve for themselves.
/// What it has collected goes to an ``OutputBuffer`` in large blocks (``withUnsafeBytes(_:)``).
/// Text that a formatter appends to an array (a date, a double) goes through an array the buffer
/// keeps for that (``appendThroughArray(_:)``), so that it costs no allocation either.
///
/// The type is `public` with only `package` members so that its `@inlinable` members inline into
/// the format modules (`docs/PERFORMANCE.md`, *Inlining across modules*).
public struct ByteBuffer: ~Copyable {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var used = 0
    /// The array ``appendThroughArray(_:)`` lends, empty between its calls.
    @usableFromInline var lent: [UInt8] = []

    /// Makes an empty buffer with room for `capacity` bytes.
    @inlinable
    package init(capacity: Int = 1 << 12) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit {
        start.deallocate()
    }

    /// How many bytes the buffer holds.
    @inlinable
    package var count: Int { used }

    /// Whether the buffer holds no byte.
    @inlinable
    package var isEmpty: Bool { used == 0 }

    /// Makes room for `more` bytes after those held, so that appending that many needs no check.
    @inlinable
    package mutating func reserve(_ more: Int) {
        if capacity - count < more { grow(toHold: count + more) }
    }

    /// Moves the bytes to memory with room for `needed` bytes at least.
    @usableFromInline
    mutating func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.update(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }

    /// Appends `byte` in room made by ``reserve(_:)``.
    @inlinable
    package mutating func appendReserved(_ byte: UInt8) {
        assert(count < capacity, "ByteBuffer: append beyond the room reserved")
        start[count] = byte
        used += 1
    }

    /// Appends `bytes` in room made by ``reserve(_:)``.
    @inlinable
    package mutating func appendReserved(_ bytes: UnsafeRawBufferPointer) {
        assert(capacity - count >= bytes.count, "ByteBuffer: append beyond the room reserved")
        guard let source = bytes.baseAddress else { return }
        UnsafeMutableRawPointer(start + count).copyMemory(from: source, byteCount: bytes.count)
        used += bytes.count
    }

    /// Appends `bytes` in room made by ``reserve(_:)``.
    @inlinable
    package mutating func appendReserved(_ bytes: UnsafeBufferPointer<UInt8>) {
        appendReserved(UnsafeRawBufferPointer(bytes))
    }

    /// Appends `byte`.
    @inlinable
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        appendReserved(byte)
    }

    /// Appends `bytes`, which must not be the buffer's own: making room may move them.
    @inlinable @inline(__always)
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        appendReserved(bytes)
    }

    /// Appends `bytes`.
    @inlinable @inline(__always)
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends what `write` writes at the end of the buffer, where it has room for `maximumCount`
    /// bytes; `write` returns how many it wrote.
    @inlinable
    package mutating func append(
        upTo maximumCount: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Int
    ) {
        reserve(maximumCount)
        let written = write(UnsafeMutableBufferPointer(start: start + count, count: maximumCount))
        assert(written <= maximumCount, "ByteBuffer: wrote beyond the room reserved")
        used += written
    }

    /// Appends what `body` appends to an empty array that the buffer keeps for that, for text that
    /// a formatter writes to arrays.
    @inlinable
    package mutating func appendThroughArray<Result>(_ body: (inout [UInt8]) -> Result) -> Result {
        var array = lent
        lent = []
        let result = body(&array)
        append(array)
        array.removeAll(keepingCapacity: true)
        lent = array
        return result
    }

    /// Drops the last `byteCount` bytes.
    @inlinable
    package mutating func removeLast(_ byteCount: Int = 1) {
        precondition(byteCount <= count, "ByteBuffer: removing more bytes than it holds")
        used -= byteCount
    }

    /// Drops every byte, keeping the memory.
    @inlinable
    package mutating func removeAll() {
        used = 0
    }

    /// Calls `body` with the bytes held.
    @inlinable
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// A copy of the bytes from `offset` on.
    package func bytes(from offset: Int) -> [UInt8] {
        precondition(offset >= 0 && offset <= used, "ByteBuffer: offset out of range")
        return Array(UnsafeBufferPointer(start: start + offset, count: used - offset))
    }
}
