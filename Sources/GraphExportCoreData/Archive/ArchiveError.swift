public import GraphExport

/// A binary property list, a compressed model cache, a keyed archive or an archived model that
/// cannot be read. `source` names what was read: a file path, or a store path followed by the
/// column (`Books.sqlite (Z_MODELCACHE)`), or the value of a Transformable attribute
/// (`Entity p12 attribute`). A command exits with ``GraphExport/ExitStatus/failure``.
public enum ArchiveError: ExitStatusError, Sendable, Hashable {
    /// What is wrong with a binary property list; objects are numbered as in its offset table.
    public enum PropertyListDefect: Sendable, Hashable, CustomStringConvertible {
        /// There are no bytes at all (a NULL or zero-length column).
        case empty
        /// The bytes do not start with `bplist00`.
        case missingHeader
        /// The 32-byte trailer is missing or describes a layout that does not fit the bytes.
        case invalidTrailer(String)
        /// An object's offset points outside the object area.
        case offsetOutOfRange(object: Int, offset: UInt64)
        /// A container or the trailer refers to an object number the table does not have.
        case referenceOutOfRange(object: Int, reference: UInt64)
        /// An object's declared length or count runs past the end of the bytes.
        case lengthOutOfRange(object: Int, length: UInt64)
        /// An object starts with a marker byte the format does not define (or that we do not read).
        case unknownMarker(object: Int, marker: UInt8)
        /// A string's bytes are not valid in its encoding (ASCII, UTF-16BE or UTF-8).
        case invalidString(object: Int)
        /// A length escape is not followed by a non-negative integer object.
        case invalidLength(object: Int)
        /// A 16-byte integer whose value needs more than 64 bits.
        case integerTooLarge(object: Int)
        /// A dictionary key is not a string.
        case nonStringKey(object: Int)
        /// A dictionary has the same key twice.
        case duplicateKey(object: Int, key: String)
        /// An object contains itself, directly or through other containers.
        case cycle(object: Int)
        /// Containers are nested deeper than the reader allows.
        case tooDeep(limit: Int)

        /// A phrase that completes "… is not a well-formed binary property list: ".
        public var description: String {
            switch self {
            case .empty:
                return "it is empty"
            case .missingHeader:
                return "it does not start with 'bplist00'"
            case .invalidTrailer(let reason):
                return "its trailer is invalid: \(reason)"
            case .offsetOutOfRange(let object, let offset):
                return Self.object(object, "is at offset \(offset), outside the object data")
            case .referenceOutOfRange(let object, let reference):
                return Self.object(object, "refers to object \(reference), which does not exist")
            case .lengthOutOfRange(let object, let length):
                return Self.object(object, "declares length \(length), which runs past the end of the data")
            case .unknownMarker(let object, let marker):
                return Self.object(object, "has unknown type marker \(marker)")
            case .invalidString(let object):
                return Self.object(object, kind: "string", "is not valid in its encoding")
            case .invalidLength(let object):
                return Self.object(object, "has a length that is not a non-negative integer")
            case .integerTooLarge(let object):
                return Self.object(object, kind: "integer", "does not fit in 64 bits")
            case .nonStringKey(let object):
                return Self.object(object, kind: "dictionary", "has a key that is not a string")
            case .duplicateKey(let object, let key):
                return Self.object(object, kind: "dictionary", "has key '\(key)' twice")
            case .cycle(let object):
                return Self.object(object, "contains itself")
            case .tooDeep(let limit):
                return "containers are nested more than \(limit) deep"
            }
        }

        /// `[<kind> ]object <number> <predicate>`: a defect of one object, named by its number in the
        /// offset table and, where it matters, by what kind of object it is.
        private static func object(_ number: Int, kind: String? = nil, _ predicate: String) -> String {
            (kind.map { $0 + " " } ?? "") + "object \(number) " + predicate
        }
    }

    /// The bytes are not a well-formed binary property list.
    case malformedPropertyList(source: String, defect: PropertyListDefect)
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
    /// An archived attribute's `NSAttributeType` is not a raw value Core Data defines for stored
    /// attributes.
    case unknownAttributeTypeCode(source: String, entity: String, attribute: String, rawValue: Int64)
    /// An archived relationship's `NSDeleteRule` is not one of Core Data's four rules.
    case unknownDeletionRuleCode(source: String, entity: String, relationship: String, rawValue: Int64)
    /// A legacy Xcode 3 model uses something this reader has no verified decoding for.
    case unsupportedLegacyElement(source: String, entity: String, element: String, reason: String)

    /// A sentence naming what was read, saying what is wrong with it.
    public var description: String {
        switch self {
        case .malformedPropertyList(let source, .empty):
            return "'\(source)' is empty, not a binary property list"
        case .malformedPropertyList(let source, let defect):
            return "'\(source)' is not a well-formed binary property list: \(defect)"
        case .lzfseCompressed(let source):
            return ErrorMessage.quoted(
                source,
                "LZFSE-compressed model caches are not supported; pass the app's .xcdatamodeld with --model instead")
        case .unknownEncoding(let source, let firstBytes):
            let hex = firstBytes.map { Self.hex($0) }.joined(separator: " ")
            return "'\(source)' is neither a binary property list nor DEFLATE/zlib data that "
                + "inflates to one (it starts with \(hex.isEmpty ? "nothing" : hex))"
        case .notAKeyedArchive(let source, let reason):
            return "'\(source)' is not an NSKeyedArchiver archive: \(reason)"
        case .danglingReference(let source, let uid, let count):
            return ErrorMessage.quoted(source, "the archive refers to object \(uid), but it has only \(count) objects")
        case .unexpectedValue(let source, let location, let expected):
            return ErrorMessage.quoted(source, "\(location) is not \(expected)")
        case .missingKey(let source, let location, let key):
            return ErrorMessage.quoted(source, "\(location) has no '\(key)'")
        case .unknownAttributeTypeCode(let source, let entity, let attribute, let rawValue):
            return ErrorMessage.quoted(
                source,
                "attribute \(entity).\(attribute) has NSAttributeType \(rawValue), which is not a stored Core "
                    + "Data attribute type this version knows"
            )
        case .unknownDeletionRuleCode(let source, let entity, let relationship, let rawValue):
            return ErrorMessage.quoted(
                source,
                "relationship \(entity).\(relationship) has NSDeleteRule \(rawValue), which is not a Core Data "
                    + "deletion rule"
            )
        case .unsupportedLegacyElement(let source, let entity, let element, let reason):
            return ErrorMessage.quoted(
                source,
                "entity '\(entity)' has \(element), which the legacy Xcode 3 model reader cannot decode "
                    + "(\(reason)); open the model in Xcode 4 or later and save it, or leave the model out so that the "
                    + "store's own model cache is used, if it has one"
            )
        }
    }

    /// A byte as two lowercase hex digits.
    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
