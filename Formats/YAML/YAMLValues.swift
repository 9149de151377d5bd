import GraphExport
import GraphExportJSONText

extension YAMLScalar {
    /// The scalar for an attribute value that is text, a decimal, null or a file (see
    /// ``YAMLGraphWriter`` for each kind); `nil` for an array or a map, which are no one scalar,
    /// for bytes in memory, which the emitter encodes itself (``YAMLEmitter/binary(_:)``), and for
    /// the values whose text ``appendText(of:in:to:)`` formats.
    static func value(_ value: Value, in context: Context, literalBlocks: Bool) -> YAMLScalar? {
        switch value {
        case .null:
            return .null
        case .decimal(let text):
            return YAMLScalar(text: text, style: .doubleQuoted)
        case .string(let text), .uri(let text):
            return YAMLScalar(string: text, in: context, literalBlocks: literalBlocks)
        case .binaryFile(let file):
            return YAMLScalar(binaryFile: file)
        case .array, .map, .binary, .integer, .double, .boolean, .date, .uuid:
            return nil
        }
    }

    /// Appends the text of an integer, a double, a boolean, a date or a UUID to `text`, building
    /// no `String` (but a double's own description), and returns its style and whether it was a
    /// date with no ISO 8601 form, written as seconds since 2001 instead; returns `nil`, having
    /// appended nothing, for any other value.
    static func appendText(of value: Value, in context: Context, to text: inout [UInt8]) -> (
        style: Style, isDateWithoutISO8601: Bool
    )? {
        switch value {
        case .integer(let integer):
            JSONText.appendInteger(integer, to: &text)
            return (.plain, false)
        case .double(let double):
            appendFloatText(double, to: &text)
            return (.plain, false)
        case .boolean(let boolean):
            text.append(contentsOf: boolean ? trueText : falseText)
            return (.plain, false)
        case .date(let timestamp):
            if timestamp.appendISO8601(to: &text) { return (.doubleQuoted, false) }
            appendFloatText(timestamp.secondsSinceReferenceDate, to: &text)
            return (.plain, true)
        case .uuid(let uuid):
            let start = text.count
            uuid.appendText(to: &text)
            let style = text.withUnsafeBufferPointer {
                Self.style(ofString: UnsafeBufferPointer(rebasing: $0[start...]), in: context, literalBlocks: true)
            }
            return (style, false)
        default:
            return nil
        }
    }

    private static let trueText = Array("true".utf8)
    private static let falseText = Array("false".utf8)

    /// Appends a double as a float of both YAML versions: the shortest text that reads back to the
    /// same bits, with `.0` before a bare exponent (`1.0e-05`, `5.0e-324`; YAML 1.1 and PyYAML
    /// need the dot), and `.nan`, `.inf`, `-.inf` for the values JSON has no number for.
    static func appendFloatText(_ value: Double, to text: inout [UInt8]) {
        if value.isNaN { return text.append(contentsOf: ".nan".utf8) }
        if value.isInfinite { return text.append(contentsOf: (value < 0 ? "-.inf" : ".inf").utf8) }
        let start = text.count
        text.append(contentsOf: value.description.utf8)
        guard let exponent = text[start...].firstIndex(of: UInt8(ascii: "e")),
            !text[start..<exponent].contains(UInt8(ascii: "."))
        else { return }
        text.insert(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "0")], at: exponent)
    }
}

extension YAMLEmitter {
    /// Writes a value: a number, boolean, date or UUID by ``formattedScalar(_:in:)``, another
    /// scalar by ``YAMLScalar/value(_:in:literalBlocks:)``, bytes by ``binary(_:)``, an array as a
    /// sequence and a map as a mapping of its keys (``MarkerEscape/key(for:)``) in order, both in
    /// flow style inside flow context. Returns whether the value held a date with no ISO 8601 form.
    func value(_ value: Value, in context: YAMLScalar.Context, literalBlocks: Bool) throws -> Bool {
        if let isDateWithoutISO8601 = try formattedScalar(value, in: context) { return isDateWithoutISO8601 }
        if let scalar = YAMLScalar.value(value, in: context, literalBlocks: literalBlocks) {
            try self.scalar(scalar)
            return false
        }
        let inner: YAMLScalar.Context = context == .flow ? .flow : .blockValue
        var hadDateWithoutISO8601 = false
        switch value {
        case .binary(let bytes):
            try bytes.withUnsafeBytes { try binary($0) }
        case .array(let elements):
            try beginSequence(flow: context == .flow)
            for element in elements {
                hadDateWithoutISO8601 =
                    try self.value(element, in: inner, literalBlocks: literalBlocks) || hadDateWithoutISO8601
            }
            try endSequence()
        case .map(let map):
            try beginMapping(flow: context == .flow)
            for entry in map {
                try scalar(
                    YAMLScalar(string: MarkerEscape.key(for: entry.key), in: context == .flow ? .flow : .blockKey))
                hadDateWithoutISO8601 =
                    try self.value(entry.value, in: inner, literalBlocks: literalBlocks) || hadDateWithoutISO8601
            }
            try endMapping()
        default:
            break
        }
        return hadDateWithoutISO8601
    }
}
