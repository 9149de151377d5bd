public import GraphExport

/// An object's key in the relational mapping (`_pk`, and every foreign key to it), made from its
/// identifier alone, so that an object and every reference to it get the same key with nothing
/// remembered between them (docs/RELATIONAL.md, *The key*).
public enum RelationalKey {
    /// The number `id` ends with, when it was made with one (``ObjectID/numericSuffix``): a Core
    /// Data store's `Z_PK`, a plain table's integer key or rowid. Otherwise a 62-bit FNV-1a hash of
    /// its text, negated and less one, so that it never equals a key taken from a number that is
    /// not negative.
    @inlinable
    public static func key(of id: ObjectID) -> Int64 {
        if let number = id.numericSuffix { return number }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return -Int64(hash & 0x3FFF_FFFF_FFFF_FFFF) - 1
    }
}
