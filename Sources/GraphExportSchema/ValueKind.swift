import GraphExport

/// What one attribute's values can be in an export: those of its declared type, any of SQLite's
/// storage classes, or any value at all, arrays and maps included (``ValueTyping``).
enum ValueKind: Hashable {
    case declared(AttributeType)
    case storageClass
    /// A decoded Transformable: any value, arrays and maps included, or bytes.
    case structured

    /// The kind of `attribute`'s values under `typing`.
    init(_ attribute: AttributeInfo, _ typing: ValueTyping) {
        switch typing {
        case .declared: self = .declared(attribute.type)
        case .decoded: self = attribute.type == .transformable ? .structured : .declared(attribute.type)
        case .storageClass: self = .storageClass
        }
    }

    /// Every kind, in a fixed order: the declared types in the order of ``AttributeType/allCases``,
    /// then the storage classes, then any value.
    static let allCases: [ValueKind] = AttributeType.allCases.map(ValueKind.declared) + [.storageClass, .structured]

    /// The kind's name in the schemas, an identifier both languages take as it is (`integer16`,
    /// `date`, `storageClass`, `structured`): the JSON Schema definition `$defs/<name>`, the XML
    /// Schema type `gx:value.<name>`.
    var schemaName: String {
        let type: AttributeType
        switch self {
        case .declared(let declared): type = declared
        case .storageClass: return "storageClass"
        case .structured: return "structured"
        }
        switch type {
        case .integer16: return "integer16"
        case .integer32: return "integer32"
        case .integer64: return "integer64"
        case .decimal: return "decimal"
        case .double: return "double"
        case .float: return "float"
        case .string: return "string"
        case .boolean: return "boolean"
        case .date: return "date"
        case .binary: return "binary"
        case .uuid: return "uuid"
        case .uri: return "uri"
        case .transformable: return "transformable"
        }
    }

    /// Whether values may be text holding characters XML 1.0 cannot, written as base64 and
    /// marked (`gx:base64`, `gx:encoding`).
    var mayBeText: Bool {
        switch self {
        case .declared(let type): return type == .string || type == .uri
        case .storageClass, .structured: return true
        }
    }
}
