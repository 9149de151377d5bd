/// The YAML 1.2 core schema's resolution of plain scalars (YAML 1.2.2, §10.3.2).
///
/// An instance holds its compiled expressions: a regex literal compiles anew each time it is
/// evaluated.
public struct YAMLCoreSchema {
    private let null = /null|Null|NULL|~|/
    private let yes = /true|True|TRUE/
    private let no = /false|False|FALSE/
    private let decimal = /[-+]?[0-9]+/
    private let octal = /0o[0-7]+/
    private let hexadecimal = /0x[0-9a-fA-F]+/
    private let float = /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/
    private let infinity = /[-+]?\.(inf|Inf|INF)/
    private let nan = /\.(nan|NaN|NAN)/

    /// The resolver.
    public init() {}

    /// What plain `text` resolves to; a string when it is nothing else.
    public func resolve(_ text: String) -> DataNode {
        if text.wholeMatch(of: null) != nil { return .null }
        if text.wholeMatch(of: yes) != nil { return .boolean(true) }
        if text.wholeMatch(of: no) != nil { return .boolean(false) }
        if text.wholeMatch(of: decimal) != nil, let value = Int64(text) { return .integer(value) }
        if text.wholeMatch(of: octal) != nil, let value = Int64(text.dropFirst(2), radix: 8) { return .integer(value) }
        if text.wholeMatch(of: hexadecimal) != nil, let value = Int64(text.dropFirst(2), radix: 16) {
            return .integer(value)
        }
        if text.wholeMatch(of: float) != nil, let value = Double(text) { return .float(value) }
        if text.wholeMatch(of: infinity) != nil { return .float(text.hasPrefix("-") ? -.infinity : .infinity) }
        if text.wholeMatch(of: nan) != nil { return .float(.nan) }
        return .string(text)
    }

    /// Whether a YAML 1.2 core-schema reader would read plain `text` as something but a string.
    public func isNonString(_ text: String) -> Bool {
        if case .string = resolve(text) { return false }
        return true
    }
}
