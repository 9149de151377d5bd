import GraphExport

/// `NSAttributeType` raw values, as compiled models, store model caches and legacy Xcode 3 models
/// record them (`coredata-format.md` §1.6).
enum AttributeTypeCode {
    /// The type `rawValue` (read from `key` of `entity`.`attribute` in the archive `source`) names:
    /// `nil` for undefined (0), object ID (2000) or composite (2100), which have no column of their
    /// own.
    ///
    /// - Throws: ``ArchiveError/missingKey(source:location:key:)`` when there is no raw value,
    ///   ``ArchiveError/unknownAttributeTypeCode(source:entity:attribute:rawValue:)`` for a value
    ///   this version does not know.
    static func storedType(
        _ rawValue: Int64?, key: String, source: String, entity: String, attribute: String
    ) throws -> AttributeType? {
        guard let rawValue else {
            throw ArchiveError.missingKey(source: source, location: "attribute \(entity).\(attribute)", key: key)
        }
        if let type = stored[rawValue] { return type }
        guard unstored.contains(rawValue) else {
            throw ArchiveError.unknownAttributeTypeCode(
                source: source, entity: entity, attribute: attribute, rawValue: rawValue)
        }
        return nil
    }

    private static let stored: [Int64: AttributeType] = [
        100: .integer16, 200: .integer32, 300: .integer64, 400: .decimal, 500: .double, 600: .float,
        700: .string, 800: .boolean, 900: .date, 1000: .binary, 1100: .uuid, 1200: .uri,
        1800: .transformable,
    ]

    private static let unstored: Set<Int64> = [0, 2000, 2100]
}
