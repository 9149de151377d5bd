import GraphExport
import GraphExportSQLite

/// Turns one stored column into a typed value, by the attribute's type and the value's actual
/// storage class; a value whose storage does not fit its type keeps its storage class and draws a
/// warning, so nothing is coerced silently. A decimal stored as the text `NaN` (how
/// `NSDecimalNumber.notANumber` prints) stays the decimal `NaN`.
///
/// Text and bytes are lent from SQLite's buffer (``RowValue``), valid until the statement moves on.
struct ValueDecoder {
    let onWarning: WarningHandler
    /// Decodes Transformable values into structured ones; `nil` keeps their bytes.
    var transformables: TransformableValues? = nil

    func decode(
        _ statement: SQLiteStatement, at column: Int32, as type: AttributeType, context: @autoclosure () -> String
    ) -> RowValue {
        let storage = statement.storage(at: column)
        switch (type, storage) {
        case (_, .null):
            return .null
        case (.integer16, .integer), (.integer32, .integer), (.integer64, .integer):
            return .integer(statement.int64(at: column))
        case (.boolean, .integer):
            let number = statement.int64(at: column)
            if number == 0 || number == 1 { return .boolean(number == 1) }
            return mismatch(.integer(number), type, context())
        case (.double, .real), (.float, .real):
            return .double(statement.double(at: column))
        case (.double, .integer), (.float, .integer):
            return .double(Double(statement.int64(at: column)))
        case (.decimal, .integer):
            return .other(.decimal(String(statement.int64(at: column))))
        case (.decimal, .real):
            return DecimalDigits.plainText(shortest: statement.double(at: column)).map { .other(.decimal($0)) }
                ?? mismatch(.double(statement.double(at: column)), type, context())
        case (.decimal, .text):
            let text = statement.text(at: column)
            if let text, let digits = DecimalDigits(text: text) { return .other(.decimal(digits.plainText)) }
            if text == "NaN" { return .other(.decimal("NaN")) }
            return mismatch(raw(statement, column, storage, context()), type, context())
        case (.date, .real):
            return .date(Timestamp(secondsSinceReferenceDate: statement.double(at: column)))
        case (.date, .integer):
            return .date(Timestamp(secondsSinceReferenceDate: Double(statement.int64(at: column))))
        case (.string, .text):
            return raw(statement, column, storage, context())
        case (.uri, .text):
            if let text = statement.text(at: column) { return .other(.uri(text)) }
            return raw(statement, column, storage, context())
        case (.binary, .blob):
            return .bytes(statement.rawBytes(at: column))
        case (.transformable, .blob):
            let bytes = statement.rawBytes(at: column)
            guard let transformables else { return .bytes(bytes) }
            return RowValue(transformables.value(of: Array(bytes), context: context()))
        case (.uuid, .blob):
            let bytes = statement.rawBytes(at: column)
            if let uuid = UUIDValue(bytes: bytes) { return .other(.uuid(uuid)) }
            return mismatch(.bytes(bytes), type, context())
        default:
            return mismatch(raw(statement, column, storage, context()), type, context())
        }
    }

    /// The value by its storage class alone; text that is not valid UTF-8 stays bytes.
    private func raw(
        _ statement: SQLiteStatement, _ column: Int32, _ storage: SQLiteStorage, _ context: @autoclosure () -> String
    ) -> RowValue {
        switch storage {
        case .null: return .null
        case .integer: return .integer(statement.int64(at: column))
        case .real: return .double(statement.double(at: column))
        case .blob: return .bytes(statement.rawBytes(at: column))
        case .text:
            if let text = statement.borrowedText(at: column) { return .text(text) }
            onWarning(Warning("\(context()): text is not valid UTF-8; written as its bytes"))
            return .bytes(statement.rawBytes(at: column))
        }
    }

    private func mismatch(_ value: RowValue, _ type: AttributeType, _ context: String) -> RowValue {
        onWarning(
            Warning(
                "\(context): stored value does not fit type \(type.rawValue); written as stored (\(Self.kind(of: value)))"
            ))
        return value
    }

    private static func kind(of value: RowValue) -> String {
        switch value {
        case .text: return "text"
        case .bytes: return "bytes"
        case .other(let owned): return kind(of: owned)
        default: return kind(of: value.value)
        }
    }

    private static func kind(of value: Value) -> String {
        switch value {
        case .null: return "null"
        case .integer: return "integer"
        case .double: return "floating-point number"
        case .decimal: return "decimal"
        case .string, .uri: return "text"
        case .boolean: return "boolean"
        case .date: return "date"
        case .binary, .binaryFile: return "bytes"
        case .uuid: return "UUID"
        case .array: return "array"
        case .map: return "map"
        }
    }
}
