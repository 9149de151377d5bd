/// The 32-byte header of a write-ahead log (fileformat2.html §4.1), as SQLite's recovery reads it
/// (wal.c, `walIndexRecover`).
///
/// SQLite ignores the whole log, silently, when the magic number, the page size or the header's
/// checksum is wrong: ``init(_:)`` returns `nil` for those. A log with a valid header and another
/// format version makes SQLite fail instead (`SQLITE_CANTOPEN`): the version is kept for the caller
/// to check against ``formatVersion``.
package struct WALHeader: Equatable {
    /// The header's length; frames follow it.
    package static let size = 32
    /// The only format version there is (offset 4).
    package static let formatVersion: UInt32 = 3_007_000

    /// Whether checksums read words big-endian (magic 0x377f0683) rather than little-endian (0x377f0682).
    package let bigEndianChecksums: Bool
    /// Offset 4.
    package let version: UInt32
    /// Offset 8: a power of two from 512 to 65 536.
    package let pageSize: Int
    /// Offset 12: how many times the log was restarted (each restart adds one to ``salt1``).
    package let checkpointSequence: UInt32
    /// Offset 16 and 20: copied into every frame of this generation of the log; a frame with other
    /// salts is left from an earlier generation.
    package let salt1: UInt32
    package let salt2: UInt32
    /// Offset 24 and 28: the checksum of the first 24 bytes, where frame checksums start.
    package let checksum: WALChecksum

    /// The header in the first 32 bytes of `bytes`, or `nil` when SQLite would ignore the log.
    package init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= Self.size else { return nil }
        let magic = bytes.bigEndianUInt32(at: 0)
        let pageSize = Int(bytes.bigEndianUInt32(at: 8))
        guard magic & 0xFFFF_FFFE == 0x377F_0682, pageSize >= 512, pageSize <= 65_536,
            pageSize & (pageSize - 1) == 0
        else { return nil }
        bigEndianChecksums = magic & 1 == 1
        var computed = WALChecksum()
        computed.add(UnsafeRawBufferPointer(rebasing: bytes[0..<24]), bigEndian: bigEndianChecksums)
        guard computed.s0 == bytes.bigEndianUInt32(at: 24), computed.s1 == bytes.bigEndianUInt32(at: 28) else {
            return nil
        }
        version = bytes.bigEndianUInt32(at: 4)
        self.pageSize = pageSize
        checkpointSequence = bytes.bigEndianUInt32(at: 12)
        salt1 = bytes.bigEndianUInt32(at: 16)
        salt2 = bytes.bigEndianUInt32(at: 20)
        checksum = computed
    }

    /// Whether a frame with these salts was written before the log's latest restart: its `salt-1`
    /// is this one's less one to ``checkpointSequence`` (each restart adds one to `salt-1` and
    /// draws a new `salt-2`; wal.c, `walRestartHdr`). Such frames are stale, not damaged.
    package func isEarlierGeneration(salt1 frameSalt: UInt32) -> Bool {
        let restarts = salt1 &- frameSalt
        return restarts >= 1 && restarts <= checkpointSequence
    }
}
