/// The stable, unique identifier of an object in an export: what references point at.
///
/// For a Core Data store it is Core Data's own URI, `x-coredata://<store UUID>/<Entity>/p<Z_PK>`.
/// An identifier made of a shared prefix and a number (``init(prefix:number:)``) costs no string
/// building until its ``text`` is asked for; writers can copy its bytes with ``appendUTF8(to:)``.
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

    /// Appends the UTF-8 bytes of ``text`` to `bytes`.
    public func appendUTF8(to bytes: inout [UInt8]) {
        bytes += textPrefix.utf8
        if let numericSuffix {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: IntegerDigits.maximumCount) { buffer in
                bytes += buffer[..<IntegerDigits.write(numericSuffix, into: buffer, at: 0)]
            }
        }
    }

    /// Whether the two identifiers have the same text.
    public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
        if lhs.numericSuffix != nil && rhs.numericSuffix != nil {
            return lhs.numericSuffix == rhs.numericSuffix && lhs.textPrefix == rhs.textPrefix
        }
        return lhs.text == rhs.text
    }

    /// Hashes the text, so that equal identifiers hash alike however they were made.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }
}
