/// Decoders for the Foundation values an archive holds, each given an encoded value (usually a
/// field of an ``ArchivedObject``, absent as `nil`) and a `location` naming it in errors.
///
/// Each follows at most three references, whatever the archive contains.
extension KeyedArchive {
    /// A string: inline, or an `NSString`/`NSMutableString` object (`NS.string`, or UTF-8
    /// `NS.bytes`); `nil` when absent or null.
    func string(_ value: PropertyListValue?, at location: String) throws -> String? {
        guard let value else { return nil }
        switch try resolve(value) {
        case .null:
            return nil
        case .string(let text):
            return text
        case .dictionary:
            guard let object = try object(value, at: location), object.isKind(of: "NSString") else {
                throw ArchiveError.unexpectedValue(source: source, location: location, expected: "a string")
            }
            if let text = object["NS.string"].flatMap({ try? resolve($0) })?.string {
                return text
            }
            if case .data(let bytes)? = object["NS.bytes"].flatMap({ try? resolve($0) }),
                let text = String(validating: bytes, as: UTF8.self)
            {
                return text
            }
            throw ArchiveError.unexpectedValue(
                source: source, location: location, expected: "a string (it is an \(object.className) without text)")
        default:
            throw ArchiveError.unexpectedValue(source: source, location: location, expected: "a string")
        }
    }

    /// An integer (an archived `NSNumber` or `encodeInt…` field; a boolean reads as 0 or 1);
    /// `nil` when absent or null.
    func integer(_ value: PropertyListValue?, at location: String) throws -> Int64? {
        guard let value else { return nil }
        switch try resolve(value) {
        case .null: return nil
        case .integer(let number): return number
        case .boolean(let flag): return flag ? 1 : 0
        default:
            throw ArchiveError.unexpectedValue(source: source, location: location, expected: "an integer")
        }
    }

    /// A truth value (an `encodeBool` field or an archived `NSNumber`; a non-zero integer is
    /// true); `nil` when absent or null.
    func boolean(_ value: PropertyListValue?, at location: String) throws -> Bool? {
        guard let value else { return nil }
        switch try resolve(value) {
        case .null: return nil
        case .boolean(let flag): return flag
        case .integer(let number): return number != 0
        default:
            throw ArchiveError.unexpectedValue(source: source, location: location, expected: "a boolean")
        }
    }

    /// The elements of an `NSArray`, `NSSet` or `NSOrderedSet` (mutable or not), or of an inline
    /// array, unresolved; empty when absent or null.
    func elements(_ value: PropertyListValue?, at location: String) throws -> [PropertyListValue] {
        guard let value else { return [] }
        switch try resolve(value) {
        case .null:
            return []
        case .array(let elements):
            return elements
        default:
            guard let object = try object(value, at: location),
                ["NSArray", "NSSet", "NSOrderedSet"].contains(where: object.isKind(of:)),
                let elements = try resolve(object["NS.objects"] ?? .null).array
            else {
                throw ArchiveError.unexpectedValue(
                    source: source, location: location, expected: "an array or set with NS.objects")
            }
            return elements
        }
    }

    /// The entries of an `NSDictionary`/`NSMutableDictionary` (`NS.keys` + `NS.objects`) or of an
    /// `NSKnownKeysDictionary1` (`values` + `searchMapping.keys`), with string keys, in archive
    /// order; values unresolved. Empty when absent or null.
    func entries(_ value: PropertyListValue?, at location: String) throws -> [(key: String, value: PropertyListValue)] {
        guard let value, let object = try object(value, at: location) else { return [] }
        let keys: [PropertyListValue]
        let values: [PropertyListValue]
        if object.isKind(of: "NSKnownKeysDictionary1") {
            let mapping = try self.object(object["searchMapping"] ?? .null, at: "searchMapping of \(location)")
            keys = try elements(mapping?["keys"], at: "searchMapping.keys of \(location)")
            values = try elements(object["values"], at: "values of \(location)")
        } else if object.isKind(of: "NSDictionary") {
            keys = try elements(object["NS.keys"], at: "NS.keys of \(location)")
            values = try elements(object["NS.objects"], at: "NS.objects of \(location)")
        } else {
            throw ArchiveError.unexpectedValue(
                source: source, location: location, expected: "a dictionary (it is an \(object.className))")
        }
        guard keys.count == values.count else {
            throw ArchiveError.unexpectedValue(
                source: source, location: location,
                expected: "a dictionary with as many values as keys (it has \(keys.count) keys, \(values.count) values)"
            )
        }
        return try zip(keys, values).map { key, value in
            guard let name = try string(key, at: "a key of \(location)") else {
                throw ArchiveError.unexpectedValue(
                    source: source, location: "a key of \(location)", expected: "a string")
            }
            return (name, value)
        }
    }
}
