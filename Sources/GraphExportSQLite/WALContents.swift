package import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What SQLite will read of a write-ahead log, found the way its recovery finds it (fileformat2.html
/// §4.1 to §4.4; wal.c, `walIndexRecover` and `walDecodeFrame`).
///
/// After a valid header come frames of a 24-byte header and one page. A frame is valid when its
/// salts equal the log header's, its page number is not zero, and its checksum equals the running
/// checksum over the log header and every frame up to it; the first frame that is not valid ends the
/// log, and only frames up to the last valid commit frame (one whose "database size after commit" is
/// not zero) are used. A partial frame at the end is never read.
///
/// SQLite drops everything else without a word: right for a log whose writer was cut short, but it
/// hides a damaged log too. ``ignoredBytes`` counts what is dropped from the current generation of
/// the log (frames after its last commit: valid but uncommitted, cut short or damaged), or the whole
/// log when its header is not valid, so that the reader can say so. Frames left from an earlier
/// generation (a restart rewrites the log from its start without truncating it) are expected and
/// not counted.
package struct WALContents {
    /// The log's size in bytes.
    package let fileSize: Int
    /// The header, `nil` when SQLite ignores the whole log.
    package let header: WALHeader?
    /// Valid frames, up to and including the last valid commit frame.
    package let committedFrames: Int
    /// Frames of the current generation after those, the last possibly cut short.
    package let ignoredFrames: Int
    /// Bytes of the log SQLite drops: those frames, or the whole log when ``header`` is `nil`.
    package let ignoredBytes: Int

    /// Bytes of a frame: its header and one page.
    private static func frameSize(_ header: WALHeader) -> Int { 24 + header.pageSize }

    /// Reads the log in the open file `descriptor`; `path` names it in errors.
    package init(descriptor: Int32, path: String) throws {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw SQLiteError.cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        fileSize = Int(status.st_size)
        var headerBytes = [UInt8](repeating: 0, count: WALHeader.size)
        let headerRead = try readBytes(descriptor, into: &headerBytes, at: 0, path: path)
        guard headerRead == WALHeader.size, let header = headerBytes.withUnsafeBytes({ WALHeader($0) }) else {
            self.header = nil
            committedFrames = 0
            ignoredFrames = 0
            ignoredBytes = fileSize
            return
        }
        self.header = header
        let frameSize = Self.frameSize(header)
        var frame = [UInt8](repeating: 0, count: frameSize)
        var checksum = header.checksum
        var validFrames = 0
        var committed = 0
        var offset = WALHeader.size
        while offset + frameSize <= fileSize {
            guard try readBytes(descriptor, into: &frame, at: offset, path: path) == frameSize else { break }
            let next = frame.withUnsafeBytes { bytes -> WALChecksum? in
                guard bytes.bigEndianUInt32(at: 8) == header.salt1, bytes.bigEndianUInt32(at: 12) == header.salt2,
                    bytes.bigEndianUInt32(at: 0) != 0
                else { return nil }
                var running = checksum
                running.add(UnsafeRawBufferPointer(rebasing: bytes[0..<8]), bigEndian: header.bigEndianChecksums)
                running.add(UnsafeRawBufferPointer(rebasing: bytes[24...]), bigEndian: header.bigEndianChecksums)
                guard running.s0 == bytes.bigEndianUInt32(at: 16), running.s1 == bytes.bigEndianUInt32(at: 20) else {
                    return nil
                }
                return running
            }
            guard let next else { break }
            checksum = next
            validFrames += 1
            if frame.withUnsafeBytes({ $0.bigEndianUInt32(at: 4) }) != 0 { committed = validFrames }
            offset += frameSize
        }
        committedFrames = committed
        let committedEnd = WALHeader.size + committed * frameSize
        var end = committedEnd
        var ignored = 0
        var salts = [UInt8](repeating: 0, count: 16)
        while end < fileSize {
            let available = min(frameSize, fileSize - end)
            if available >= salts.count, try readBytes(descriptor, into: &salts, at: end, path: path) == salts.count,
                header.isEarlierGeneration(salt1: salts.withUnsafeBytes { $0.bigEndianUInt32(at: 8) })
            {
                break
            }
            ignored += 1
            end += available
        }
        ignoredFrames = ignored
        ignoredBytes = end - committedEnd
    }

    /// What a reader should be told about the log at `path`, or `nil` when SQLite uses all of it
    /// (frames of an earlier generation aside, and frames after the last commit while another
    /// process is `writing` them). Fails for a log of another database (its page size is not the
    /// store's, `storePageSize` when the store's header gives one) or of an unknown format version,
    /// which SQLite cannot read.
    package func warning(path: String, storePageSize: Int?, writing: Bool) throws -> Warning? {
        guard let header else {
            guard fileSize > 0 else { return nil }
            return Warning(
                "\(path): the write-ahead log's header is not valid, so SQLite ignores the whole log (\(fileSize) "
                    + "bytes)", detail: "the store is read without the changes the log may hold")
        }
        guard fileSize > WALHeader.size else { return nil }
        guard header.version == WALHeader.formatVersion else {
            throw SQLiteError.walVersionUnknown(path: path, version: header.version)
        }
        if let storePageSize, storePageSize != header.pageSize {
            throw SQLiteError.walOfAnotherDatabase(
                path: path, walPageSize: header.pageSize, storePageSize: storePageSize)
        }
        guard ignoredBytes > 0, !writing else { return nil }
        return Warning(
            "\(path): the last \(ignoredBytes) bytes (\(ignoredFrames) frames) of the write-ahead log are cut short or "
                + "damaged, and ignored",
            detail: "they are not part of a committed transaction, so SQLite ignores them: the store is read as of the "
                + "last complete commit")
    }
}
