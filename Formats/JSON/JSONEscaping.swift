/// The byte sequences JSON text is made of, computed once.
enum JSONBytes {
    static let null = Array("null".utf8)
    static let `true` = Array("true".utf8)
    static let `false` = Array("false".utf8)
    static let nan = Array(#""NaN""#.utf8)
    static let infinity = Array(#""Infinity""#.utf8)
    static let negativeInfinity = Array(#""-Infinity""#.utf8)

    static let escapedQuote = Array(#"\""#.utf8)
    static let escapedBackslash = Array(#"\\"#.utf8)
    static let escapedDelete = Array(#"\u007f"#.utf8)
    static let escapedLineSeparator = Array(#"\u2028"#.utf8)
    static let escapedParagraphSeparator = Array(#"\u2029"#.utf8)

    /// The escape of each control character U+0000–U+001F: the short form where JSON has one,
    /// `\u00XX` otherwise.
    static let escapedControls: [[UInt8]] = (0..<0x20).map { code in
        switch code {
        case 0x08: return Array(#"\b"#.utf8)
        case 0x09: return Array(#"\t"#.utf8)
        case 0x0A: return Array(#"\n"#.utf8)
        case 0x0C: return Array(#"\f"#.utf8)
        case 0x0D: return Array(#"\r"#.utf8)
        default:
            let hex = Array("0123456789abcdef".utf8)
            return Array(#"\u00"#.utf8) + [hex[code >> 4], hex[code & 0xF]]
        }
    }
}

extension [UInt8] {
    /// Appends `text` as a JSON string, quotes included.
    ///
    /// Escapes what RFC 8259 requires (`"`, `\`, U+0000–U+001F), and U+007F, U+2028 and U+2029
    /// so that the output is also safe to embed in JavaScript; every other byte is copied as is.
    mutating func appendJSONString(_ text: String) {
        append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { appendJSONEscaped($0) }
        append(UInt8(ascii: "\""))
    }

    /// Appends valid UTF-8 `bytes` with JSON string escapes, copying runs that need none in one go.
    private mutating func appendJSONEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // 0xE2 leads U+2028 and U+2029 (E2 80 A8, E2 80 A9) as well as other characters.
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2 else {
                index += 1
                continue
            }
            var length = 1
            let escape: [UInt8]
            switch byte {
            case 0x22: escape = JSONBytes.escapedQuote
            case 0x5C: escape = JSONBytes.escapedBackslash
            case 0x7F: escape = JSONBytes.escapedDelete
            case 0xE2:
                guard index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 else {
                    index += 1
                    continue
                }
                escape =
                    bytes[index + 2] == 0xA8 ? JSONBytes.escapedLineSeparator : JSONBytes.escapedParagraphSeparator
                length = 3
            default: escape = JSONBytes.escapedControls[Int(byte)]
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            append(contentsOf: escape)
            index += length
            runStart = index
        }
        append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}
