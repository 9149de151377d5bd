#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes read from a plugin's pipe, taken as lines: ``append(_:)`` adds what one read
/// returned, ``nextLine()`` takes the first whole line.
///
/// Each byte is searched for the newline once, however many reads its line takes, and the bytes
/// of the lines taken are dropped in one move once they are half the buffer; so taking a line
/// costs time linear in its length. (A 40 MB answer comes in some 640 reads of 64 KiB: searching
/// the whole buffer again after each read made it 27 s.)
struct LineBuffer {
    private var bytes: [UInt8] = []
    /// Where the unfinished line starts: the bytes before it are lines already taken.
    private var lineStart = 0
    /// Where the search for a newline goes on: the bytes from ``lineStart`` to it hold none.
    private var searchStart = 0
    /// How many bytes the search for newlines has looked at: each byte appended at most once.
    private(set) var searchedBytes = 0

    /// The bytes of the unfinished line: what was appended after the last newline.
    var unfinishedCount: Int { bytes.count - lineStart }

    /// Adds `chunk`, the bytes one read returned.
    mutating func append(_ chunk: ArraySlice<UInt8>) {
        bytes += chunk
    }

    /// The first whole line, without its newline, taken out; `nil` until a newline comes.
    mutating func nextLine() -> [UInt8]? {
        guard let newline = newlineIndex() else {
            searchedBytes += bytes.count - searchStart
            searchStart = bytes.count
            return nil
        }
        searchedBytes += newline + 1 - searchStart
        let line = Array(bytes[lineStart..<newline])
        lineStart = newline + 1
        searchStart = lineStart
        dropTakenLines()
        return line
    }

    /// The unfinished line, taken out: what came after the last newline.
    mutating func takeUnfinished() -> [UInt8] {
        let rest = Array(bytes[lineStart...])
        bytes.removeAll(keepingCapacity: true)
        (lineStart, searchStart) = (0, 0)
        return rest
    }

    /// The index of the first newline from ``searchStart`` on, if any.
    private func newlineIndex() -> Int? {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, searchStart < buffer.count,
                let found = memchr(base + searchStart, Int32(UInt8(ascii: "\n")), buffer.count - searchStart)
            else { return nil }
            return base.distance(to: found)
        }
    }

    /// Drops the bytes of the lines taken once they are half the buffer (or all of it), so that
    /// each byte is moved at most once more.
    private mutating func dropTakenLines() {
        guard lineStart == bytes.count || lineStart >= bytes.count / 2 else { return }
        bytes.removeSubrange(..<lineStart)
        searchStart -= lineStart
        lineStart = 0
    }
}
