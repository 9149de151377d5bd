import GraphExport
import GraphExportPlainSQLite

/// What one attribute's values can be in an export: those of its declared type, any of SQLite's
/// storage classes, a typed plain SQLite column's values, or any value at all, arrays and maps
/// included (``ValueTyping``).
enum ValueKind: Hashable {
    case declared(AttributeType)
    case storageClass
    /// A plain SQLite column typed Boolean: `true` or `false`, or a value as stored.
    case sqliteBoolean
    /// A plain SQLite column typed Date: ISO 8601 date, date and time, or time text, or a value as
    /// stored.
    case sqliteDate
    /// A decoded value (a Core Data Transformable, a plain SQLite column read as JSON): any value,
    /// arrays and maps included, or bytes.
    case structured

    /// The kind of `attribute`'s values under `typing`; `column` is the attribute's typing when
    /// `typing` gives one per column (``ValueTyping/columns(_:)``).
    init(_ attribute: AttributeInfo, _ typing: ValueTyping, column: PlainColumnTyping?) {
        switch typing {
        case .declared: self = .declared(attribute.type)
        case .decoded: self = attribute.type == .transformable ? .structured : .declared(attribute.type)
        case .storageClass: self = .storageClass
        case .columns:
            switch column ?? .stored {
            case .stored: self = .storageClass
            case .boolean: self = .sqliteBoolean
            case .date: self = .sqliteDate
            case .json: self = .structured
            }
        }
    }

    /// Every kind, in a fixed order: the declared types in the order of ``AttributeType/allCases``,
    /// then the storage classes, the typed plain columns, and any value.
    static let allCases: [ValueKind] =
        AttributeType.allCases.map(ValueKind.declared) + [.storageClass, .sqliteBoolean, .sqliteDate, .structured]

    /// The kind's name in the schemas, an identifier both languages take as it is (`integer16`,
    /// `date`, `storageClass`, `sqliteDate`, `structured`): the JSON Schema definition
    /// `$defs/<name>`, the XML Schema type `gx:value.<name>`.
    var schemaName: String {
        let type: AttributeType
        switch self {
        case .declared(let declared): type = declared
        case .storageClass: return "storageClass"
        case .sqliteBoolean: return "sqliteBoolean"
        case .sqliteDate: return "sqliteDate"
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
        case .storageClass, .sqliteBoolean, .sqliteDate, .structured: return true
        }
    }
}
