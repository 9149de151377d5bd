public import GraphExport

/// Why the value of a Transformable attribute cannot be decoded: its bytes are written instead, with
/// a warning whose message is ``description`` prefixed with the value's name.
public enum TransformableError: ExitStatusError, Sendable, Hashable {
    /// The property list of a Transformable value, or its keyed archive, is damaged; the error
    /// names the value as its source.
    case malformed(ArchiveError)
    /// A Transformable value's archive holds an object of a class graphexport has no decoding for.
    case unknownClass(String)
    /// An archived object of a known class lacks the field it is read from, or the field has the
    /// wrong shape.
    case unreadableObject(className: String, key: String)
    /// An archived object contains itself through references.
    case cycle(object: UInt64)
    /// Arrays and maps would nest deeper than ``GraphExport/Value/maximumNestingDepth``.
    case nestedTooDeeply(limit: Int)
    /// The value would hold more elements than ``TransformableDecoder/maximumElementCount``.
    case tooManyElements(limit: Int)
    /// The value would hold more than ``TransformableDecoder/maximumPayloadSize`` bytes of text and data.
    case payloadTooLarge(limit: Int)
    /// A property list that is no keyed archive holds a keyed-archive reference (UID).
    case referenceOutsideArchive

    /// A clause that the warning prefixes with the value's name.
    public var description: String {
        switch self {
        case .malformed(let error):
            return Self.transformable("cannot be read: \(error)")
        case .unknownClass(let name):
            return Self.transformable(
                "is a keyed archive holding an object of class '\(name)', which graphexport does not decode")
        case .unreadableObject(let className, let key):
            return Self.transformable("is a keyed archive holding an \(className) without a readable '\(key)'")
        case .cycle(let object):
            return Self.transformable("is a keyed archive whose object \(object) contains itself")
        case .nestedTooDeeply(let limit):
            return Self.transformable("nests arrays and dictionaries more than \(limit) levels deep")
        case .tooManyElements(let limit):
            return Self.transformable("holds more than \(limit) elements")
        case .payloadTooLarge(let limit):
            return Self.transformable("holds more than \(limit) bytes of text and data")
        case .referenceOutsideArchive:
            return Self.transformable(
                "is a property list holding a keyed-archive reference outside an NSKeyedArchiver archive")
        }
    }

    /// `phrase` completing "the Transformable value …".
    private static func transformable(_ phrase: String) -> String {
        "the Transformable value " + phrase
    }
}
