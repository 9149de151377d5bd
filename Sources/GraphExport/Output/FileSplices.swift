/// The places in a buffer of output text where the base64 of ``FileBytes`` values goes: the buffer
/// holds the text around them, and ``write(_:to:)`` streams each file's text into its place, so
/// that no file's bytes are ever held whole.
///
/// Made for writers that collect text before handing it on, such as the JSON writers
/// (`JSONText.appendValue(_:to:splicing:)`): a splice costs an offset and a reference, however
/// large the file, and may wait in the buffer (JSON Lines keeps the line of an object open while
/// the objects nested in it are written).
public struct FileSplices {
    /// The splices, by increasing offset.
    private var entries: [(offset: Int, file: FileBytes)] = []

    /// Creates an empty list.
    public init() {}

    /// Whether there is no splice.
    public var isEmpty: Bool { entries.isEmpty }

    /// Records that the base64 text of `file` goes at `offset` of the buffer, at or after every
    /// offset recorded so far.
    public mutating func insert(_ file: FileBytes, at offset: Int) {
        precondition(entries.last.map { $0.offset <= offset } ?? true, "splices must come in the buffer's order")
        entries.append((offset, file))
    }

    /// Hands `text` to `output` with the base64 text of each file at its offset, one chunk at a
    /// time, and forgets the splices.
    ///
    /// Throws what reading a file (``OutputError``) or the output throws.
    public mutating func write(_ text: [UInt8], to output: OutputBuffer) throws {
        try text.withUnsafeBytes { try write($0, to: output) }
    }

    /// Hands the bytes `text` to `output` as ``write(_:to:)-([UInt8],_)`` hands an array's.
    ///
    /// Throws what reading a file (``OutputError``) or the output throws.
    public mutating func write(_ text: UnsafeRawBufferPointer, to output: OutputBuffer) throws {
        let entries = self.entries
        self.entries.removeAll(keepingCapacity: true)
        var start = 0
        for (offset, file) in entries {
            try output.append(UnsafeRawBufferPointer(rebasing: text[start..<offset]))
            try file.forEachBase64Chunk { try output.append($0) }
            start = offset
        }
        try output.append(UnsafeRawBufferPointer(rebasing: text[start...]))
    }

    /// Moves the splices at or after `start` of this buffer to `other`, a buffer to which the
    /// text from `start` on is being appended at `offset`.
    public mutating func move(from start: Int, to other: inout FileSplices, at offset: Int) {
        guard let first = entries.firstIndex(where: { $0.offset >= start }) else { return }
        for (position, file) in entries[first...] { other.insert(file, at: position - start + offset) }
        entries.removeSubrange(first...)
    }
}
