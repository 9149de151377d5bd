/// A 128-bit UUID, kept as its 16 bytes in RFC 4122 order.
public struct UUIDValue: Sendable, Hashable, CustomStringConvertible {
    /// The 16 bytes, most significant first.
    public let bytes: [UInt8]

    /// Creates a UUID from exactly 16 bytes, or returns `nil` for any other length.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// The canonical text form: lowercase hex digits in 8-4-4-4-12 groups.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
