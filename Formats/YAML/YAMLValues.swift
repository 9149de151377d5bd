import GraphExport

extension YAMLScalar {
    /// The scalar for an attribute value (see ``YAMLGraphWriter`` for each kind), and whether the
    /// value is a date with no ISO 8601 form, written as seconds since 2001 instead; `nil` for an
    /// array or a map, which are no one scalar, and for bytes in memory, which the emitter
    /// encodes itself (``YAMLEmitter/value(_:in:literalBlocks:)``).
    static func value(_ value: Value, in context: Context, literalBlocks: Bool) -> (
        scalar: YAMLScalar, isDateWithoutISO8601: Bool
    )? {
        switch value {
        case .array, .map, .binary:
            return nil
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

extension YAMLEmitter {
    /// Writes a value: a scalar by ``YAMLScalar/value(_:in:literalBlocks:)``, bytes by
    /// ``binary(_:)``, an array as a
    /// sequence and a map as a mapping of its keys (``MarkerEscape/key(for:)``) in order, both in
    /// flow style inside flow context. Returns whether the value held a date with no ISO 8601 form.
    func value(_ value: Value, in context: YAMLScalar.Context, literalBlocks: Bool) throws -> Bool {
        if let (scalar, isDateWithoutISO8601) = YAMLScalar.value(value, in: context, literalBlocks: literalBlocks) {
            try self.scalar(scalar)
            return isDateWithoutISO8601
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
