import GraphExport
import GraphExportJSONText
import GraphExportRelational

/// The text of one value in a script, by dialect (docs/RELATIONAL.md, *Columns and types*):
/// PostgreSQL's `COPY` text format (`\N` for null, `\` escapes, `\\x` hex for bytes), or an SQLite
/// literal (`NULL`, `'text'`, `X'hex'`). Returns what it could not write as it is, for a warning.
enum SQLValueText {
    /// What a value became instead of itself.
    enum Issue: Hashable {
        case nanAsNull
        case dateAsNumber
        case dateAsNull
        case nulCharactersRemoved
        case mismatchAsNull(String)
        case jsonStrings

        /// The warning's text, after `Entity.attribute: `.
        var text: String {
            switch self {
            case .nanAsNull: "NaN written as NULL (SQLite stores no NaN)"
            case .dateAsNumber: "dates with no ISO 8601 form written as seconds since 2001-01-01T00:00:00Z"
            case .dateAsNull: "dates outside timestamptz's years (4653 BC to AD 293534) written as NULL"
            case .nulCharactersRemoved: "U+0000 characters left out (PostgreSQL text cannot hold them)"
            case .mismatchAsNull(let type): "values that a \(type) column cannot hold written as NULL"
            case .jsonStrings: "values JSON cannot hold written as JSON strings"
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The dates, in seconds since 2001, that PostgreSQL's `timestamptz` holds (4713 BC to AD
    /// 294276), kept a little inside: about 4653 BC to AD 293534.
    static let timestamptzRange = -2.1e11...9.2e12

    // MARK: PostgreSQL COPY text

    /// Appends `value` for a column of `type` as `COPY` text.
    static func appendCopy(_ value: RowValue, type: ColumnType, to output: inout [UInt8]) -> Issue? {
        if case .attribute(.transformable) = type { return appendCopyJSON(value, to: &output) }
        switch value {
        case .null:
            output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
            return nil
        case .integer(let integer):
            switch type {
            case .attribute(.integer16) where !(Int64(Int16.min)...Int64(Int16.max)).contains(integer),
                .attribute(.integer32) where !(Int64(Int32.min)...Int64(Int32.max)).contains(integer):
                return copyNull(&output, .mismatchAsNull(type.name(in: .postgresql)))
            case .attribute(.boolean) where integer == 0 || integer == 1:
                output.append(integer == 1 ? UInt8(ascii: "t") : UInt8(ascii: "f"))
                return nil
            case .attribute(.binary), .attribute(.uuid), .attribute(.date), .attribute(.boolean):
                return copyNull(&output, .mismatchAsNull(type.name(in: .postgresql)))
            default:
                JSONText.appendInteger(integer, to: &output)
                return nil
            }
        case .double(let double):
            switch type {
            case .attribute(.double), .attribute(.float), .attribute(.decimal), .attribute(.string), .attribute(.uri):
                if double.isFinite || type != .attribute(.decimal) {
                    _ = JSONText.appendNumber(double, to: &output)
                    return nil
                }
                return copyNull(&output, .mismatchAsNull("numeric"))
            default:
                return copyNull(&output, .mismatchAsNull(type.name(in: .postgresql)))
            }
        case .boolean(let boolean):
            switch type {
            case .attribute(.boolean):
                output.append(boolean ? UInt8(ascii: "t") : UInt8(ascii: "f"))
            case .attribute(.integer16), .attribute(.integer32), .attribute(.integer64), .attribute(.decimal):
                output.append(boolean ? UInt8(ascii: "1") : UInt8(ascii: "0"))
            case .attribute(.string), .attribute(.uri):
                output.append(contentsOf: (boolean ? "true" : "false").utf8)
            default:
                return copyNull(&output, .mismatchAsNull(type.name(in: .postgresql)))
            }
            return nil
        case .date(let date):
            switch type {
            case .attribute(.date):
                guard timestamptzRange.contains(date.secondsSinceReferenceDate) else {
                    return copyNull(&output, .dateAsNull)
                }
                return date.appendISO8601(to: &output) ? nil : copyNull(&output, .dateAsNull)
            case .attribute(.string), .attribute(.uri):
                return date.appendISO8601(to: &output) ? nil : copyNull(&output, .dateAsNull)
            default:
                return copyNull(&output, .mismatchAsNull(type.name(in: .postgresql)))
            }
        case .text(let bytes):
            return appendCopyText(bytes, type: type, to: &output)
        case .bytes(let bytes):
            return appendCopyBytes(bytes, type: type, to: &output)
        case .other(let other):
            switch other {
            case .decimal(let text), .string(let text), .uri(let text):
                var text = text
                return text.withUTF8 { appendCopyText(UnsafeRawBufferPointer($0), type: type, to: &output) }
            case .uuid(let uuid):
                guard [.attribute(.uuid), .attribute(.string), .attribute(.uri)].contains(type) else {
                    return copyNull(&output, .mismatchAsNull(type.name(in: .postgresql)))
                }
                output.append(contentsOf: uuid.description.utf8)
                return nil
            case .binary(let bytes):
                return bytes.withUnsafeBytes { appendCopyBytes($0, type: type, to: &output) }
            case .binaryFile(let file):
                guard let bytes = try? file.readAll() else { return copyNull(&output, .mismatchAsNull("bytea")) }
                return bytes.withUnsafeBytes { appendCopyBytes($0, type: type, to: &output) }
            case .array, .map:
                return appendCopyJSON(value, to: &output)
            case .null, .integer, .double, .boolean, .date:
                return appendCopy(RowValue(other), type: type, to: &output)
            }
        }
    }

    private static func copyNull(_ output: inout [UInt8], _ issue: Issue) -> Issue {
        output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
        return issue
    }

    /// Text: as it is for a text, numeric, date or JSON column (the server checks its form), its
    /// UTF-8 bytes for a `bytea` one.
    private static func appendCopyText(_ bytes: UnsafeRawBufferPointer, type: ColumnType, to output: inout [UInt8])
        -> Issue?
    {
        switch type {
        case .attribute(.binary):
            return appendCopyBytes(bytes, type: type, to: &output)
        case .attribute(.uuid) where bytes.count != 36:
            return copyNull(&output, .mismatchAsNull("uuid"))
        case .attribute(.integer16), .attribute(.integer32), .attribute(.integer64), .attribute(.boolean),
            .attribute(.double), .attribute(.float), .attribute(.decimal):
            return copyNull(&output, .mismatchAsNull(type.name(in: .postgresql)))
        default:
            return appendCopyEscaped(bytes, to: &output)
        }
    }

    /// Bytes as `\\x` and hex digits; in a text column, their base64.
    private static func appendCopyBytes(_ bytes: UnsafeRawBufferPointer, type: ColumnType, to output: inout [UInt8])
        -> Issue?
    {
        switch type {
        case .attribute(.binary):
            output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "x")])
            appendHex(bytes, to: &output)
            return nil
        case .attribute(.string), .attribute(.uri):
            Base64.encode(bytes, into: &output)
            return nil
        default:
            return copyNull(&output, .mismatchAsNull(type.name(in: .postgresql)))
        }
    }

