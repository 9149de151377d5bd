import GraphExport

/// One attribute value as a reader of any format gets it back, in a form where equal means the same
/// value: text as its UTF-8 bytes (so `é` precomposed and decomposed differ), doubles and dates as
/// bit patterns, every NaN as one NaN (the formats keep no sign or payload of a NaN), and a date of
/// `-0.0` seconds as `+0.0` (``Timestamp/iso8601`` gives both the text `2001-01-01T00:00:00Z`,
/// which reads back as `+0.0`: documented by the XML writer, true of JSON and YAML too).
enum NeutralValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case integer(Int64)
    case doubleBits(UInt64)
    case decimal([UInt8])
    case string([UInt8])
    case boolean(Bool)
    case dateBits(UInt64)
    case binary([UInt8])
    case uuid([UInt8])
    case uri([UInt8])
    case array([NeutralValue])
    /// A map's entries, in order: each key as its UTF-8 bytes and its value.
    case map([NeutralEntry])

    /// The bits a double is compared by.
    static func double(_ value: Double) -> NeutralValue {
        .doubleBits(value.isNaN ? Double.nan.bitPattern : value.bitPattern)
    }

    /// The bits a date is compared by.
    static func date(seconds value: Double) -> NeutralValue {
        .dateBits(value.isNaN ? Double.nan.bitPattern : value == 0 ? 0 : value.bitPattern)
    }

    /// The value as the source holds it, kind for kind.
    init(_ value: Value) {
        switch value {
        case .null: self = .null
        case .integer(let integer): self = .integer(integer)
        case .double(let double): self = .double(double)
        case .decimal(let text): self = .decimal(Array(text.utf8))
        case .string(let text): self = .string(Array(text.utf8))
        case .boolean(let boolean): self = .boolean(boolean)
        case .date(let timestamp): self = .date(seconds: timestamp.secondsSinceReferenceDate)
        case .binary(let bytes): self = .binary(bytes)
        case .binaryFile(let file): self = .binary((try? file.readAll()) ?? [])
        case .uuid(let uuid): self = .uuid(uuid.bytes)
        case .uri(let text): self = .uri(Array(text.utf8))
        case .array, .map: self = .structured(value)
        }
    }

    /// An array or map as every format reads it back: its shape, its keys, null, and each other
    /// element as its text (XML keeps no kind inside them, so JSON's and YAML's are not compared);
    /// a scalar as ``init(_:)`` makes it.
    static func structured(_ value: Value) -> NeutralValue {
        switch value {
        case .array(let elements): return .array(elements.map(structured))
        case .map(let map): return .map(map.map { NeutralEntry(key: Array($0.key.utf8), value: structured($0.value)) })
        case .null: return .null
        case .integer(let integer): return .string(Array(String(integer).utf8))
        case .double(let double): return .string(Array(double.description.utf8))
        case .decimal(let text), .string(let text), .uri(let text): return .string(Array(text.utf8))
        case .boolean(let boolean): return .string(Array((boolean ? "true" : "false").utf8))
        case .date(let timestamp): return .string(Array((timestamp.iso8601 ?? "").utf8))
        case .binary(let bytes): return .string(Array(Base64.encode(bytes).utf8))
        case .binaryFile(let file): return .string(Array(Base64.encode((try? file.readAll()) ?? []).utf8))
        case .uuid(let uuid): return .string(Array(uuid.description.utf8))
        }
    }

    var description: String {
        func text(_ bytes: [UInt8]) -> String {
            let string = String(decoding: bytes, as: UTF8.self)
            let shown = string.count > 80 ? String(string.prefix(80)) + "…" : string
            return shown.debugDescription + (bytes.count > 200 ? " (\(bytes.count) bytes)" : "")
        }
        switch self {
        case .null: return "null"
        case .integer(let value): return "integer \(value)"
        case .doubleBits(let bits): return "double \(Double(bitPattern: bits)) (0x\(String(bits, radix: 16)))"
        case .decimal(let bytes): return "decimal \(text(bytes))"
        case .string(let bytes): return "string \(text(bytes))"
        case .boolean(let value): return "boolean \(value)"
        case .dateBits(let bits): return "date \(Double(bitPattern: bits))"
        case .binary(let bytes):
            return
                "binary \(bytes.count) bytes [\(bytes.prefix(12).map { String($0, radix: 16) }.joined(separator: " "))]"
        case .uuid(let bytes): return "uuid \(UUIDValue(bytes: bytes)?.description ?? "?")"
        case .uri(let bytes): return "uri \(text(bytes))"
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .map(let entries):
            return "{" + entries.map { "\(text($0.key)): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

/// One entry of a ``NeutralValue/map(_:)``.
struct NeutralEntry: Hashable, Sendable {
    let key: [UInt8]
    let value: NeutralValue
}
