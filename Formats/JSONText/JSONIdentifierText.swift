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

    /// Per entity index, how its identifiers are written from keys (``append(_:of:to:)``), found at
    /// the entity's first reference.
    private var entityIdentifiers: [EntityIdentifiers] = []

    /// How the identifiers of one entity are written from keys.
    private enum EntityIdentifiers {
        /// Not asked yet.
        case unknown
        /// Each is the escaped `"prefix`, then the row's digits and the closing quote.
        case numbered(escapedPrefix: [UInt8])
        /// Each is its own text (``ObjectRelationships/id(of:)``).
        case text
    }

    /// Creates an empty cache.
    package init() {}

    /// Appends the identifier of the destination `key` of `relationships` as a JSON string, quotes
    /// included: the bytes ``append(_:to:)-(_,ByteBuffer)`` gives its ``ObjectRelationships/id(of:)``.
    /// The escaped prefix of an entity with numbered identifiers is made at its first reference
    /// and kept for the document, so that a reference costs a copy and its digits.
    @inline(__always)
    package mutating func append(_ key: ObjectKey, of relationships: ObjectRelationships, to output: inout ByteBuffer) {
        if key.entity < entityIdentifiers.count, case .numbered(let escapedPrefix) = entityIdentifiers[key.entity] {
            output.append(escapedPrefix)
            Self.appendDigits(key.row, to: &output)
            return
        }
        appendFirstOrText(key, of: relationships, to: &output)
    }

    /// ``append(_:of:to:)`` for an entity not asked yet or whose identifiers are texts.
    @inline(never)
    private mutating func appendFirstOrText(
        _ key: ObjectKey, of relationships: ObjectRelationships, to output: inout ByteBuffer
    ) {
        if key.entity >= entityIdentifiers.count {
            entityIdentifiers += repeatElement(.unknown, count: key.entity + 1 - entityIdentifiers.count)
        }
        if case .unknown = entityIdentifiers[key.entity] {
            if let prefix = relationships.numberedIDPrefix(ofEntity: key.entity) {
                var escaped: [UInt8] = []
                JSONText.appendString(prefix, to: &escaped)
                escaped.removeLast()
                entityIdentifiers[key.entity] = .numbered(escapedPrefix: escaped)
            } else {
                entityIdentifiers[key.entity] = .text
            }
        }
        if case .numbered(let escapedPrefix) = entityIdentifiers[key.entity] {
            output.append(escapedPrefix)
            Self.appendDigits(key.row, to: &output)
        } else {
            append(relationships.id(of: key), to: &output)
        }
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
