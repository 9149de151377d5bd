import GraphExport

/// How one attribute value goes into a property list: the element it becomes and its content.
///
/// See ``PlistGraphWriter`` for the mapping; this type only decides it.
enum PlistValue {
    /// `<true/>` or `<false/>`.
    case boolean(Bool)
    /// An element whose content is ASCII that needs no escape: `integer`, `real`, `date`, `data`
    /// (base64), or `string` for a UUID.
    case ascii(element: String, text: [UInt8])
    /// Text that goes into `<string>`, or into `<data>` as UTF-8 when XML cannot hold it.
    case text(String)
    /// `<data>` holding the base64 of a file's bytes, which the writer streams.
    case file(FileBytes)
    /// `<array>` of the elements.
    case array([Value])
    /// `<dict>` of the entries.
    case map(ValueMap)

    /// Something about the value that the writer warns about.
    enum Issue {
        /// A date had no ISO 8601 form, written as seconds since 2001.
        case dateWithoutISO8601
    }

    /// The form of `value`, and the issue to warn about, if any; `nil` for null.
    static func of(_ value: Value) -> (PlistValue, Issue?)? {
        switch value {
        case .null:
            return nil
        case .integer(let integer):
            return (.ascii(element: "integer", text: Array(String(integer).utf8)), nil)
        case .double(let double):
            return (.ascii(element: "real", text: realText(double)), nil)
        case .decimal(let text), .string(let text), .uri(let text):
            return (.text(text), nil)
        case .boolean(let boolean):
            return (.boolean(boolean), nil)
        case .date(let timestamp):
            guard let text = timestamp.iso8601 else {
                let seconds = realText(timestamp.secondsSinceReferenceDate)
                return (.ascii(element: "real", text: seconds), .dateWithoutISO8601)
            }
            return (isPlistDate(text) ? .ascii(element: "date", text: Array(text.utf8)) : .text(text), nil)
        case .binary(let bytes):
            var base64: [UInt8] = []
            Base64.encode(bytes, into: &base64)
            return (.ascii(element: "data", text: base64), nil)
        case .binaryFile(let file):
            return (.file(file), nil)
        case .uuid(let uuid):
            return (.ascii(element: "string", text: Array(uuid.description.utf8)), nil)
        case .array(let elements):
            return (.array(elements), nil)
        case .map(let map):
            return (.map(map), nil)
        }
    }

    /// The shortest text that reads back to the same bits (`0.1`, `1e-05`, `-0.0`, `5e+20`), and
    /// `nan`, `+infinity`, `-infinity`: the spellings Core Foundation writes and reads, which
    /// Python's `plistlib` reads too.
    static func realText(_ value: Double) -> [UInt8] {
        if value.isNaN { return Array("nan".utf8) }
        if value.isInfinite { return Array((value < 0 ? "-infinity" : "+infinity").utf8) }
        return Array(value.description.utf8)
    }

    /// Whether ISO 8601 text from ``Timestamp/iso8601`` is what a plist `<date>` holds exactly:
    /// whole seconds (no fraction) in the years 0001–9999 (no sign, not year 0000).
    static func isPlistDate(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { return false }
        return !utf8.contains(UInt8(ascii: ".")) && !text.hasPrefix("0000-")
    }
}
