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

    /// How many bytes the canonical text has.
    private static let textCount = 36

    /// Writes the 36 bytes of the canonical text at `destination`.
    private func writeText(into destination: UnsafeMutablePointer<UInt8>) {
        var position = 0
        for index in 0..<16 {
            if index == 4 || index == 6 || index == 8 || index == 10 {
                destination[position] = UInt8(ascii: "-")
                position += 1
            }
            let word = index < 8 ? high : low
            let byte = UInt8(truncatingIfNeeded: word >> (8 * (7 - UInt64(index % 8))))
            destination[position] = Self.hexDigit(byte >> 4)
            destination[position + 1] = Self.hexDigit(byte & 0x0F)
            position += 2
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
