/// A binary property list, compressed model cache, keyed archive or archived model that cannot be
/// read.
///
/// `source` names what was being read, as the caller spelled it: a file path, or a store path
/// followed by the column (`Books.sqlite (Z_MODELCACHE)`).
enum ArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not a well-formed binary property list.
    case malformedPropertyList(source: String, defect: PropertyListError)
    /// The compressed bytes are damaged or cut short; `reason` is zlib's message or ours.
    case corruptCompressedData(source: String, reason: String)
    /// Decompressing would produce more than `limit` bytes (a decompression bomb, or a model far
    /// larger than any real one).
    case inflatedTooLarge(source: String, limit: Int)
    /// The bytes are compressed with LZFSE, which this build cannot decompress.
    case lzfseCompressed(source: String)
    /// The bytes are neither a binary property list nor compressed data that inflates to one.
    case unknownEncoding(source: String, firstBytes: [UInt8])
    /// The property list is not an `NSKeyedArchiver` archive.
    case notAKeyedArchive(source: String, reason: String)
    /// A reference (UID) points past the end of `$objects`.
    case danglingReference(source: String, uid: UInt64, objectCount: Int)
    /// A value has the wrong shape; `location` says where it was met, `expected` what it should be.
    case unexpectedValue(source: String, location: String, expected: String)
    /// An archived object lacks a key the reader cannot do without.
    case missingKey(source: String, location: String, key: String)
    /// An attribute's `NSAttributeType` is not a raw value Core Data defines for stored attributes.
    case unknownAttributeType(source: String, entity: String, attribute: String, rawValue: Int64)
    /// A relationship's `NSDeleteRule` is not one of Core Data's four rules.
    case unknownDeletionRule(source: String, entity: String, relationship: String, rawValue: Int64)
    /// A legacy Xcode 3 model uses something this reader has no verified decoding for.
    case unsupportedLegacyElement(source: String, entity: String, element: String, reason: String)

    /// A sentence a user can act on.
    var description: String {
        switch self {
        case .malformedPropertyList(let source, let defect):
            return "'\(source)' is not a well-formed binary property list: \(defect)"
        case .corruptCompressedData(let source, let reason):
            return "'\(source)': the compressed data is damaged or incomplete: \(reason)"
        case .inflatedTooLarge(let source, let limit):
            return "'\(source)': the compressed data expands to more than \(limit) bytes; "
                + "refusing to decompress it further"
        case .lzfseCompressed(let source):
            return "'\(source)': LZFSE-compressed model caches are not supported; "
                + "pass the app's .xcdatamodeld with --model instead"
        case .unknownEncoding(let source, let firstBytes):
            let hex = firstBytes.map { Self.hex($0) }.joined(separator: " ")
            return "'\(source)' is neither a binary property list nor DEFLATE/zlib data that "
                + "inflates to one (it starts with \(hex.isEmpty ? "nothing" : hex))"
        case .notAKeyedArchive(let source, let reason):
            return "'\(source)' is not an NSKeyedArchiver archive: \(reason)"
        case .danglingReference(let source, let uid, let count):
            return "'\(source)': the archive refers to object \(uid), but it has only \(count) objects"
        case .unexpectedValue(let source, let location, let expected):
            return "'\(source)': \(location) is not \(expected)"
        case .missingKey(let source, let location, let key):
            return "'\(source)': \(location) has no '\(key)'"
        case .unknownAttributeType(let source, let entity, let attribute, let rawValue):
            return "'\(source)': attribute \(entity).\(attribute) has NSAttributeType \(rawValue), "
                + "which is not a stored Core Data attribute type this version knows"
        case .unknownDeletionRule(let source, let entity, let relationship, let rawValue):
            return "'\(source)': relationship \(entity).\(relationship) has NSDeleteRule \(rawValue), "
                + "which is not a Core Data deletion rule"
        case .unsupportedLegacyElement(let source, let entity, let element, let reason):
            return "'\(source)': entity '\(entity)' has \(element), which the legacy Xcode 3 model "
                + "reader cannot decode (\(reason)); open the model in Xcode 4 or later and save it, "
                + "or leave the model out so that the store's own model cache is used, if it has one"
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
