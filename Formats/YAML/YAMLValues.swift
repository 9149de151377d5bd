import GraphExport

extension YAMLScalar {
    /// The scalar for an attribute value (see ``YAMLGraphWriter`` for each kind), and whether the
    /// value is a date with no ISO 8601 form, written as seconds since 2001 instead.
    static func value(_ value: Value, in context: Context, literalBlocks: Bool) -> (
        scalar: YAMLScalar, isDateWithoutISO8601: Bool
    ) {
        switch value {
        case .null:
            return (.null, false)
        case .integer(let integer):
            return (YAMLScalar(text: String(integer), style: .plain), false)
        case .double(let double):
            return (YAMLScalar(text: floatText(double), style: .plain), false)
        case .decimal(let text):
            return (YAMLScalar(text: text, style: .doubleQuoted), false)
        case .string(let text), .uri(let text):
            return (YAMLScalar(string: text, in: context, literalBlocks: literalBlocks), false)
        case .boolean(let boolean):
            return (YAMLScalar(text: boolean ? "true" : "false", style: .plain), false)
        case .date(let timestamp):
            guard let text = timestamp.iso8601 else {
                return (YAMLScalar(text: floatText(timestamp.secondsSinceReferenceDate), style: .plain), true)
            }
            return (YAMLScalar(text: text, style: .doubleQuoted), false)
        case .binary(let bytes):
            let text = Base64.encode(bytes)
            return (YAMLScalar(text: text, style: text.isEmpty ? .doubleQuoted : .plain, isBinary: true), false)
        case .binaryFile(let file):
            return (YAMLScalar(binaryFile: file), false)
        case .uuid(let uuid):
            return (YAMLScalar(string: uuid.description, in: context), false)
        }
    }

    /// A double as a float of both YAML versions: the shortest text that reads back to the same
    /// bits, with `.0` before a bare exponent (`1.0e-05`, `5.0e-324`; YAML 1.1 and PyYAML need the
    /// dot), and `.nan`, `.inf`, `-.inf` for the values JSON has no number for.
    static func floatText(_ value: Double) -> String {
        if value.isNaN { return ".nan" }
        if value.isInfinite { return value < 0 ? "-.inf" : ".inf" }
        var text = value.description
        if let exponent = text.firstIndex(of: "e"), !text[..<exponent].contains(".") {
            text.insert(contentsOf: ".0", at: exponent)
        }
        return text
    }
}
