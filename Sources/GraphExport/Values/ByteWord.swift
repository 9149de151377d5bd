/// Eight bytes of text tested at once (SWAR: SIMD within a register), for the writers' scanners
/// that look for a few special bytes in long runs of ordinary text: a word in which none of them
/// occurs is skipped whole.
///
/// The tests are the classic exact ones: `(x - 0x0101…) & ~x & 0x8080…` is non-zero exactly when
/// some byte of `x` is zero, and with `n × 0x0101…` in place of `0x0101…` (for `n` up to 0x80)
/// exactly when some byte is below `n`.
///
/// The type is `public` with only `package` members so that its `@inlinable` members inline into
/// the format modules: Swift 6.3 does not inline `@inlinable` members of a `package` type across
/// modules (`docs/PERFORMANCE.md`, *Inlining across modules*).
public struct ByteWord {
    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes, the first in the lowest bits.
    @usableFromInline let bits: UInt64

    /// Reads the eight bytes at `pointer` (no alignment needed).
    @inlinable
    package init(loadingFrom pointer: UnsafeRawPointer) {
        bits = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
    }

    /// Whether any of the eight bytes is `byte`.
    @inlinable
    package func contains(_ byte: UInt8) -> Bool {
        let difference = bits ^ (Self.ones &* UInt64(byte))
        return (difference &- Self.ones) & ~difference & Self.highs != 0
    }

    /// Whether any of the eight bytes is below `limit`, which is at most 0x80.
    @inlinable
    package func containsByte(below limit: UInt8) -> Bool {
        (bits &- Self.ones &* UInt64(limit)) & ~bits & Self.highs != 0
    }

    /// The index of the first byte at or after `index` in `bytes` that a scanner must read on its
    /// own: whole words of eight bytes for which `isOrdinary` holds are skipped, and what is left
    /// (a word that may hold a special byte, or fewer than eight bytes) is read byte by byte.
    @inlinable
    package static func skipOrdinaryWords(
        in bytes: UnsafeBufferPointer<UInt8>, from index: Int, where isOrdinary: (ByteWord) -> Bool
    ) -> Int {
        var index = index
        while index + 8 <= bytes.count, isOrdinary(ByteWord(loadingFrom: bytes.baseAddress! + index)) { index += 8 }
        return index
    }

    /// Whether all eight bytes are ASCII (below 0x80).
    @inlinable
    package var isASCII: Bool {
        bits & Self.highs == 0
    }
}
