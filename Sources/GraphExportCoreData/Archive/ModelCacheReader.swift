import GraphExportInflate

/// Reads the model a Core Data store keeps of itself in `Z_MODELCACHE` (stores written from
/// iOS 9 / OS X 10.11 on).
///
/// ```swift
/// let version = try ModelCacheReader.model(fromModelCache: blob, storePath: path)
/// ```
enum ModelCacheReader {
    /// The name given to the one version a model cache holds.
    static let versionName = "store model cache"

    /// Decodes a `Z_MODELCACHE.Z_CONTENT` blob: sniffs and inflates it (``ModelCacheContent``),
    /// parses the binary property list, and reads the archived `NSManagedObjectModel`.
    ///
    /// The version's ``ModelVersion/contentsPath`` is `"<storePath> (Z_MODELCACHE)"`, which is
    /// also how errors name the blob.
    ///
    /// - Throws: an ``ArchiveError`` or ``InflateError`` naming the blob and what is wrong with it.
    static func model(fromModelCache blob: [UInt8], storePath: String) throws -> ModelVersion {
        let source = self.source(storePath: storePath)
        let plist = try ModelCacheContent.propertyList(fromBlob: blob, source: source)
        let archive = try KeyedArchive(bytes: plist, source: source)
        let read = try ManagedObjectModelArchive(archive: archive).entities()
        return ModelVersion(
            name: versionName, contentsPath: source, entities: read.entities,
            externalStorageAttributes: read.externalStorage,
            preservedAfterDeletionAttributes: read.preservedAfterDeletion)
    }

    /// The cache as a one-version bundle, for code that picks versions from a ``ModelBundle``.
    static func bundle(fromModelCache blob: [UInt8], storePath: String) throws -> ModelBundle {
        let version = try model(fromModelCache: blob, storePath: storePath)
        return ModelBundle(path: source(storePath: storePath), versions: [version], currentVersionName: nil)
    }

    private static func source(storePath: String) -> String {
        storePath + " (Z_MODELCACHE)"
    }
}
