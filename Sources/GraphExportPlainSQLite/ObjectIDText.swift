import GraphExport
import GraphExportSQLite

/// The text of plain-database object identifiers: `<Table>/<key>` (the rules are spelled out on
/// ``SQLiteDatabaseSource``).
enum ObjectIDText {
    /// The text of a primary key whose values are the result columns `columns` of the current row,
    /// in key order, joined by `,`; `nil` when one is NULL.
    static func key(_ row: some SQLiteColumns, columns: [Int32]) -> String? {
        var bytes: [UInt8] = []
        guard appendKey(row, columns: columns, to: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``key(_:columns:)``'s text appended to `bytes`; `false`, and `bytes` as they were, when a
    /// value is NULL. Text that needs neither escape nor mark is copied as it is.
    static func appendKey(_ row: some SQLiteColumns, columns: [Int32], to bytes: inout [UInt8]) -> Bool {
        let start = bytes.count
        for (index, column) in columns.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            let storage = row.storage(at: column)
            if storage == .integer {
                appendDigits(of: row.int64(at: column), to: &bytes)
            } else if storage == .text, isPlain(row.rawBytes(at: column)) {
                bytes += row.rawBytes(at: column)
            } else if let component = component(row, at: column) {
                bytes += component.utf8
            } else {
                bytes.removeSubrange(start...)
                return false
            }
        }
        return true
    }

    /// The decimal digits of `number`, after a `-` when it is negative (``IntegerDigits``),
    /// appended at once.
    private static func appendDigits(of number: Int64, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: IntegerDigits.maximumCount) { digits in
            let count = IntegerDigits.write(number, into: digits, at: 0)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
        }
    }

    /// Whether TEXT key bytes are their own identifier text: printable ASCII with nothing to escape,
    /// and nothing ``text(_:)`` would mark with `'`.
    private static func isPlain(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first, !"'~$#".utf8.contains(first) else { return false }
        var digits = 0
        for byte in bytes {
            guard byte >= 0x20, byte < 0x7F, !mustEscape(byte) else { return false }
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { digits += 1 }
        }
        let signed = first == UInt8(ascii: "-") ? 1 : 0
        return !(digits > 0 && digits + signed == bytes.count)
    }

    /// One primary-key value by its storage class; `nil` for NULL.
    static func component(_ statement: some SQLiteColumns, at column: Int32) -> String? {
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
