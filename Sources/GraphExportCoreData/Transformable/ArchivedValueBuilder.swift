import GraphExport

/// Builds a ``Value`` from a property-list value, following the references of a keyed archive
/// when there is one; throws a ``TransformableError`` (or an ``ArchiveError`` from the
/// archive's readers) for what it cannot decode.
///
/// Classes are recognised by their exact archived name, so a subclass that may encode more
/// fields is an unknown class rather than half read. Every element built counts against
/// ``TransformableDecoder/maximumElementCount``, every string and data against
/// ``TransformableDecoder/maximumPayloadSize``, every array and map against
/// ``GraphExport/Value/maximumNestingDepth``, and an object reached again while it is being
/// built is a cycle: whatever the bytes hold, the work is bounded.
struct ArchivedValueBuilder {
    /// The archive whose references are followed; `nil` for a plain property list.
    let archive: KeyedArchive?
    private var elementCount = 0
    private var payloadSize = 0
    private var objectsInProgress: Set<UInt64> = []

    init(archive: KeyedArchive?) {
        self.archive = archive
    }

    /// The value of `plist`, which sits inside `depth` arrays and maps.
    mutating func value(of plist: PropertyListValue, depth: Int) throws -> Value {
        elementCount += 1
        guard elementCount <= TransformableDecoder.maximumElementCount else {
            throw TransformableError.tooManyElements(limit: TransformableDecoder.maximumElementCount)
        }
        switch plist {
        case .uid(let uid):
            guard let archive else { throw TransformableError.referenceOutsideArchive }
            guard objectsInProgress.insert(uid).inserted else { throw TransformableError.cycle(object: uid) }
            defer { objectsInProgress.remove(uid) }
            let resolved = try archive.resolve(plist)
            guard resolved.dictionary != nil, let object = try archive.object(plist, at: "object \(uid)") else {
                return try value(of: resolved, depth: depth)
            }
            return try value(of: object, reference: plist, in: archive, depth: depth)
        case .dictionary(let dictionary):
            if let archive, let object = try archive.object(plist, at: "an inline object") {
                return try value(of: object, reference: plist, in: archive, depth: depth)
            }
            try checkNesting(depth)
            var entries: [ValueMap.Entry] = []
            entries.reserveCapacity(dictionary.count)
            for (key, element) in zip(dictionary.keys, dictionary.values) {
                entries.append(ValueMap.Entry(key: key, value: try value(of: element, depth: depth + 1)))
            }
            return .map(ValueMap(entries))
        case .array(let elements):
            return try array(elements, depth: depth)
        case .string(let text):
            try count(payload: text.utf8.count)
            return .string(text)
        case .integer(let number): return .integer(number)
        case .unsignedInteger(let number): return .decimal(String(number))
        case .real(let number): return .double(number)
        case .boolean(let flag): return .boolean(flag)
        case .date(let seconds): return .date(Timestamp(secondsSinceReferenceDate: seconds))
        case .data(let bytes):
            try count(payload: bytes.count)
            return .binary(bytes)
        case .null: return .null
        }
    }

    /// Counts `size` bytes of text or data against ``TransformableDecoder/maximumPayloadSize``.
    private mutating func count(payload size: Int) throws {
        payloadSize += size
        guard payloadSize <= TransformableDecoder.maximumPayloadSize else {
            throw TransformableError.payloadTooLarge(limit: TransformableDecoder.maximumPayloadSize)
        }
    }

    /// The value of an archived object of a class graphexport decodes; `reference` is how it was
    /// reached (a UID, or the inline dictionary), for the archive's readers.
    private mutating func value(
        of object: ArchivedObject, reference: PropertyListValue, in archive: KeyedArchive, depth: Int
    ) throws -> Value {
        let location = object.label
        switch object.className {
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet":
            return try array(try archive.elements(object["NS.objects"], at: "NS.objects of \(location)"), depth: depth)
        case "NSDictionary", "NSMutableDictionary":
            try checkNesting(depth)
            var entries: [ValueMap.Entry] = []
            for (key, element) in try archive.entries(reference, at: location) {
                entries.append(ValueMap.Entry(key: key, value: try value(of: element, depth: depth + 1)))
            }
            return .map(ValueMap(entries))
        case "NSString", "NSMutableString":
            guard let text = try archive.string(reference, at: location) else { return .null }
            try count(payload: text.utf8.count)
            return .string(text)
        case "NSDate":
            switch try object["NS.time"].map(archive.resolve) {
            case .real(let seconds)?: return .date(Timestamp(secondsSinceReferenceDate: seconds))
            case .integer(let seconds)?: return .date(Timestamp(secondsSinceReferenceDate: Double(seconds)))
            default: throw TransformableError.unreadableObject(className: object.className, key: "NS.time")
            }
        case "NSData", "NSMutableData":
            guard case .data(let bytes)? = try object["NS.data"].map(archive.resolve) else {
                throw TransformableError.unreadableObject(className: object.className, key: "NS.data")
            }
            try count(payload: bytes.count)
            return .binary(bytes)
        case "NSUUID":
            guard case .data(let bytes)? = try object["NS.uuidbytes"].map(archive.resolve),
                let uuid = UUIDValue(bytes: bytes)
            else {
                throw TransformableError.unreadableObject(className: object.className, key: "NS.uuidbytes")
            }
            return .uuid(uuid)
        case "NSURL":
            return try url(object, in: archive, depth: depth)
        case "NSNull":
            return .null
        case "NSColor", "UIColor":
            try checkNesting(depth)
            return .map(try ArchivedColor.components(of: object, in: archive))
        default:
            throw TransformableError.unknownClass(object.className)
        }
    }

    /// An `NSURL`: `NS.relative` alone as a URI; with a base URL (`NS.base`), a map of the base and
    /// the relative text, which graphexport does not resolve against each other.
    private mutating func url(_ object: ArchivedObject, in archive: KeyedArchive, depth: Int) throws -> Value {
        guard let relative = try archive.string(object["NS.relative"], at: "NS.relative of \(object.label)") else {
            throw TransformableError.unreadableObject(className: object.className, key: "NS.relative")
        }
        try count(payload: relative.utf8.count)
        guard let base = object["NS.base"], try archive.resolve(base) != .null else { return .uri(relative) }
        try checkNesting(depth)
        return .map(["base": try value(of: base, depth: depth + 1), "relative": .uri(relative)])
    }

    private mutating func array(_ elements: [PropertyListValue], depth: Int) throws -> Value {
        try checkNesting(depth)
        var values: [Value] = []
        values.reserveCapacity(min(elements.count, TransformableDecoder.maximumElementCount))
        for element in elements { values.append(try value(of: element, depth: depth + 1)) }
        return .array(values)
    }

    /// Throws when an array or map inside `depth` others would nest too deeply.
    private func checkNesting(_ depth: Int) throws {
        guard depth < Value.maximumNestingDepth else {
            throw TransformableError.nestedTooDeeply(limit: Value.maximumNestingDepth)
        }
    }
}
