/// The keys of the rows inserted into each hierarchy table and the keys its foreign keys name, as
/// bits, so that the SQLite writer can see that every foreign key names a row without asking
/// SQLite, whose `PRAGMA foreign_key_check` searches a b-tree per reference (about 580
/// instructions; a bit costs a few).
///
/// Only keys from 0 up are held, in at most ``maximumWords`` words for all tables together; a key
/// it cannot hold (a key made of an identifier's text is negative) leaves the answer to SQLite.
struct ReferencedKeys {
    /// The most 64-bit words of bits held for all tables together (2 MiB).
    static let maximumWords = 1 << 18

    /// Per table, a bit per key of a row inserted.
    private var inserted: [[UInt64]]
    /// Per table, a bit per key a foreign key names.
    private var named: [[UInt64]]
    /// The words held.
    private var words = 0
    /// Whether every key so far was held.
    private var isComplete = true

    /// Keys of `tableCount` tables.
    init(tableCount: Int) {
        inserted = Array(repeating: [], count: tableCount)
        named = Array(repeating: [], count: tableCount)
    }

    /// Whether every key named is the key of a row inserted: `false` when one is not, or when a
    /// key could not be held.
    var everyNamedKeyIsInserted: Bool {
        guard isComplete else { return false }
        for table in inserted.indices {
            let rows = inserted[table]
            for (index, word) in named[table].enumerated() where word & ~(index < rows.count ? rows[index] : 0) != 0 {
                return false
            }
        }
        return true
    }

    /// Records the key of a row inserted into `table`.
    @inline(__always)
    mutating func insert(_ key: Int64, into table: Int) {
        if isComplete && !Self.set(key, in: &inserted[table], words: &words) { giveUp() }
    }

    /// Records a key a foreign key to `table` names.
    @inline(__always)
    mutating func name(_ key: Int64, in table: Int) {
        if isComplete && !Self.set(key, in: &named[table], words: &words) { giveUp() }
    }

    /// Sets the bit of `key` in `bits`, growing them, or says it cannot.
    @inline(__always)
    private static func set(_ key: Int64, in bits: inout [UInt64], words: inout Int) -> Bool {
        let word = Int(truncatingIfNeeded: key >> 6)
        guard key >= 0, word < bits.count || grow(&bits, toHold: word, words: &words) else { return false }
        bits[word] |= 1 << UInt64(key & 63)
        return true
    }

    /// Grows `bits` to hold `word`, doubling so that growing is linear, unless all the bits
    /// together would pass ``maximumWords``.
    @inline(never)
    private static func grow(_ bits: inout [UInt64], toHold word: Int, words: inout Int) -> Bool {
        // The most words these bits may have, the others' being held.
        let room = maximumWords - words + bits.count
        guard word < room else { return false }
        let count = min(max(word + 1, bits.count * 2, 64), room)
        words += count - bits.count
        bits += repeatElement(0, count: count - bits.count)
        return true
    }

    /// Gives up every bit: the answer is SQLite's.
    @inline(never)
    private mutating func giveUp() {
        isComplete = false
        inserted = []
        named = []
        words = 0
    }
}
