/// The flags of an archived `NSPropertyDescription`.
///
/// Core Data writes them twice (`coredata-format.md` §4): as boolean keys present only when true
/// (`NSIsOptional`, `NSIsTransient`, `NSIsOrdered`), and packed into `_P`, whose bit 0 says the
/// packing is present, then 2 optional, 8 transient, 0x400 ordered. Either source setting a flag
/// sets it.
struct PropertyFlags {
    let isOptional: Bool
    let isTransient: Bool
    let isOrdered: Bool

    init(_ property: ArchivedObject, archive: KeyedArchive, location: String) throws {
        var packed = try archive.integer(property["_P"], at: "_P of \(location)") ?? 0
        if packed & 1 == 0 { packed = 0 }
        func flag(_ key: String, _ bit: Int64) throws -> Bool {
            try archive.boolean(property[key], at: "\(key) of \(location)") == true || packed & bit != 0
        }
        isOptional = try flag("NSIsOptional", 0x2)
        isTransient = try flag("NSIsTransient", 0x8)
        isOrdered = try flag("NSIsOrdered", 0x400)
    }
}
