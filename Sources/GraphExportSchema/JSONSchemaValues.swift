import GraphExport
import GraphExportJSONText

/// The JSON Schema of one attribute value of each ``ValueKind``, as ``JSONText`` writes it (see
/// `JSONGraphWriter`): the definitions `$defs/<name>` of a JSON export's schema.
enum JSONSchemaValues {
    /// The schema of a non-null value of `kind`.
    static func schema(_ kind: ValueKind) -> JSONNode {
        let type: AttributeType
        switch kind {
        case .structured:
            return .object([
                (
                    "description",
                    .string(
                        "Decoded (a Core Data Transformable, a plain SQLite column read as JSON): any value, written "
                            + "as values are (arrays and objects, strings, numbers, booleans, dates and UUIDs as text, "
                            + "bytes in base64), or the value as stored where it is no keyed archive, property list "
                            + "or JSON array or object")
                )
            ])
        case .storageClass:
            return .object([
                (
                    "description",
                    .string(
                        "Any SQLite storage class: an integer, a real (\"NaN\", \"Infinity\", \"-Infinity\" when "
                            + "not finite), text, or a blob in base64")
                ),
                ("type", .strings(["number", "string"])),
            ])
        case .sqliteBoolean:
            return .object([
                ("description", .string("Boolean, from the integers 0 and 1; any other value as stored")),
                ("anyOf", .array([.object([("type", .string("boolean"))]), storedValue])),
            ])
        case .sqliteDate:
            return .object([
                (
                    "description",
                    .string(
                        "Date, from SQLite's date and time text: ISO 8601 date, date and time, or time, its time "
                            + "zone as stored or none (a local date and time); any other value as stored")
                ),
                (
                    "anyOf",
                    .array([
                        .object([
                            ("type", .string("string")),
                            ("pattern", .string(ValuePatterns.anchored(ValuePatterns.sqliteDate))),
                        ]),
                        storedValue,
                    ])
                ),
            ])
        case .declared(let declared):
            type = declared
        }
        switch type {
        case .integer16: return integer(type, Int64(Int16.min), Int64(Int16.max))
        case .integer32: return integer(type, Int64(Int32.min), Int64(Int32.max))
        case .integer64: return integer(type, Int64.min, Int64.max)
        case .decimal:
            return .object([
                ("description", .string("Decimal: its exact text, no exponent (\"-12.5\"), or \"NaN\"")),
                ("type", .string("string")),
                ("pattern", .string(ValuePatterns.anchored(ValuePatterns.decimal))),
            ])
        case .double, .float:
            return .object([
                ("description", .string("\(type.rawValue): a number, or \"NaN\", \"Infinity\", \"-Infinity\"")),
                ("anyOf", .array([.object([("type", .string("number"))]), nonFinite])),
            ])
        case .string:
            return .object([("description", .string("String")), ("type", .string("string"))])
        case .boolean:
            return .object([("description", .string("Boolean")), ("type", .string("boolean"))])
        case .date:
            return .object([
                ("description", .string(Self.dateDescription)),
                (
                    "anyOf",
                    .array([
                        .object([
                            ("type", .string("string")),
                            ("pattern", .string(ValuePatterns.anchored(ValuePatterns.date))),
                        ]),
                        .object([
                            ("type", .string("number")),
                            (
                                "not",
                                .object([
                                    ("exclusiveMinimum", .integer(-calendarLimit)),
                                    ("exclusiveMaximum", .integer(calendarLimit)),
                                ])
                            ),
                        ]),
                        nonFinite,
                    ])
                ),
            ])
        case .binary, .transformable:
            return .object([
                ("description", .string("\(type.rawValue): the bytes in base64 (RFC 4648, padded)")),
                ("type", .string("string")),
                ("contentEncoding", .string("base64")),
                ("pattern", .string(ValuePatterns.anchored(ValuePatterns.base64))),
            ])
        case .uuid:
            return .object([
                ("description", .string("UUID: canonical lowercase text")),
                ("type", .string("string")),
                ("format", .string("uuid")),
                ("pattern", .string(ValuePatterns.anchored(ValuePatterns.uuid))),
            ])
        case .uri:
            return .object([("description", .string("URI: its text, as stored")), ("type", .string("string"))])
        }
    }

    private static func integer(_ type: AttributeType, _ minimum: Int64, _ maximum: Int64) -> JSONNode {
        .object([
            ("description", .string(type.rawValue)),
            ("type", .string("integer")),
            ("minimum", .integer(minimum)),
            ("maximum", .integer(maximum)),
        ])
    }

    /// A value as a plain SQLite column stores it, where it does not fit the column's typing.
    private static let storedValue = JSONNode.object([
        ("description", .string("As stored: an integer, a real, text, or a blob in base64")),
        ("type", .strings(["number", "string"])),
    ])

    /// The strings a double that is not finite is written as.
    private static let nonFinite = JSONNode.object([("enum", .strings(["NaN", "Infinity", "-Infinity"]))])

    /// ``Timestamp/calendarLimit`` as an integer: a date this far from 2001 or more is seconds.
    private static let calendarLimit = Int64(Timestamp.calendarLimit)

    private static let dateDescription =
        "Date: ISO 8601 in UTC (years outside 0000-9999 signed); a date with no such form (10^15 seconds or more "
        + "from 2001-01-01T00:00:00Z, or not finite) is its seconds since then, or \"NaN\", \"Infinity\", \"-Infinity\""
}
