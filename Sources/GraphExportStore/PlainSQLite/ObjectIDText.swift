/// The text of plain-database object identifiers: `<Table>/<key>` (the rules are spelled out on
/// ``SQLiteDatabaseSource``).
enum ObjectIDText {
    /// One primary-key value by its storage class; `nil` for NULL.
    static func component(_ statement: SQLiteStatement, at column: Int32) -> String? {
        switch statement.storage(at: column) {
        case .null: return nil
        case .integer: return String(statement.int64(at: column))
        case .real: return "~" + String(statement.double(at: column))
        case .blob: return "$" + statement.bytes(at: column).map(hex).joined()
        case .text: return text(statement.bytes(at: column))
        }
    }

    /// A TEXT key value: escaped, and marked with `'` when it would otherwise read as another kind
    /// of value (empty, digits with an optional leading `-`, or starting with `'`, `~`, `$`, `#`).
    static func text(_ bytes: [UInt8]) -> String {
        let escaped = escaped(bytes)
        guard let first = escaped.first else { return "'" }
        let digits = escaped.hasPrefix("-") ? escaped.dropFirst() : Substring(escaped)
        let readsAsInteger = !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
        return readsAsInteger || "'~$#".contains(first) ? "'" + escaped : escaped
    }

    /// The bytes as text with `%`, `/`, `,`, C0 controls, DEL, U+FFFE and U+FFFF percent-escaped
    /// (`%2F`); text that is not valid UTF-8 has every byte from 0x80 up escaped as well, so the
    /// bytes can always be recovered.
    static func escaped(_ bytes: [UInt8]) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return bytes.map { $0 >= 0x80 || mustEscape($0) ? "%" + hex($0).uppercased() : String(UnicodeScalar($0)) }
                .joined()
        }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 ? mustEscape(UInt8(scalar.value)) : scalar.value == 0xFFFE || scalar.value == 0xFFFF
            {
                result += String(scalar).utf8.map { "%" + hex($0).uppercased() }.joined()
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func mustEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: ",")
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
