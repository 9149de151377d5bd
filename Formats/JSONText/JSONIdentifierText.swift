package import GraphExport

/// Object identifiers as JSON strings, for the JSON writers: each identifier's prefix (one per
/// entity, typically) is escaped once and its text reused, so that an identifier costs a copy and
/// its digits rather than an escape of its whole text.
package struct JSONIdentifierText {
    /// How many prefixes are kept; the oldest goes first.
    private static let prefixLimit = 16

    /// The escaped text of recent prefixes, without their closing quote.
    private var escapedPrefixes: [(prefix: String, escaped: [UInt8])] = []
    /// The place in `escapedPrefixes` of the prefix found last: an object's references and the
    /// objects after it are often of one entity.
    private var lastPrefix = 0

    /// Per entity index, where the escaped `"prefix` of its numbered identifiers is in
    /// `entityPrefixBytes` (``append(_:of:to:)``), found at the entity's first reference; a count
    /// of ``notAsked`` or ``identifiedByText`` otherwise. One array of all the prefixes' bytes rather
    /// than one per entity, so that a reference retains none.
    private var entityPrefixes: [(start: Int, count: Int)] = []
    private var entityPrefixBytes: [UInt8] = []
    /// The count of an entity not asked yet.
    private static let notAsked = -1
    /// The count of an entity whose identifiers are texts (``ObjectRelationships/id(of:)``).
    private static let identifiedByText = -2

    /// Creates an empty cache.
    package init() {}

    /// Appends the identifier of the destination `key` of `relationships` as a JSON string, quotes
    /// included: the bytes ``append(_:to:)-(_,ByteBuffer)`` gives its ``ObjectRelationships/id(of:)``.
    /// The escaped prefix of an entity with numbered identifiers is made at its first reference
    /// and kept for the document, so that a reference costs a copy and its digits.
    @inline(__always)
    package mutating func append(_ key: ObjectKey, of relationships: ObjectRelationships, to output: inout ByteBuffer) {
        if key.entity < entityPrefixes.count {
            let (start, count) = entityPrefixes[key.entity]
            if count >= 0 {
                entityPrefixBytes.withUnsafeBytes {
                    output.append(UnsafeRawBufferPointer(rebasing: $0[start..<start + count]))
                }
                Self.appendDigits(key.row, to: &output)
                return
            }
        }
        appendFirstOrText(key, of: relationships, to: &output)
    }

    /// ``append(_:of:to:)`` for an entity not asked yet or whose identifiers are texts.
    @inline(never)
    private mutating func appendFirstOrText(
        _ key: ObjectKey, of relationships: ObjectRelationships, to output: inout ByteBuffer
    ) {
        if key.entity >= entityPrefixes.count {
            entityPrefixes += repeatElement(
                (start: 0, count: Self.notAsked), count: key.entity + 1 - entityPrefixes.count)
        }
        if entityPrefixes[key.entity].count == Self.notAsked {
            if let prefix = relationships.numberedIDPrefix(ofEntity: key.entity) {
                let start = entityPrefixBytes.count
                JSONText.appendString(prefix, to: &entityPrefixBytes)
                entityPrefixBytes.removeLast()
                entityPrefixes[key.entity] = (start, entityPrefixBytes.count - start)
                append(key, of: relationships, to: &output)
                return
            }
            entityPrefixes[key.entity].count = Self.identifiedByText
        }
        append(relationships.id(of: key), to: &output)
    }

    /// Appends the decimal digits of `number` and the closing quote.
    @inline(__always)
    private static func appendDigits(_ number: Int64, to output: inout ByteBuffer) {
        output.append(upTo: IntegerDigits.maximumCount + 1) { digits in
            let count = IntegerDigits.write(number, into: digits, at: 0)
            digits[count] = UInt8(ascii: "\"")
            return count + 1
        }
    }

    /// Appends `id` as a JSON string, quotes included: the bytes ``JSONText/appendString(_:to:)-([UInt8])``
    /// gives its text.
    package mutating func append(_ id: ObjectID, to output: inout [UInt8]) {
        guard let number = id.numericSuffix else {
            JSONText.appendString(id.textPrefix, to: &output)
            return
        }
        output += escapedPrefixes[prefixIndex(of: id)].escaped
        JSONText.appendInteger(number, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// Appends `id` as a JSON string, quotes included, as ``append(_:to:)-([UInt8])`` appends it
    /// to an array.
    package mutating func append(_ id: ObjectID, to output: inout ByteBuffer) {
        guard let number = id.numericSuffix else {
            JSONText.appendString(id.textPrefix, to: &output)
            return
        }
        output.append(escapedPrefixes[prefixIndex(of: id)].escaped)
        Self.appendDigits(number, to: &output)
    }

    /// The place in `escapedPrefixes` of the prefix of `id`, escaped now if it is not there; the
    /// prefix found last is tried first.
    private mutating func prefixIndex(of id: ObjectID) -> Int {
        // Lengths first: telling two different prefixes apart by `==` costs a full comparison.
        let length = id.textPrefix.utf8.count
        let isPrefix = { (entry: (prefix: String, escaped: [UInt8])) in
            entry.prefix.utf8.count == length && entry.prefix == id.textPrefix
        }
        if lastPrefix < escapedPrefixes.count, isPrefix(escapedPrefixes[lastPrefix]) { return lastPrefix }
        if let cached = escapedPrefixes.firstIndex(where: isPrefix) {
            lastPrefix = cached
            return cached
        }
        var escaped: [UInt8] = []
        JSONText.appendString(id.textPrefix, to: &escaped)
        escaped.removeLast()
        if escapedPrefixes.count == Self.prefixLimit { escapedPrefixes.removeFirst() }
        escapedPrefixes.append((id.textPrefix, escaped))
        lastPrefix = escapedPrefixes.count - 1
        return lastPrefix
    }
}
