extension ModelFile {
    /// Reads a compiled model version, a `.mom` file: the `NSKeyedArchiver` binary property list
    /// of an `NSManagedObjectModel`, the same archive a store's `Z_MODELCACHE` holds deflated
    /// (`coredata-format.md` §4), decoded by ``ManagedObjectModelArchive``.
    enum CompiledModelReader {
        /// Decodes the bytes of a `.mom` file; `path` names it in errors and becomes the version's
        /// ``ModelVersion/contentsPath``.
        ///
        /// - Throws: ``ModelFileError/notAModel(path:reason:)`` when the bytes are not a keyed
        ///   archive of an `NSManagedObjectModel`; an ``ArchiveError`` when the model inside
        ///   cannot be decoded.
        static func version(fromMom bytes: [UInt8], path: String, versionName: String) throws -> ModelVersion {
            let archive: KeyedArchive
            do {
                archive = try KeyedArchive(bytes: bytes, source: path)
            } catch ArchiveError.malformedPropertyList(_, let defect) {
                throw ModelFileError.notAModel(
                    path: path, reason: "it is not a well-formed binary property list (\(defect))")
            } catch ArchiveError.notAKeyedArchive(_, let reason) {
                throw ModelFileError.notAModel(
                    path: path, reason: "it is a binary property list but not a keyed archive (\(reason))")
            }
            let root = try archive.root()
            guard root.isKind(of: "NSManagedObjectModel") else {
                throw ModelFileError.notAModel(
                    path: path, reason: "its archived root object is \(root.className), not NSManagedObjectModel")
            }
            let read = try ManagedObjectModelArchive(archive: archive).entities()
            return ModelVersion(
                name: versionName, contentsPath: path, entities: read.entities,
                externalStorageAttributes: read.externalStorage,
                preservedAfterDeletionAttributes: read.preservedAfterDeletion)
        }
    }
}
