#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What graphexport needs from the 100-byte header of an SQLite database file, read without SQLite
/// (fileformat2.html §1.3).
package struct DatabaseHeader {
    /// The page size in bytes (offset 16, big-endian; 1 stands for 65 536), `nil` when the file does
    /// not start with `SQLite format 3\0` or the value is not a power of two from 512 to 65 536.
    package let pageSize: Int?
    /// Whether the file format write and read versions (offsets 18 and 19) are both 2: WAL mode.
    package let isWALMode: Bool

    private static let magic = Array("SQLite format 3\0".utf8)

    /// Reads the header of the open file `descriptor`; a file shorter than 20 bytes is no database.
    private init(descriptor: Int32, path: String) throws {
        var bytes = [UInt8](repeating: 0, count: 20)
        let count = try readBytes(descriptor, into: &bytes, at: 0, path: path)
        let isSQLite = count == bytes.count && Array(bytes[0..<16]) == Self.magic
        isWALMode = count == bytes.count && bytes[18] == 2 && bytes[19] == 2
        let size = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = size == 1 ? 65_536 : size
        self.pageSize = isSQLite && pageSize >= 512 && pageSize & (pageSize - 1) == 0 ? pageSize : nil
    }

    /// Reads the header of the regular file at `path`, opened without blocking.
    package init(path: String) throws {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SQLiteError.cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, FileStatus(status).identity != nil else {
            throw SQLiteError.cannotRead(
                path: path, reason: "it was replaced by something that is not a regular file")
        }
        try self.init(descriptor: descriptor, path: path)
    }
}
