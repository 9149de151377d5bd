import GraphExport

/// The identifiers of rows read lately whose identifier is their primary key's text (a declared
/// key that is not the integer key: `Customers/ALFKI`, `Order Details/10248,11`), so that writing
/// an object, or a reference to it, needs no query of its key.
///
/// ``PlainQueries`` fills it from the key columns of rows it reads anyway: the object's own row,
/// each to-one's parent row (joined to the scan), each to-many's destination rows. A fixed number
/// of slots, one key each, chosen by the key's hash: memory does not grow with the database, and a
/// key not in it (never read, or pushed out by another) is looked up as before.
final class RecentObjectIDs {
    private static let slotBits = 12
    /// Each slot's key and identifier; not checked for exclusive access at run time (used from one
    /// thread, one call at a time).
    @exclusivity(unchecked) private var slots: [(key: ObjectKey, id: ObjectID)?] = Array(
        repeating: nil, count: 1 << slotBits)

    /// The identifier remembered for `key`, or `nil`.
    func id(of key: ObjectKey) -> ObjectID? {
        guard let entry = slots[Self.slot(of: key)], entry.key == key else { return nil }
        return entry.id
    }

    /// Remembers `id` as the identifier of `key`, in place of the slot's earlier key.
    func remember(_ id: ObjectID, of key: ObjectKey) {
        slots[Self.slot(of: key)] = (key, id)
    }

    private static func slot(of key: ObjectKey) -> Int {
        let entity = UInt64(truncatingIfNeeded: key.entity) &<< 40
        let mixed = (UInt64(bitPattern: key.row) &+ entity) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
    }
}
