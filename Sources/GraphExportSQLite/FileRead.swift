#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads up to `buffer.count` bytes of the open file `descriptor` at `offset`, through short reads
/// and interruptions; returns how many there were before the end of the file. `path` names the file
/// in errors.
package func readBytes(_ descriptor: Int32, into buffer: inout [UInt8], at offset: Int, path: String) throws -> Int {
    var count = 0
    while count < buffer.count {
        let result = buffer.withUnsafeMutableBytes {
            pread(descriptor, $0.baseAddress! + count, $0.count - count, off_t(offset + count))
        }
        if result < 0, errno == EINTR { continue }
        guard result >= 0 else {
            throw SQLiteError.cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        if result == 0 { break }
        count += result
    }
    return count
}
