/// The word rules behind the names the plain SQLite source gives relationships, and behind the
/// guesses of `--infer-relations` and the ownership rule. ASCII-oriented English rules, nothing more:
/// they are meant to be predictable, not clever.
enum RelationNaming {
    /// The column name without a trailing id marker: `_id`, `-id` or ` id` in any case
    /// (`album_id` → `album`), or `Id`/`ID` after a lowercase letter or a digit (`AlbumId` → `Album`,
    /// `trackID` → `track`); a column named just `id` gives the empty string. `nil` when the name
    /// has no such marker (`ReportsTo`, `paid`, `UUID`).
    static func strippingIDSuffix(_ column: String) -> String? {
        let characters = Array(column)
        if SQLName.folded(column) == "id" { return "" }
        guard characters.count >= 3 else { return nil }
        let last = characters.suffix(2)
        guard SQLName.folded(String(last)) == "id" else { return nil }
        let before = characters[characters.count - 3]
        if before == "_" || before == "-" || before == " " {
            return String(characters.prefix(characters.count - 3))
        }
        if last.first == "I", before.isLowercase || before.isNumber {
            return String(characters.prefix(characters.count - 2))
        }
        return nil
    }

    /// Lower camel case (`support_rep` → `supportRep`, `SupportRep` → `supportRep`,
    /// `URLString` → `urlString`, `SUPPORT_REP` → `supportRep`): words are split at every character
    /// that is not a letter or a digit; the first word is lowercased up to its last leading capital
    /// before a lowercase letter; later words get an uppercase first letter; an all-capitals word
    /// of two or more letters is treated as a plain word.
    static func lowerCamelCase(_ text: String) -> String {
        let words = text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        var result = ""
        for (index, word) in words.enumerated() {
            let isAllCapitals = word.count > 1 && word.allSatisfy { !$0.isLowercase }
            let plain = isAllCapitals ? word.lowercased() : word
            result += index == 0 ? lowerFirstWord(plain) : upperFirst(plain)
        }
        return result
    }

    /// The word with its first character uppercased.
    static func upperFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// An English plural of a lower-camel-case name, by its ending: `-ss`, `-x`, `-z`, `-ch`, `-sh`
    /// take `es` (`address` → `addresses`); a consonant before `y` becomes `ies` (`category` →
    /// `categories`); another `-s` is taken as plural already (`tracks` → `tracks`); anything else
    /// takes `s` (`invoiceLine` → `invoiceLines`).
    static func plural(_ name: String) -> String {
        let lower = name.lowercased()
        if lower.hasSuffix("ss") || lower.hasSuffix("x") || lower.hasSuffix("z") || lower.hasSuffix("ch")
            || lower.hasSuffix("sh")
        {
            return name + "es"
        }
        if lower.hasSuffix("s") { return name }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return name.dropLast() + "ies"
        }
        return name + "s"
    }

    /// The name reduced to lowercase letters and digits, for comparing names written in different
    /// styles (`Invoice_Line`, `invoiceLine`).
    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// A normalized name's singular, undoing ``plural(_:)`` and the common plurals: `ies` → `y`,
    /// `sses`/`xes`/`zes`/`ches`/`shes`/`uses` lose `es`; `ss` and `us` stay; another final `s` goes.
    static func singular(_ normalized: String) -> String {
        if normalized.hasSuffix("ies"), normalized.count > 3 { return normalized.dropLast(3) + "y" }
        for ending in ["sses", "xes", "zes", "ches", "shes", "uses"] where normalized.hasSuffix(ending) {
            return String(normalized.dropLast(2))
        }
        if normalized.hasSuffix("ss") || normalized.hasSuffix("us") { return normalized }
        if normalized.hasSuffix("s"), normalized.count > 1 { return String(normalized.dropLast()) }
        return normalized
    }

    /// Whether two names name the same thing, ignoring style and number: `artist`/`Artists`,
    /// `InvoiceLine`/`invoice_lines`, `category`/`Categories`.
    static func sameNoun(_ first: String, _ second: String) -> Bool {
        let a = normalized(first)
        let b = normalized(second)
        return !a.isEmpty && (a == b || singular(a) == singular(b))
    }

    private static func lowerFirstWord(_ word: String) -> String {
        let characters = Array(word)
        var capitals = 0
        while capitals < characters.count, characters[capitals].isUppercase { capitals += 1 }
        if capitals > 1, capitals < characters.count { capitals -= 1 }
        return characters.prefix(capitals).map { $0.lowercased() }.joined() + String(characters.dropFirst(capitals))
    }
}
