/// Names that must differ from each other in SQL: the tables, views and indexes of a database,
/// or the columns of one table. Hands out each name as docs/RELATIONAL.md, *Names*, says: unique
/// ignoring ASCII case, at most ``maximumLength`` bytes, never starting with `sqlite_`.
struct SQLNameSpace {
    /// PostgreSQL's longest name, in bytes (`NAMEDATALEN` − 1).
    static let maximumLength = 63

    /// The names taken so far, ASCII case folded.
    private var taken: Set<String> = []

    /// Takes `name` as it is (a name the mapping owns, such as `_pk`): the caller knows it is free.
    mutating func reserve(_ name: String) {
        taken.insert(Self.folded(name))
    }

    /// The name `wanted` gets: itself when free, else `<wanted>_2`, `_3`…, each cut to the length
    /// limit, and marked taken.
    mutating func claim(_ wanted: String) -> String {
        let base = wanted.lowercased().hasPrefix("sqlite_") ? "_" + wanted : wanted
        var candidate = Self.cut(base, to: Self.maximumLength)
        var number = 2
        while taken.contains(Self.folded(candidate)) {
            let suffix = "_\(number)"
            candidate = Self.cut(base, to: Self.maximumLength - suffix.utf8.count) + suffix
            number += 1
        }
        taken.insert(Self.folded(candidate))
        return candidate
    }

    /// `name` with ASCII letters in lower case, as SQLite compares names.
    static func folded(_ name: String) -> String {
        String(decoding: name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// The longest start of `name` of at most `length` UTF-8 bytes that ends at a character boundary.
    private static func cut(_ name: String, to length: Int) -> String {
        guard name.utf8.count > length else { return name }
        var result = ""
        var count = 0
        for character in name.unicodeScalars {
            let width = String(character).utf8.count
            guard count + width <= length else { break }
            result.unicodeScalars.append(character)
            count += width
        }
        return result
    }
}
