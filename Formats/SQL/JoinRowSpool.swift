import GraphExport

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// The rows of one join table, kept until the objects' rows are written: a join table's rows come
/// with their objects, between other tables' rows, and a `COPY` block or an `INSERT` holds one
/// table's. Created in `$TMPDIR` (or `/tmp`) at its first row and unlinked at once, so that nothing
/// is left behind however the process ends; rows wait in a 64 KiB buffer before they go to it.
final class JoinRowSpool {
    /// How many rows it holds.
    private(set) var rowCount = 0
    private var buffer: [UInt8] = []
    private var sink: FileDescriptorSink?
    private var directory = ""

    deinit {
        if let sink { close(sink.descriptor) }
    }

    /// Appends one row's text, ending with a line feed.
    func append(_ row: [UInt8]) throws {
        buffer += row
        rowCount += 1
        if buffer.count >= 1 << 16 { try spill() }
    }

    /// Hands every row's text, in order, to `body` in blocks that end at a row's end.
    func forEachBlock(_ body: ([UInt8]) throws -> Void) throws {
        guard let sink else { return try body(buffer) }
        try spill()
        guard lseek(sink.descriptor, 0, SEEK_SET) == 0 else { throw failure(errno) }
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var carried: [UInt8] = []
        while true {
            let count = block.withUnsafeMutableBytes { systemRead(sink.descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            if count == 0 { break }
            carried += block[..<count]
            if let end = carried.lastIndex(of: UInt8(ascii: "\n")) {
                try body(Array(carried[...end]))
                carried.removeSubrange(...end)
            }
        }
        if !carried.isEmpty { try body(carried) }
    }

    private func spill() throws {
        if sink == nil {
            let configured = getenv("TMPDIR").map { String(cString: $0) } ?? ""
            directory = configured.isEmpty ? "/tmp" : configured
            var template = Array((directory + "/graphexport-sql-XXXXXX").utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { throw failure(errno) }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            sink = FileDescriptorSink(descriptor: descriptor)
        }
        do {
            try buffer.withUnsafeBytes { try sink?.write($0) }
        } catch OutputError.writeFailed(let code, _) {
            throw failure(code)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private func failure(_ code: Int32) -> SQLWriterError {
        .temporaryFileFailed(directory: directory, reason: String(cString: strerror(code)))
    }
}
