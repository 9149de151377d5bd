public import GraphExport

/// One version of a Core Data model: the entities of one `.xcdatamodel` or `.mom`.
public struct ModelVersion: Sendable, Hashable {
    /// The version's name: the folder name without `.xcdatamodel`, or the file name without
    /// `.mom` (`TestModel 2`).
    public let name: String
    /// The path of the file the version was read from (`contents`, a legacy `elements`, a `.mom`),
    /// spelled from the path given; for a store's cache, `"<store path> (Z_MODELCACHE)"`.
    public let contentsPath: String
    /// The entities, in file order, with their stored attributes and relationships.
    ///
    /// Transient properties are left out, and so are attributes of types with no stored value of
    /// their own (`Undefined`, `ObjectID`, `Composite`).
    public let entities: [EntityInfo]
    /// The attributes that allow external binary data storage, as `Entity.attribute` names.
    ///
    /// Their values in the store may be a marker byte followed by inline bytes or by the name of
    /// a file beside the store (see `coredata-format.md` §1.7).
    public let externalStorageAttributes: Set<String>
    /// The attributes whose values Core Data keeps in the persistent history when their object is
    /// deleted ("Preserve After Deletion": `preserveAfterDeletion="YES"` in model XML, bit 16 of
    /// `NSFlagsKey` in a compiled model or a store's `Z_MODELCACHE`), as `Entity.attribute` names;
    /// `nil` when the model's source cannot say (a legacy compiled model: `docs/HISTORY.md`).
    public let preservedAfterDeletionAttributes: Set<String>?

    /// Creates a version description.
    public init(
        name: String, contentsPath: String, entities: [EntityInfo],
        externalStorageAttributes: Set<String> = [], preservedAfterDeletionAttributes: Set<String>? = nil
    ) {
        self.name = name
        self.contentsPath = contentsPath
        self.entities = entities
        self.externalStorageAttributes = externalStorageAttributes
        self.preservedAfterDeletionAttributes = preservedAfterDeletionAttributes
    }

    /// Whether `entity.attribute` allows external binary data storage.
    public func allowsExternalStorage(entity: String, attribute: String) -> Bool {
        externalStorageAttributes.contains(entity + "." + attribute)
    }
}
