import GraphExport

/// `NSAttributeType` raw values, as compiled models, store model caches and legacy Xcode 3 models
/// record them (`coredata-format.md` §1.6).
enum AttributeTypeCode {
    /// What a raw value means for the store.
    enum Meaning: Equatable {
        /// A type with a column of its own.
        case stored(AttributeType)
        /// Undefined (0), object ID (2000) or composite (2100): no column of its own.
        case unstored
        /// A value this version does not know.
        case unknown
    }

    static func meaning(of rawValue: Int64) -> Meaning {
        if let type = stored[rawValue] { return .stored(type) }
        return unstored.contains(rawValue) ? .unstored : .unknown
    }

    private static let stored: [Int64: AttributeType] = [
        100: .integer16, 200: .integer32, 300: .integer64, 400: .decimal, 500: .double, 600: .float,
        700: .string, 800: .boolean, 900: .date, 1000: .binary, 1100: .uuid, 1200: .uri,
        1800: .transformable,
    ]

    private static let unstored: Set<Int64> = [0, 2000, 2100]
}
