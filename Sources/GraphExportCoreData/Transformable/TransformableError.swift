/// Why the bytes of a Transformable attribute that look like a property list are not decoded
/// into a structured value (they are written as bytes instead).
enum TransformableError: Error, Hashable, CustomStringConvertible {
    /// The property list or its keyed archive is damaged; the error names the value as its source.
    case malformed(ArchiveError)
    /// The archive holds an object of a class graphexport has no decoding for.
    case unknownClass(String)
    /// An object of a known class lacks the field it is read from, or the field has the wrong shape.
    case unreadableObject(className: String, key: String)
    /// An object contains itself through references.
    case cycle(object: UInt64)
    /// Arrays and maps would nest deeper than ``GraphExport/Value/maximumNestingDepth``.
    case nestedTooDeeply(limit: Int)
    /// The value would hold more elements than ``TransformableDecoder/maximumElementCount``.
    case tooManyElements(limit: Int)
    /// The value would hold more than ``TransformableDecoder/maximumPayloadSize`` bytes of text and data.
    case payloadTooLarge(limit: Int)
    /// A property list that is no keyed archive holds a keyed-archive reference (UID).
    case referenceOutsideArchive

    /// A phrase that completes "the Transformable value …".
    var description: String {
        switch self {
        case .malformed(let error):
            return "cannot be read: \(error)"
        case .unknownClass(let name):
            return "is a keyed archive holding an object of class '\(name)', which graphexport does not decode"
        case .unreadableObject(let className, let key):
            return "is a keyed archive holding an \(className) without a readable '\(key)'"
        case .cycle(let object):
            return "is a keyed archive whose object \(object) contains itself"
        case .nestedTooDeeply(let limit):
            return "nests arrays and dictionaries more than \(limit) levels deep"
        case .tooManyElements(let limit):
            return "holds more than \(limit) elements"
        case .payloadTooLarge(let limit):
            return "holds more than \(limit) bytes of text and data"
        case .referenceOutsideArchive:
            return "is a property list holding a keyed-archive reference outside an NSKeyedArchiver archive"
        }
    }
}
