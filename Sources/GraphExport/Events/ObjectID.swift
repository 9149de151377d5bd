/// The stable, unique identifier of an object in an export: what references point at.
///
/// For a Core Data store it is Core Data's own URI, `x-coredata://<store UUID>/<Entity>/p<Z_PK>`.
/// An identifier made of a shared prefix and a number (``init(prefix:number:)``) costs no string
/// building until its ``text`` is asked for.
///
/// Two identifiers are equal when their texts have the same UTF-8 bytes, however they were made:
/// `ObjectID(prefix: "A/1", number: 2)`, `ObjectID(prefix: "A/", number: 12)` and `ObjectID("A/12")`
/// are one identifier, and hash alike.
public struct ObjectID: Sendable, Hashable, CustomStringConvertible {
    /// The text before ``numericSuffix``, or the whole text when there is none.
    public let textPrefix: String
    /// The number the text ends with, written in decimal, if the identifier was made with one.
    public let numericSuffix: Int64?

    /// Creates an identifier from its text.
    public init(_ text: String) {
        self.textPrefix = text
        self.numericSuffix = nil
    }

    /// Creates the identifier whose text is `prefix` followed by the decimal digits of `number`.
    public init(prefix: String, number: Int64) {
        self.textPrefix = prefix
        self.numericSuffix = number
    }

    /// The identifier's text.
    public var text: String {
        guard let numericSuffix else { return textPrefix }
        // Made in one allocation: the prefix's bytes, then the digits.
        var prefix = textPrefix
        return prefix.withUTF8 { prefixBytes in
            String(unsafeUninitializedCapacity: prefixBytes.count + IntegerDigits.maximumCount) { buffer in
                _ = buffer.initialize(from: prefixBytes)
                return prefixBytes.count + IntegerDigits.write(numericSuffix, into: buffer, at: prefixBytes.count)
            }
        }
    }

    /// The identifier's text.
    public var description: String { text }

    /// Whether the two identifiers' texts have the same UTF-8 bytes.
    ///
    /// Two identifiers made of a prefix and a number, with prefixes of one length, are compared by
    /// those parts, without building their texts: their texts are equal exactly when the prefixes
    /// and the numbers are.
    public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
        if let left = lhs.numericSuffix, let right = rhs.numericSuffix,
            lhs.textPrefix.utf8.count == rhs.textPrefix.utf8.count
        {
            return left == right && sameBytes(lhs.textPrefix, rhs.textPrefix)
        }
        return sameBytes(lhs.text, rhs.text)
    }

    /// Hashes the UTF-8 bytes of the text, so that equal identifiers hash alike however they were
    /// made; the text is not built.
    public func hash(into hasher: inout Hasher) {
        var prefix = textPrefix
        prefix.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if let numericSuffix {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: IntegerDigits.maximumCount) { buffer in
                let count = IntegerDigits.write(numericSuffix, into: buffer, at: 0)
                hasher.combine(bytes: UnsafeRawBufferPointer(start: buffer.baseAddress, count: count))
            }
        }
        // The end of the text, as `String` marks its own, so that identifiers hashed one after the
        // other stay apart.
        hasher.combine(UInt8(0xFF))
    }

    /// Whether `lhs` and `rhs` have the same UTF-8 bytes (not merely canonically equivalent text,
    /// which `==` on strings accepts).
    private static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
    }
}
