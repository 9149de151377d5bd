import Foundation

/// The model's version hash as docs/RELATIONAL.md defines it for a reader to check: the 64-bit
/// FNV-1a hash, in 16 hexadecimal digits, of the bytes `schema --format sql` prints.
enum SchemaHash {
    /// The hash of `schema`, the output of `schema --format sql`.
    static func of(_ schema: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in schema { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
