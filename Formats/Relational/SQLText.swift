/// The text of SQL names and literals, one rule each.
package enum SQLText {
    /// `name` as a quoted identifier: `"name"`, with each `"` doubled.
    package static func identifier(_ name: String) -> String {
        "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// `text` as a string literal: `'text'`, with each `'` doubled.
    package static func literal(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }

    /// `text` as a line comment, `-- text`, that ends where the line does: each control character
    /// (a line break would end the comment, and what follows it would be SQL) written as `\u{a}`,
    /// its code point in hexadecimal.
    package static func comment(_ text: String) -> String {
        var line = "-- "
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                line += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        return line
    }

    /// Comma-separated quoted identifiers.
    package static func identifiers(_ names: [String]) -> String {
        names.map(identifier).joined(separator: ", ")
    }
}