    /// A value's JSON text, escaped for `COPY`.
    private static func appendCopyJSON(_ value: RowValue, to output: inout [UInt8]) -> Issue? {
        if case .null = value {
            output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
            return nil
        }
        var json: [UInt8] = []
        let issue = appendJSON(value, to: &json)
        let escaped = json.withUnsafeBytes { appendCopyEscaped($0, to: &output) }
        return issue ?? escaped
    }

    /// UTF-8 text with `\`, tab, line feed and carriage return escaped; U+0000 left out.
    private static func appendCopyEscaped(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) -> Issue? {
        var issue: Issue?
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "\t"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case UInt8(ascii: "\n"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0: issue = .nulCharactersRemoved
            default: output.append(byte)
            }
        }
        return issue
    }

    // MARK: SQLite literals

    /// Appends `value` for a column of `type` as an SQLite literal.
    static func appendLiteral(_ value: RowValue, type: ColumnType, to output: inout [UInt8]) -> Issue? {
        if case .attribute(.transformable) = type, !isNull(value) {
            var json: [UInt8] = []
            let issue = appendJSON(value, to: &json)
            json.withUnsafeBytes { appendQuoted($0, to: &output) }
            return issue
        }
        switch value {
        case .null:
            output.append(contentsOf: "NULL".utf8)
        case .integer(let integer):
            JSONText.appendInteger(integer, to: &output)
        case .double(let double):
            if double.isNaN {
                output.append(contentsOf: "NULL".utf8)
                return .nanAsNull
            }
            if double.isInfinite {
                output.append(contentsOf: (double < 0 ? "-9e999" : "9e999").utf8)
            } else {
                _ = JSONText.appendNumber(double, to: &output)
            }
        case .boolean(let boolean):
            output.append(boolean ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        case .date(let date):
            var text: [UInt8] = []
            guard date.appendISO8601(to: &text) else {
                _ = JSONText.appendNumber(date.secondsSinceReferenceDate, to: &output)
                return .dateAsNumber
            }
            text.withUnsafeBytes { appendQuoted($0, to: &output) }
        case .text(let bytes):
            appendQuoted(bytes, to: &output)
        case .bytes(let bytes):
            appendBlob(bytes, to: &output)
        case .other(let other):
            switch other {
            case .decimal(let text), .string(let text), .uri(let text):
                var text = text
                text.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0), to: &output) }
            case .uuid(let uuid):
                var text = uuid.description
                text.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0), to: &output) }
            case .binary(let bytes):
                bytes.withUnsafeBytes { appendBlob($0, to: &output) }
            case .binaryFile(let file):
                let bytes = (try? file.readAll()) ?? []
                bytes.withUnsafeBytes { appendBlob($0, to: &output) }
            case .array, .map:
                var json: [UInt8] = []
                let issue = appendJSON(value, to: &json)
                json.withUnsafeBytes { appendQuoted($0, to: &output) }
                return issue
            case .null, .integer, .double, .boolean, .date:
                return appendLiteral(RowValue(other), type: type, to: &output)
            }
        }
        return nil
    }

    /// `'text'` with `'` doubled; text holding U+0000, which a script cannot carry, as
    /// `CAST(X'…' AS TEXT)`.
    static func appendQuoted(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        if bytes.contains(0) {
            output.append(contentsOf: "CAST(".utf8)
            appendBlob(bytes, to: &output)
            output.append(contentsOf: " AS TEXT)".utf8)
            return
        }
        output.append(UInt8(ascii: "'"))
        for byte in bytes {
            output.append(byte)
            if byte == UInt8(ascii: "'") { output.append(byte) }
        }
        output.append(UInt8(ascii: "'"))
    }

    private static func appendBlob(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        output.append(contentsOf: "X'".utf8)
        appendHex(bytes, to: &output)
        output.append(UInt8(ascii: "'"))
    }

    // MARK: Shared

    private static func isNull(_ value: RowValue) -> Bool {
        if case .null = value { return true }
        return false
    }

    private static func appendHex(_ bytes: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        for byte in bytes {
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0xF)])
        }
    }

    /// The JSON text of a value, as the JSON format writes it (a file's bytes read whole).
    private static func appendJSON(_ value: RowValue, to output: inout [UInt8]) -> Issue? {
        if case .other(.binaryFile(let file)) = value {
            JSONText.appendValue(.binary((try? file.readAll()) ?? []), to: &output)
            return nil
        }
        var splices = FileSplices()
        return JSONText.appendValue(value, to: &output, splicing: &splices) == nil ? nil : .jsonStrings
    }
}
