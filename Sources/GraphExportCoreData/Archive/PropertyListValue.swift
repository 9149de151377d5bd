/// A value read from a property list.
///
/// Containers hold their elements by value; a binary property list that refers to one object from
/// many places yields values that share storage, so sharing costs no copies. Sets (marker `0xC_`)
/// are read as arrays, in file order.
enum PropertyListValue: Sendable, Hashable {
    /// A dictionary with string keys, in file order.
    case dictionary(PropertyListDictionary)
    /// An array (or a set), in file order.
    case array([PropertyListValue])
    /// Text.
    case string(String)
    /// An integer that fits in `Int64`.
    case integer(Int64)
    /// An integer above `Int64.max` that fits in `UInt64` (written as a 16-byte integer).
    case unsignedInteger(UInt64)
    /// A binary floating-point number (4-byte values are widened).
    case real(Double)
    /// A truth value.
    case boolean(Bool)
    /// A point in time, as seconds since 2001-01-01T00:00:00Z.
    case date(Double)
    /// Raw bytes.
    case data([UInt8])
    /// A keyed-archive reference: an index into `$objects`.
    case uid(UInt64)
    /// The null object (marker `0x00`).
    case null

    /// The dictionary, if this is one.
    var dictionary: PropertyListDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The array, if this is one.
    var array: [PropertyListValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The string, if this is one.
    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}

/// The entries of a property-list dictionary: keys in file order, each once.
struct PropertyListDictionary: Sendable, Hashable {
    /// The keys, in file order.
    let keys: [String]
    /// The values, in the order of ``keys``.
    let values: [PropertyListValue]
    private let indexByKey: [String: Int]

    /// Creates a dictionary from entries with distinct keys; throws ``DuplicateKey`` naming the
    /// first key that appears twice.
    init(entries: [(key: String, value: PropertyListValue)]) throws(DuplicateKey) {
        var indexByKey: [String: Int] = [:]
        indexByKey.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            guard indexByKey.updateValue(index, forKey: entry.key) == nil else {
                throw DuplicateKey(key: entry.key)
            }
        }
        self.keys = entries.map(\.key)
        self.values = entries.map(\.value)
        self.indexByKey = indexByKey
    }

    /// A key that occurs twice in a dictionary's entries.
    struct DuplicateKey: Error {
        let key: String
    }

    /// The value for a key.
    subscript(key: String) -> PropertyListValue? {
        indexByKey[key].map { values[$0] }
    }

    /// The number of entries.
    var count: Int {
        keys.count
    }

    static func == (left: Self, right: Self) -> Bool {
        left.keys == right.keys && left.values == right.values
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}
