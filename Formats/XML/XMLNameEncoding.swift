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
