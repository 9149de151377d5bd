/// The running checksum of a write-ahead log (fileformat2.html §4.1): over the input read as 32-bit
/// words `x(0)…x(N)`, big-endian when the log's magic number is 0x377f0683 and little-endian when it
/// is 0x377f0682, `s0 += x(i) + s1; s1 += x(i+1) + s0` for every pair of words, modulo 2³².
///
/// The header's checksum covers its first 24 bytes from zero; each frame's continues from the one
/// before (the first from the header's) over the frame header's first 8 bytes and the page.
package struct WALChecksum: Equatable {
    package var s0: UInt32 = 0
    package var s1: UInt32 = 0

    /// Adds `bytes`, a multiple of 8 long.
    package mutating func add(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool) {
        var s0 = self.s0
        var s1 = self.s1
        var offset = 0
        while offset + 8 <= bytes.count {
            let first = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            let second = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            s0 = s0 &+ (bigEndian ? UInt32(bigEndian: first) : UInt32(littleEndian: first)) &+ s1
            s1 = s1 &+ (bigEndian ? UInt32(bigEndian: second) : UInt32(littleEndian: second)) &+ s0
            offset += 8
        }
        self.s0 = s0
        self.s1 = s1
    }
}

extension UnsafeRawBufferPointer {
    /// The big-endian 32-bit integer at `offset`, as SQLite stores every integer of a log's headers.
    package func bigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
