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

    /// Creates an empty cache.
    package init() {}

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
        output.append(upTo: IntegerDigits.maximumCount + 1) { digits in
            let count = IntegerDigits.write(number, into: digits, at: 0)
            digits[count] = UInt8(ascii: "\"")
            return count + 1
        }
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
