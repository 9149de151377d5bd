extension ModelFile {
    /// Reads the `.xccurrentversion` property list of an `.xcdatamodeld` bundle:
    /// `<plist><dict><key>_XCCurrentVersionName</key><string>Model 2.xcdatamodel</string>…`.
    enum CurrentVersionFile {
        private static let key = "_XCCurrentVersionName"

        /// The `_XCCurrentVersionName` string, as written (usually with `.xcdatamodel`).
        static func read(at path: String) throws -> String {
            let root = try XMLElement.parse(FileSystem.contents(of: path), path: path)
            for dictionary in root.children where root.name == "plist" && dictionary.name == "dict" {
                let entries = dictionary.children
                for (index, entry) in entries.enumerated()
                where entry.name == "key" && entry.text == key && index + 1 < entries.count {
                    let value = entries[index + 1]
                    if value.name == "string" && !value.text.isEmpty { return value.text }
                }
            }
            throw ModelFileError.missingCurrentVersionName(path: path)
        }
    }
}
