import GraphExport

/// The XML Schema simple type of one attribute value of each ``ValueKind``, as the XML writer
/// writes it (`XMLValueText`): the types `gx:value.<name>` of an XML export's schema.
enum XMLSchemaValues {
    /// Writes the definition `gx:value.<name>` of `kind`.
    static func define(_ kind: ValueKind, in schema: inout XMLSchemaText) {
        schema.start("simpleType", ["name": "value." + kind.schemaName])
        let type: AttributeType
        switch kind {
        case .structured:
            simple(
                "Decoded (a Core Data Transformable, a plain SQLite column read as JSON), as an XML attribute: a "
                    + "scalar's text, or the value as stored; an array or map is a child element of type "
                    + "gx:structured", "restriction", ["base": "xs:string"], in: &schema)
            return
        case .storageClass:
            simple(
                "Any SQLite storage class: an integer, a real, text, or a blob in base64", "restriction",
                ["base": "xs:string"], in: &schema)
            return
        case .sqliteBoolean:
            simple(
                "Boolean, from the integers 0 and 1 (true, false); any other value as stored", "union",
                ["memberTypes": "xs:boolean xs:string"], in: &schema)
            return
        case .sqliteDate:
            simple(
                "Date, from SQLite's date and time text: xs:date, xs:dateTime or xs:time, its time zone as stored or "
                    + "none (a local date and time); any other value as stored", "union",
                ["memberTypes": "xs:date xs:dateTime xs:time xs:string"], in: &schema)
            return
        case .declared(let declared):
            type = declared
        }
        schema.start("annotation")
        schema.textElement("documentation", documentation(type))
        schema.end()
        switch type {
        case .integer16: schema.empty("restriction", ["base": "xs:short"])
        case .integer32: schema.empty("restriction", ["base": "xs:int"])
        case .integer64: schema.empty("restriction", ["base": "xs:long"])
        case .double, .float: schema.empty("restriction", ["base": "xs:double"])
        case .string, .uri: schema.empty("restriction", ["base": "xs:string"])
        case .binary, .transformable: schema.empty("restriction", ["base": "xs:base64Binary"])
        case .decimal: pattern(ValuePatterns.decimal, base: "xs:string", in: &schema)
        case .uuid: pattern(ValuePatterns.uuid, base: "xs:string", in: &schema)
        case .boolean: pattern("true|false", base: "xs:boolean", in: &schema)
        case .date:
            // ISO 8601 text, or seconds since 2001 for a date 10^15 seconds or more from it (INF
            // and -INF included), or NaN.
            schema.start("union")
            schema.start("simpleType")
            pattern(ValuePatterns.date, base: "xs:string", in: &schema)
            schema.end()
            let limit = String(Int64(Timestamp.calendarLimit))
            for (facet, bound) in [("maxInclusive", "-" + limit), ("minInclusive", limit)] {
                schema.start("simpleType")
                schema.start("restriction", ["base": "xs:double"])
                schema.empty(facet, ["value": bound])
                schema.end()
                schema.end()
            }
            schema.start("simpleType")
            schema.start("restriction", ["base": "xs:string"])
            schema.empty("enumeration", ["value": "NaN"])
            schema.end()
            schema.end()
            schema.end()
        }
        schema.end()
    }

    /// The rest of a simple type that is `documentation` and one empty `element`, and its end.
    private static func simple(
        _ documentation: String, _ element: String, _ attributes: KeyValuePairs<String, String>,
        in schema: inout XMLSchemaText
    ) {
        schema.start("annotation")
        schema.textElement("documentation", documentation)
        schema.end()
        schema.empty(element, attributes)
        schema.end()
    }

    private static func pattern(_ pattern: String, base: String, in schema: inout XMLSchemaText) {
        schema.start("restriction", ["base": base])
        schema.empty("pattern", ["value": pattern])
        schema.end()
    }

    private static func documentation(_ type: AttributeType) -> String {
        switch type {
        case .integer16, .integer32, .integer64, .string, .boolean: return type.rawValue
        case .double, .float: return "\(type.rawValue): shortest exact text, NaN, INF or -INF"
        case .decimal: return "Decimal: its exact text, no exponent (-12.5), or NaN"
        case .date:
            return "Date: ISO 8601 in UTC (years outside 0000-9999 signed), or, with no such form, seconds "
                + "since 2001-01-01T00:00:00Z"
        case .binary, .transformable: return "\(type.rawValue): the bytes in base64"
        case .uuid: return "UUID: canonical lowercase text"
        case .uri: return "URI: its text, as stored"
        }
    }
}
