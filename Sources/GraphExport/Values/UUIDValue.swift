/// A 128-bit UUID, kept as its 16 bytes in RFC 4122 order, inline (no allocation).
public struct UUIDValue: Sendable, Hashable, CustomStringConvertible {
    /// The first eight bytes, most significant first, and the last eight.
    private let high: UInt64
    private let low: UInt64

    /// Creates a UUID from exactly 16 bytes, or returns `nil` for any other length.
    public init?(bytes: [UInt8]) {
        guard let uuid = bytes.withUnsafeBytes({ UUIDValue(bytes: $0) }) else { return nil }
        self = uuid
    }

    /// Creates a UUID from exactly 16 bytes in a buffer, or returns `nil` for any other length.
    public init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 16, let base = bytes.baseAddress else { return nil }
        high = UInt64(bigEndian: base.loadUnaligned(as: UInt64.self))
        low = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }

    /// The 16 bytes, most significant first.
    public var bytes: [UInt8] {
        (0..<16).map { index in
            let word = index < 8 ? high : low
            return UInt8(truncatingIfNeeded: word >> (8 * (7 - UInt64(index % 8))))
        }
    }

    /// The canonical text form: lowercase hex digits in 8-4-4-4-12 groups.
    public var description: String {
        String(unsafeUninitializedCapacity: Self.textCount) { buffer in
            writeText(into: buffer.baseAddress!)
            return Self.textCount
        }
    }

    /// Appends ``description``'s UTF-8 bytes to `output`, building no string.
    package func appendText(to output: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.textCount) { buffer in
            writeText(into: buffer.baseAddress!)
            output.append(contentsOf: buffer)
        }
    }

    /// Appends ``description``'s UTF-8 bytes to `output`, building no string.
    package func appendText(to output: inout ByteBuffer) {
        output.append(upTo: Self.textCount) { buffer in
            writeText(into: buffer.baseAddress!)
            return Self.textCount
        }
    }

    /// How many bytes the canonical text has.
    private static let textCount = 36

    /// Writes the 36 bytes of the canonical text at `destination`: eight digits at a time, each
    /// group stored as one word.
    private func writeText(into destination: UnsafeMutablePointer<UInt8>) {
        let text = UnsafeMutableRawPointer(destination)
        text.storeBytes(of: Self.hexDigits(UInt32(truncatingIfNeeded: high >> 32)).littleEndian, as: UInt64.self)
        text.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 8, as: UInt8.self)
        text.storeBytes(of: Self.fourHexDigits(high >> 16).littleEndian, toByteOffset: 9, as: UInt32.self)
        text.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 13, as: UInt8.self)
        text.storeBytes(of: Self.fourHexDigits(high).littleEndian, toByteOffset: 14, as: UInt32.self)
        text.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 18, as: UInt8.self)
        text.storeBytes(of: Self.fourHexDigits(low >> 48).littleEndian, toByteOffset: 19, as: UInt32.self)
        text.storeBytes(of: UInt8(ascii: "-"), toByteOffset: 23, as: UInt8.self)
        text.storeBytes(of: Self.fourHexDigits(low >> 32).littleEndian, toByteOffset: 24, as: UInt32.self)
        text.storeBytes(
            of: Self.hexDigits(UInt32(truncatingIfNeeded: low)).littleEndian, toByteOffset: 28, as: UInt64.self)
    }

    /// The four lowercase hex digits of the low 16 bits of `value`, the first in the low byte.
    private static func fourHexDigits(_ value: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: hexDigits(UInt32(truncatingIfNeeded: value & 0xFFFF)) >> 32)
    }

    /// The eight lowercase hex digits of `value`, most significant first, the first in the low
    /// byte: each nibble spread into a byte of its own, then turned into its digit in all eight
    /// bytes at once.
    private static func hexDigits(_ value: UInt32) -> UInt64 {
        var nibbles = UInt64(value)
        nibbles = (nibbles | nibbles << 16) & 0x0000_FFFF_0000_FFFF
        nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // 0x01 in each byte whose nibble is 10 or more: those take a letter, 39 past the digits.
        let letters = (nibbles &+ 0x0606_0606_0606_0606) >> 4 & 0x0101_0101_0101_0101
        return (nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 39).byteSwapped
    }
}
