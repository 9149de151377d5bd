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

    /// Comma-separated quoted identifiers.
    package static func identifiers(_ names: [String]) -> String {
        names.map(identifier).joined(separator: ", ")
    }
}
