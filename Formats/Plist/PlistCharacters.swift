/// The characters XML 1.0 (Fifth Edition) can hold, which the writer checks itself because
/// libxml2's text writer checks none of them.
enum PlistCharacters {
    /// The first character in `text` that the `Char` production (§2.2) excludes, or `nil` when
    /// XML 1.0 can hold all of `text`.
    ///
    /// `Char` is `#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`. A Swift
    /// string holds no surrogates, so what remains to find is U+0000–U+001F other than tab, line
    /// feed and carriage return, and U+FFFE and U+FFFF (UTF-8 `EF BF BE`, `EF BF BF`).
    static func firstNonCharacter(in text: String) -> Unicode.Scalar? {
        var text = text
        let offset = text.withUTF8 { bytes -> Int? in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return index }
                if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] & 0xFE == 0xBE {
                    return index
                }
                index += 1
            }
            return nil
        }
        guard let offset else { return nil }
        let utf8 = text.utf8
        return text.unicodeScalars[utf8.index(utf8.startIndex, offsetBy: offset)]
    }

    /// `U+0001`: how warnings and errors name a character.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
