import GraphExport

/// The character classes of XML 1.0 (Fifth Edition) and Namespaces in XML 1.0 that the XML,
/// property list and GraphML writers check themselves, because libxml2's text writer checks none
/// of them.
package enum XMLCharacters {
    /// The first character in `text` that the `Char` production (§2.2) excludes, or `nil` when
    /// XML 1.0 can hold all of `text`.
    ///
    /// `Char` is `#x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]`. A Swift
    /// string holds no surrogates, so what remains to find is U+0000–U+001F other than tab, line
    /// feed and carriage return, and U+FFFE and U+FFFF (UTF-8 `EF BF BE`, `EF BF BF`).
    package static func firstNonCharacter(in text: String) -> Unicode.Scalar? {
        var text = text
        return text.withUTF8 { firstNonCharacter(inUTF8: UnsafeRawBufferPointer($0)) }
    }

    /// The first character that the `Char` production excludes in valid UTF-8 `bytes`, or `nil`
    /// when XML 1.0 can hold all of them: the same check as ``firstNonCharacter(in:)``, for text
    /// borrowed from a source (which may hold U+0000, and need not be NUL-terminated).
    package static func firstNonCharacter(inUTF8 bytes: UnsafeRawBufferPointer) -> Unicode.Scalar? {
        let bytes = bytes.assumingMemoryBound(to: UInt8.self)
        var index = 0
        while true {
            index = ByteWord.skipOrdinaryWords(in: bytes, from: index, where: holdsOnlyCharacters)
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return Unicode.Scalar(byte) }
            if byte == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] & 0xFE == 0xBE {
                // EF BF BE is U+FFFE, EF BF BF U+FFFF.
                return bytes[index + 2] == 0xBE ? "\u{FFFE}" : "\u{FFFF}"
            }
            index += 1
        }
    }

    /// Whether none of the 8 bytes of `word` is below 0x20 or 0xEF, the bytes
    /// ``firstNonCharacter(in:)`` looks at one by one.
    @inline(__always)
    private static func holdsOnlyCharacters(_ word: ByteWord) -> Bool {
        !(word.containsByte(below: 0x20) || word.contains(0xEF))
    }

    /// Whether `scalar` may start an NCName: a `NameStartChar` (§2.3) other than the colon.
    package static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x5F, 0x61...0x7A: return true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D: return true
        case 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD: return true
        case 0x10000...0xEFFFF: return true
        default: return false
        }
    }

    /// Whether `scalar` may continue an NCName: a `NameChar` (§2.3) other than the colon.
    package static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return isNameStart(scalar)
        }
    }

    /// `U+0001`: how warnings and errors name a character.
    package static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
