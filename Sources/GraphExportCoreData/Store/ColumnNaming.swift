/// Core Data's naming of columns and join tables, read backwards: what an inferred model calls
/// what it finds in a store (`docs/COREDATA.md`, "No model anywhere").
///
/// Core Data names a property's column `Z` + the property name uppercased, and a property name
/// starts with a letter; so a name is the column without its `Z`, lowercased (`ZFIRSTNAME` →
/// `firstname`), and names that would not uppercase back to the column are not used. Every
/// other column Core Data writes starts with `Z_` (`Z_PK`, `Z_ENT`, `Z_OPT`, `Z_FOK_…`) or with
/// `Z` and a digit.
enum ColumnNaming {
    /// What a column of an entity table is, by its name alone.
    enum Role: Equatable {
        /// Core Data's own: `Z_PK`, `Z_ENT`, `Z_OPT`, a `Z_FOK_` order column.
        case bookkeeping
        /// `Z<n>_<NAME>`: the `Z_ENT` of the destination of the to-one column `Z<NAME>`, `n` being
        /// the number of the relationship's destination entity.
        case destinationEntity(number: Int64, column: String)
        /// `Z<n><NAME>`: the hidden key column of entity `n`'s to-many relationship `name`
        /// (lowercased) without an inverse.
        case hiddenToMany(number: Int64, name: String)
        /// `Z<NAME>`: an attribute or a to-one relationship with this name.
        case property(name: String)
        /// A column Core Data does not write (no `Z`, or letters that do not uppercase back).
        case unnamed
    }

    /// The role of the column named `column`.
    static func role(of column: String) -> Role {
        guard column.hasPrefix("Z") else { return .unnamed }
        let rest = column.dropFirst()
        if rest.hasPrefix("_") { return .bookkeeping }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty {
            guard let number = Int64(digits) else { return .unnamed }
            let tail = rest.dropFirst(digits.count)
            if tail.hasPrefix("_"), tail.count > 1 {
                return .destinationEntity(number: number, column: "Z" + tail.dropFirst())
            }
            guard let first = tail.first, first.isLetter, tail.lowercased().uppercased() == tail else {
                return .unnamed
            }
            return .hiddenToMany(number: number, name: tail.lowercased())
        }
        guard let first = rest.first, first.isLetter else { return .unnamed }
        let name = rest.lowercased()
        return name.uppercased() == rest ? .property(name: name) : .unnamed
    }

    /// A join-table column `Z_<n><NAME>`: the rows of entity `n`, reached through the relationship
    /// `name` (lowercased) of the entity of the table's other column; `nil` for another name.
    static func joinColumn(_ column: String) -> (number: Int64, name: String)? {
        guard column.hasPrefix("Z_") else { return nil }
        let rest = column.dropFirst(2)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int64(digits) else { return nil }
        let tail = rest.dropFirst(digits.count)
        guard let first = tail.first, first.isLetter else { return nil }
        let name = tail.lowercased()
        return name.uppercased() == tail ? (number, name) : nil
    }

    /// Whether a to-one named `name` (lowercased, as ``role(of:)`` gives it) is named after
    /// `entity`: the entity's name, or that name without a class prefix of two or more capitals
    /// (`RKT` of `RKTUser`) or without a trailing `Obj`, `Object`, `Entity` or `MO`
    /// (`LegislatorObj`), compared lowercased.
    static func name(_ name: String, isNamedAfter entity: String) -> Bool {
        stems(of: entity).contains(name)
    }

    /// The words of `entity` (`Additional`, `Asset`, `Attributes` of `AdditionalAssetAttributes`),
    /// lowercased, of at least ``shortestWord`` letters, that the name `name` (lowercased, as
    /// ``role(of:)`` gives it) contains, in the entity's order; none unless it contains the last
    /// word, the noun the others qualify. Words start at a capital that follows a lowercase letter
    /// or a digit, or at the last capital of a run followed by a lowercase letter (`IC`, `Account`,
    /// `Data` of `ICAccountData`).
    ///
    /// The entity whose words hold the most letters of a name is the one it is named after:
    /// `personbeingkeyface` holds `person` of `Person` (6 letters) and `face` of `DetectedFace`
    /// (4), and a to-one of Photos so named points at a `Person`; `additionalattributes` holds 20
    /// letters of `AdditionalAssetAttributes` and 10 of `ExtendedAttributes`. `district` holds
    /// none of `DistrictMapObj`, whose noun is `Obj`.
    static func words(of entity: String, in name: String) -> [String] {
        let words = words(of: entity).map { $0.lowercased() }.filter { $0.count >= shortestWord }
        guard let noun = words.last, noun == entity.suffix(noun.count).lowercased(), name.contains(noun) else {
            return []
        }
        return words.filter { name.contains($0) }
    }

    /// The fewest letters a word counted by ``words(of:in:)`` has.
    static let shortestWord = 3

    /// `entity` cut into its words (see ``words(of:in:)``).
    private static func words(of entity: String) -> [String] {
        let characters = Array(entity)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord =
                character.isUppercase
                && (previous.map { $0.isLowercase || $0.isNumber } == true
                    || (previous?.isUppercase == true && next?.isLowercase == true))
            if startsWord, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `name` without the digits Core Data appends to the columns of same-named properties of
    /// sibling entities (`account2` → `account`).
    static func unsuffixed(_ name: String) -> String {
        let digits = name.reversed().prefix { $0.isASCII && $0.isNumber }.count
        return digits > 0 && digits < name.count ? String(name.dropLast(digits)) : name
    }

    /// The lowercased forms of an entity name a to-one may be named after.
    private static func stems(of entity: String) -> Set<String> {
        var stems: Set<String> = [entity]
        let capitals = entity.prefix { $0.isASCII && $0.isUppercase }
        if capitals.count >= 3, capitals.count < entity.count {
            stems.insert(String(entity.dropFirst(capitals.count - 1)))
        }
        for stem in stems {
            for suffix in ["Object", "Entity", "Obj", "MO"] where stem.hasSuffix(suffix) && stem.count > suffix.count {
                stems.insert(String(stem.dropLast(suffix.count)))
            }
        }
        return Set(stems.map { $0.lowercased() })
    }
}
