/// What a JSON parser or a YAML 1.2 core-schema loader returns: the data model the JSON, JSON
/// Lines and YAML exports share, before the model gives the values their types. A mapping keeps
/// its keys in order. Equal data: floats by their bits (NaN equals NaN, `-0.0` differs from
/// `0.0`), mappings member by member, in order.
public indirect enum DataNode: Equatable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case float(Double)
    case string(String)
    /// A YAML `!!binary` scalar (JSON has none).
    case binary([UInt8])
    case sequence([DataNode])
    case mapping([(key: String, value: DataNode)])

    /// The case's name, for messages.
    public var kind: String {
        switch self {
        case .null: return "null"
        case .boolean: return "boolean"
        case .integer: return "integer"
        case .float: return "float"
        case .string: return "string"
        case .binary: return "binary"
        case .sequence: return "sequence"
        case .mapping: return "mapping"
        }
    }

    /// The value of `key`, when this is a mapping that has it.
    public subscript(key: String) -> DataNode? {
        guard case .mapping(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The items, when this is a sequence.
    public var items: [DataNode]? {
        guard case .sequence(let items) = self else { return nil }
        return items
    }

    public static func == (left: DataNode, right: DataNode) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.boolean(let one), .boolean(let other)): return one == other
        case (.integer(let one), .integer(let other)): return one == other
        case (.float(let one), .float(let other)): return one.bitPattern == other.bitPattern
        case (.string(let one), .string(let other)): return one == other
        case (.binary(let one), .binary(let other)): return one == other
        case (.sequence(let one), .sequence(let other)): return one == other
        case (.mapping(let one), .mapping(let other)):
            return one.count == other.count && zip(one, other).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// A JSON number no ``DataNode`` holds.
    public struct OutOfRange: Error, CustomStringConvertible {
        public let description: String
    }

    /// The data of a JSON text ``StrictJSON`` read: a number is an integer when its text has no
    /// fraction and no exponent, otherwise a double read from the exact text.
    public init(_ json: StrictJSON.Value) throws {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .boolean(value)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .sequence(try elements.map(DataNode.init))
        case .object(let members): self = .mapping(try members.map { ($0.key, try DataNode($0.value)) })
        case .number(let text):
            if !text.contains(where: { ".eE".contains($0) }), let integer = Int64(text) {
                self = .integer(integer)
            } else if let double = Double(text) {
                self = .float(double)
            } else {
                throw OutOfRange(description: "number \(text) out of range")
            }
        }
    }
}
