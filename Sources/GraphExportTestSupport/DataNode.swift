/// What a JSON parser or a YAML 1.2 core-schema loader returns: the data model the JSON, JSON
/// Lines and YAML exports share, before the model gives the values their types. A mapping keeps
/// its keys in order.
public indirect enum DataNode {
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
