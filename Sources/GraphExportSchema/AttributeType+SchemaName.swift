import GraphExport

extension AttributeType {
    /// The type's name in the schemas, an identifier both languages take as it is (`integer16`,
    /// `date`): the JSON Schema definition `$defs/<name>`, the XML Schema type `gx:value.<name>`.
    var schemaName: String {
        switch self {
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
}
