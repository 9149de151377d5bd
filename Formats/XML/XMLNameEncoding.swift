import GraphExportLibXML

/// Turns any entity, attribute or relationship name into an XML NCName, reversibly, by the
/// `XmlConvert.EncodeName` convention.
///
/// A name that is already an NCName (and not `xmlns`) is kept as it is, unless it holds `_x`.
/// Otherwise each character that cannot stand where it is (any character that is not a
/// `NameChar`, a first character that is not a `NameStartChar`, the colon) is written `_xHHHH_`:
/// its Unicode scalar value in uppercase hexadecimal, at least four digits (`_x0020_`,
/// `_x1F600_`). So that decoding is unambiguous, the underscore of every literal `_x` is written
/// `_x005F_` (`_x005F_x0041_` is the name `_x0041_`); the name `xmlns`, which would declare a
/// namespace as an attribute, is written `_x0078_mlns`; and the empty name is written `_x_`.
///
/// Decoding reads `_x`, four to six hexadecimal digits and `_` as one character, and every other
/// character as itself; `_x_` alone is the empty name.
package enum XMLNameEncoding {
    /// The NCName that stands for `name` in the document.
    package static func encode(_ name: String) -> String {
        if name.isEmpty { return "_x_" }
        let scalars = Array(name.unicodeScalars)
        var needsEncoding = name == "xmlns"
        for index in scalars.indices where !needsEncoding {
            needsEncoding = !fits(scalars, at: index)
        }
        guard needsEncoding else { return name }
        var encoded = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if fits(scalars, at: index) && !(index == 0 && name == "xmlns") {
                encoded.append(scalar)
            } else {
                encoded.append(contentsOf: escape(scalar).unicodeScalars)
            }
        }
        return String(encoded)
    }

    /// Whether `name` is plain ASCII that ``encode(_:)`` keeps as it is: a letter or `_` first,
    /// then letters, digits, `_`, `-` and `.`, no `_x`, not `xmlns`. A quick test that spares
    /// the usual model name a dictionary lookup; `false` says nothing (ask ``encode(_:)``).
    static func isKeptASCII(_ name: String) -> Bool {
        let kept =
            name.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                // Of the name characters, only letters and `_` are at or above "A" (digits, `-`
                // and `.` may not start an NCName).
                guard let first = bytes.first, isASCIINameCharacter(first), first >= UInt8(ascii: "A") else {
                    return false
                }
                var previous: UInt8 = 0
                for byte in bytes {
                    guard isASCIINameCharacter(byte), !(previous == UInt8(ascii: "_") && byte == UInt8(ascii: "x"))
                    else { return false }
                    previous = byte
                }
                return true
            } ?? false
        return kept && name != "xmlns"
    }

    /// Whether `byte` is an ASCII letter, digit, `_`, `-` or `.`, by two 64-bit masks (bit `n`
    /// of the first is byte `n`, of the second byte `64 + n`).
    @inline(__always)
    private static func isASCIINameCharacter(_ byte: UInt8) -> Bool {
        let low: UInt64 = 1 << 0x2D | 1 << 0x2E | 0x3FF << 0x30
        let high: UInt64 = 0x3FF_FFFF << 1 | 1 << 31 | 0x3FF_FFFF << 33
        switch byte {
        case 0..<64: return low >> UInt64(byte) & 1 != 0
        case 64..<128: return high >> UInt64(byte - 64) & 1 != 0
        default: return false
        }
    }

    /// Whether the character at `index` may be written as itself.
    private static func fits(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let scalar = scalars[index]
        if scalar == "_", index + 1 < scalars.count, scalars[index + 1] == "x" { return false }
        return index == 0 ? XMLCharacters.isNameStart(scalar) : XMLCharacters.isNameCharacter(scalar)
    }

    /// `_xHHHH_` for `scalar`.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "_x" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "_"
    }
}
