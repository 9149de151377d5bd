import GraphExport
import GraphExportJSONText

/// One value of an attribute that identifies objects (a primary key's column, a `--key`), as
/// SQLite orders it under `ORDER BY … COLLATE BINARY`: `NULL` first, then numbers by their value
/// (an integer and a floating-point number compared as numbers), then text by its bytes, then
/// bytes. Both copies are read in this order and merged by it.
///
/// A number is kept as an integer whenever it is a whole number that fits one, so that values
/// SQLite calls equal (`1` and `1.0`) are equal here too, and hash alike.
enum KeyValue: Hashable, Comparable {
    case null
    case integer(Int64)
    /// A number that is not a whole number fitting 64 bits.
    case real(Double)
    case text([UInt8])
    case bytes([UInt8])

    /// The key value of `value` as its column stores it, or `nil` for a value that SQLite does
    /// not store as such and so cannot order (a decimal read from its text, an array or a map, a
    /// file's bytes). A date is its seconds since 2001, a truth value 0 or 1, a UUID its 16 bytes.
    init?(_ value: RowValue) {
        switch value {
        case .null: self = .null
        case .integer(let integer): self = .integer(integer)
        case .double(let double): self = Self.number(double)
        case .boolean(let boolean): self = .integer(boolean ? 1 : 0)
        case .date(let date): self = Self.number(date.secondsSinceReferenceDate)
        case .text(let text): self = .text(Array(text))
        case .bytes(let bytes): self = .bytes(Array(bytes))
        case .other(let owned):
            switch owned {
            case .string(let text), .uri(let text): self = .text(Array(text.utf8))
            case .uuid(let uuid): self = .bytes(uuid.bytes)
            case .binary(let bytes): self = .bytes(bytes)
            case .null, .integer, .double, .boolean, .date: self.init(RowValue(owned))
            case .decimal, .binaryFile, .array, .map: return nil
            }
        }
    }

    /// A number, as an integer when it is a whole one that fits.
    private static func number(_ value: Double) -> KeyValue {
        if value == value.rounded(.towardZero), value >= -0x1p63, value < 0x1p63 { return .integer(Int64(value)) }
        return .real(value)
    }

    /// SQLite's storage classes in their order.
    private var rank: Int {
        switch self {
        case .null: 0
        case .integer, .real: 1
        case .text: 2
        case .bytes: 3
        }
    }

    static func < (left: KeyValue, right: KeyValue) -> Bool {
        switch (left, right) {
        case (.integer(let a), .integer(let b)): return a < b
        case (.real(let a), .real(let b)): return a < b
        case (.integer(let a), .real(let b)): return isLess(a, than: b)
        case (.real(let a), .integer(let b)): return !isLess(b, than: a)
        case (.text(let a), .text(let b)), (.bytes(let a), .bytes(let b)): return a.lexicographicallyPrecedes(b)
        default: return left.rank < right.rank
        }
    }

    /// Whether `integer` is less than `real`, which is no whole number that fits 64 bits (so the
    /// two are never equal).
    private static func isLess(_ integer: Int64, than real: Double) -> Bool {
        if real.isNaN { return false }
        if real >= 0x1p63 { return true }
        if real < -0x1p63 { return false }
        // `real` is not whole, so it lies strictly between its floor and the next integer.
        return integer <= Int64(real.rounded(.down))
    }

    /// The value as the JSON export writes its column's value, for messages: a number's digits,
    /// text in quotes, bytes as `<n bytes>`.
    var text: String {
        switch self {
        case .null: return "null"
        case .integer(let integer): return String(integer)
        case .real(let real): return String(real)
        case .text(let text):
            var output: [UInt8] = []
            JSONText.appendString(String(decoding: text, as: UTF8.self), to: &output)
            return String(decoding: output, as: UTF8.self)
        case .bytes(let bytes): return "<\(bytes.count) bytes>"
        }
    }
}
