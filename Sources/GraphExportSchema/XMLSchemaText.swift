import GraphExport

/// An XML Schema document written element by element, indented by two spaces a level, every
/// element in the `xs` prefix of the XML Schema namespace.
struct XMLSchemaText {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var open: [String] = []

    /// Starts `xs:<name>` with `attributes` (in order), to be ended by ``end()``.
    mutating func start(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        line("<xs:\(name)\(Self.attributeText(attributes))>")
        open.append(name)
    }

    /// Writes an empty `xs:<name>` with `attributes`.
    mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        line("<xs:\(name)\(Self.attributeText(attributes))/>")
    }

    /// Writes `xs:<name>` holding only `content`, as text.
    mutating func textElement(_ name: String, _ content: String) {
        line("<xs:\(name)>\(Self.escaped(content, quotes: false))</xs:\(name)>")
    }

    /// Ends the innermost element ``start(_:_:)`` began.
    mutating func end() {
        let name = open.removeLast()
        line("</xs:\(name)>")
    }

    private mutating func line(_ content: String) {
        text += String(repeating: "  ", count: open.count) + content + "\n"
    }

    private static func attributeText(_ attributes: KeyValuePairs<String, String>) -> String {
        attributes.map { " \($0.key)=\"\(escaped($0.value, quotes: true))\"" }.joined()
    }

    /// `text` with `&`, `<` and `>` (and `"` in an attribute value) as character references, and
    /// each character XML 1.0 cannot hold (a control character other than tab, line feed and
    /// carriage return, U+FFFE, U+FFFF) as U+FFFD: the schema's own text (a store's path in its
    /// documentation) must not stop it from parsing.
    private static func escaped(_ text: String, quotes: Bool) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"" where quotes: "&quot;"
            case "\t", "\n", "\r": nil
            default: scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : nil
            }
        }
    }
}
