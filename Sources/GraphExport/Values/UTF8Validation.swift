/// Whether bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above
/// U+10FFFF), checked in place: the test a source applies to text it lends out (``RowValue/text(_:)``)
/// without building a `String`.
///
/// The type is `public` with only `package` members so that `@inlinable` code of other modules
/// (`SQLiteStatement.borrowedText(at:)`) may call it (`docs/PERFORMANCE.md`, *Inlining across
/// modules*).
public enum UTF8Validation {
    /// Whether `bytes` are well-formed UTF-8. ASCII runs are checked eight bytes at a time.
    @usableFromInline
    package static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let lead = base.load(fromByteOffset: index, as: UInt8.self)
            if lead < 0x80 {
                index += 1
                continue
            }
            guard let length = sequenceLength(base, at: index, count: count, lead: lead) else { return false }
            index += length
        }
        return true
    }

    /// The length of the multi-byte sequence that starts with `lead` at `index`, or `nil` when it
    /// is not well formed.
    private static func sequenceLength(_ base: UnsafeRawPointer, at index: Int, count: Int, lead: UInt8) -> Int? {
        func byte(_ offset: Int) -> UInt8? {
            index + offset < count ? base.load(fromByteOffset: index + offset, as: UInt8.self) : nil
        }
        func isContinuation(_ value: UInt8?) -> Bool {
            guard let value else { return false }
            return value & 0xC0 == 0x80
        }
        // The second byte's range depends on the lead (Unicode's table 3-7).
        let second: ClosedRange<UInt8>
        let length: Int
        switch lead {
        case 0xC2...0xDF: (second, length) = (0x80...0xBF, 2)
        case 0xE0: (second, length) = (0xA0...0xBF, 3)
        case 0xE1...0xEC, 0xEE...0xEF: (second, length) = (0x80...0xBF, 3)
        case 0xED: (second, length) = (0x80...0x9F, 3)
        case 0xF0: (second, length) = (0x90...0xBF, 4)
        case 0xF1...0xF3: (second, length) = (0x80...0xBF, 4)
        case 0xF4: (second, length) = (0x80...0x8F, 4)
        default: return nil
        }
        guard let next = byte(1), second.contains(next) else { return nil }
        for offset in 2..<length where !isContinuation(byte(offset)) { return nil }
        return length
    }
}
