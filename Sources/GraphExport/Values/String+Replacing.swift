extension String {
    /// The string with each character for which `replacement` gives text replaced by that text,
    /// every other character kept (no Foundation): the escaping of a quoted string, say.
    package func replacingCharacters(_ replacement: (Character) -> String?) -> String {
        var result = ""
        for character in self {
            if let text = replacement(character) { result += text } else { result.append(character) }
        }
        return result
    }

    /// The string with each Unicode scalar for which `replacement` gives text replaced by that
    /// text, every other scalar kept: for rules about scalars rather than characters (a control
    /// character, one a URI or XML 1.0 cannot hold), which a combining mark must not hide.
    package func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        for scalar in unicodeScalars {
            if let text = replacement(scalar) { result += text } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// The string with every `target` replaced by `replacement`.
    package func replacingAll(_ target: Character, with replacement: String) -> String {
        replacingCharacters { $0 == target ? replacement : nil }
    }
}
