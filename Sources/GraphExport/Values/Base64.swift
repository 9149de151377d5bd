/// Standard base64 (RFC 4648 §4, with padding), the text form of binary values.
///
/// Bytes whose count is a multiple of 3 encode to text without padding, so the base64 of such
/// pieces, one after the other, is the base64 of the whole: ``FileBytes`` reads in such pieces.
///
/// The type is `public` with only `package` members so that `encode(_:into:)` of an array, which
/// the writers call for every binary value, inlines into the format modules and calls the
/// buffer's encoder directly: Swift 6.3 does not inline `@inlinable` members of a `package` type
/// across modules (`docs/PERFORMANCE.md`, *Inlining across modules*). The buffer's encoder stays
/// out of line: its stack buffer, inlined into a writer's value switch, costs more on every value
/// than the call.
public enum Base64 {
    private static let alphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The two characters of every 12-bit value, the first in the low byte: one lookup per half of
    /// a 3-byte group.
    private static let pairs: [UInt16] = (0..<4096).map { UInt16(alphabet[$0 >> 6]) | UInt16(alphabet[$0 & 63]) << 8 }

    /// How many bytes of input go into one block of ``encode(_:into:)``'s stack buffer.
    private static let blockLength = 768

    /// The length of the base64 text of `count` bytes.
    package static func encodedCount(_ count: Int) -> Int {
        (count + 2) / 3 * 4
    }

    /// Appends the base64 text of `bytes` to `output`.
    @inlinable
    package static func encode(_ bytes: [UInt8], into output: inout [UInt8]) {
        bytes.withUnsafeBytes { encode($0, into: &output) }
    }

    /// Appends the base64 text of the bytes of a buffer to `output`.
    @usableFromInline
    package static func encode(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        output.reserveCapacity(output.count + encodedCount(bytes.count))
        forEachBlock(of: bytes) { output.append(contentsOf: $0) }
    }

    /// Appends the base64 text of the bytes of a buffer to `output`.
    package static func encode(_ bytes: UnsafeRawBufferPointer, into output: inout ByteBuffer) {
        output.reserve(encodedCount(bytes.count))
        forEachBlock(of: bytes) { output.appendReserved($0) }
    }

    /// Calls `body` with the base64 text of `bytes`, block by block, from a stack buffer.
    private static func forEachBlock(of bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: blockLength / 3) { words in
            var start = 0
            while start < bytes.count {
                let count = min(blockLength, bytes.count - start)
                let length = write(
                    UnsafeRawBufferPointer(rebasing: bytes[start..<start + count]), to: words.baseAddress!)
                body(UnsafeRawBufferPointer(start: words.baseAddress!, count: length))
                start += count
            }
        }
    }

    /// The base64 text of `bytes`.
    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        encode(bytes, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes the base64 text of `bytes` at `destination`, four characters to a word, the first at
    /// the lowest address, which has room for ``encodedCount(_:)`` bytes; returns that count.
    ///
    /// Typed pointers only, whose accesses the compiler inlines even in debug builds, where the
    /// export of a file of gigabytes spends most of its time here.
    static func write(_ bytes: UnsafeRawBufferPointer, to destination: UnsafeMutablePointer<UInt32>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let source = base.assumingMemoryBound(to: UInt8.self)
        let groups = bytes.count / 3
        pairs.withUnsafeBufferPointer { pairs in
            let table = pairs.baseAddress!
            var index = 0
            for group in 0..<groups {
                let bits = Int(source[index]) << 16 | Int(source[index + 1]) << 8 | Int(source[index + 2])
                destination[group] = word(UInt32(table[bits >> 12]) | UInt32(table[bits & 0xFFF]) << 16)
                index += 3
            }
        }
        let rest = bytes.count - 3 * groups
        guard rest > 0 else { return 4 * groups }
        let bits = Int(source[3 * groups]) << 16 | (rest == 2 ? Int(source[3 * groups + 1]) << 8 : 0)
        let third = rest == 2 ? alphabet[bits >> 6 & 63] : UInt8(ascii: "=")
        destination[groups] = word(
            UInt32(alphabet[bits >> 18]) | UInt32(alphabet[bits >> 12 & 63]) << 8 | UInt32(third) << 16
                | UInt32(UInt8(ascii: "=")) << 24)
        return 4 * groups + 4
    }

    /// Four characters, the first in the low byte, as the word that stores them in that order.
    @inline(__always)
    private static func word(_ characters: UInt32) -> UInt32 {
        #if _endian(big)
            return characters.byteSwapped
        #else
            return characters
        #endif
    }
}
