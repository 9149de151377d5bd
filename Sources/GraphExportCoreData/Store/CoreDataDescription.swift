public import GraphExportSQLite

/// What a Core Data store tells of itself beside the ``GraphExportSQLite/StoreDescription`` every
/// reader gives: its UUID, the version of the framework that wrote it, the model it is read with,
/// each entity's `Z_ENT`, and which attributes allow external storage. `graphexport inspect` prints
/// it with the description.
public struct CoreDataDescription: Sendable, Hashable {
    /// The store's UUID (``CoreDataStore/storeUUID``).
    public var storeUUID: String
    /// The version of the framework that wrote the store, when its metadata names it
    /// (``CoreDataStore/frameworkVersion``).
    public var frameworkVersion: String?
    /// Which model the store is read with, where it came from, and what was tried before it.
    public var model: ModelChoice
    /// Each entity's `Z_ENT` number, by the entity's name.
    public var entityNumbers: [String: Int64]
    /// The attributes that allow external storage (their values may be files in the store's
    /// `_EXTERNAL_DATA` folder), by the name of the entity that declares them.
    public var externalStorage: [String: Set<String>]

    /// The `Z_ENT` number of `entity`.
    public func entityNumber(of entity: StoreDescription.Entity) -> Int64? {
        entityNumbers[entity.name]
    }

    /// Whether `attribute` allows external storage; never for an attribute a value decoder adds.
    public func allowsExternalStorage(_ attribute: StoreDescription.Attribute) -> Bool {
        attribute.decoder == nil && externalStorage[attribute.declaredBy]?.contains(attribute.info.name) == true
    }
}
