extension ModelFile {
    /// Reads the property list that names a bundle's current version: the `.xccurrentversion` of
    /// an `.xcdatamodeld` (`_XCCurrentVersionName` = `Model 2.xcdatamodel`, an XML plist) or the
    /// `VersionInfo.plist` of a `.momd` (`NSManagedObjectModel_CurrentVersionName` = `Model 2`,
    /// a binary plist as Xcode writes it, or XML).
    enum CurrentVersionFile {
        /// The key of an `.xcdatamodeld`'s `.xccurrentversion`.
        static let sourceBundleKey = "_XCCurrentVersionName"
        /// The key of a `.momd`'s `VersionInfo.plist`.
        static let compiledBundleKey = "NSManagedObjectModel_CurrentVersionName"

        /// The string under `key` in the file's top dictionary, as written (usually with the
        /// version's extension in `.xccurrentversion`, without it in `VersionInfo.plist`).
        static func read(at path: String, key: String) throws -> String {
            let bytes = try FileSystem.contents(of: path)
            let name =
                BinaryPropertyList.hasHeader(bytes)
                ? try binaryString(bytes, key: key, path: path) : try xmlString(bytes, key: key, path: path)
            guard let name, !name.isEmpty else { throw ModelFileError.missingCurrentVersionName(path: path) }
            return name
        }

        private static func binaryString(_ bytes: [UInt8], key: String, path: String) throws -> String? {
            do {
                return try BinaryPropertyList.parse(bytes, source: path).dictionary?[key]?.string
            } catch ArchiveError.malformedPropertyList(_, let defect) {
                throw ModelFileError.unreadable(
                    path: path, reason: "it is not a well-formed binary property list: \(defect)")
            }
        }

        private static func xmlString(_ bytes: [UInt8], key: String, path: String) throws -> String? {
            let root = try XMLElement.parse(bytes, path: path)
            for dictionary in root.children where root.name == "plist" && dictionary.name == "dict" {
                let entries = dictionary.children
                for (index, entry) in entries.enumerated()
                where entry.name == "key" && entry.text == key && index + 1 < entries.count {
                    let value = entries[index + 1]
                    if value.name == "string" && !value.text.isEmpty { return value.text }
                }
            }
            return nil
        }
    }
}
