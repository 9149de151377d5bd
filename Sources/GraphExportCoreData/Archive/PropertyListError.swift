/// What is wrong with a binary property list; objects are numbered as in its offset table.
enum PropertyListError: Sendable, Hashable, CustomStringConvertible {
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
    var description: String {
        switch self {
        case .missingHeader:
            return "it does not start with 'bplist00'"
        case .invalidTrailer(let reason):
            return "its trailer is invalid: \(reason)"
        case .offsetOutOfRange(let object, let offset):
            return "object \(object) is at offset \(offset), outside the object data"
        case .referenceOutOfRange(let object, let reference):
            return "object \(object) refers to object \(reference), which does not exist"
        case .lengthOutOfRange(let object, let length):
            return "object \(object) declares length \(length), which runs past the end of the data"
        case .unknownMarker(let object, let marker):
            return "object \(object) has unknown type marker \(marker)"
        case .invalidString(let object):
            return "string object \(object) is not valid in its encoding"
        case .invalidLength(let object):
            return "object \(object) has a length that is not a non-negative integer"
        case .integerTooLarge(let object):
            return "integer object \(object) does not fit in 64 bits"
        case .nonStringKey(let object):
            return "dictionary object \(object) has a key that is not a string"
        case .duplicateKey(let object, let key):
            return "dictionary object \(object) has key '\(key)' twice"
        case .cycle(let object):
            return "object \(object) contains itself"
        case .tooDeep(let limit):
            return "containers are nested more than \(limit) deep"
        }
    }
}
