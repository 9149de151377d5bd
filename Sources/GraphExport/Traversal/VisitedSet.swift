/// The objects a traversal has written in full: one bit per object for the usual small,
/// dense keys, a hash set for the rest.
struct VisitedSet {
    /// Keys at or above this go to the hash set, so a sparse key cannot blow up the bitmap.
    private static let bitmapLimit: Int64 = 1 << 28

    private var words: [[UInt64]]
    private var others: Set<ObjectKey> = []
    private(set) var counts: [Int]

    init(entityCount: Int) {
        words = Array(repeating: [], count: entityCount)
        counts = Array(repeating: 0, count: entityCount)
    }

    func contains(_ key: ObjectKey) -> Bool {
        guard key.row >= 0, key.row < Self.bitmapLimit else { return others.contains(key) }
        let word = Int(key.row >> 6)
        let list = words[key.entity]
        return word < list.count && list[word] & (1 << UInt64(key.row & 63)) != 0
    }

    /// Marks `key`; returns whether it was new.
    @discardableResult
    mutating func insert(_ key: ObjectKey) -> Bool {
        let inserted: Bool
        if key.row >= 0, key.row < Self.bitmapLimit {
            let word = Int(key.row >> 6)
            if word >= words[key.entity].count {
                words[key.entity].append(
                    contentsOf: repeatElement(
                        0, count: max(word + 1, words[key.entity].count * 2) - words[key.entity].count))
            }
            let mask: UInt64 = 1 << UInt64(key.row & 63)
            inserted = words[key.entity][word] & mask == 0
            words[key.entity][word] |= mask
        } else {
            inserted = others.insert(key).inserted
        }
        if inserted { counts[key.entity] += 1 }
        return inserted
    }
}
