import GraphExport

/// A JSON value built in memory and written indented, two spaces a level, keys in the order
/// given; strings and numbers through ``JSONText``. For documents the package makes whole (`inspect`'s
/// description, the JSON Schema of an export), not for exports, which stream.
package indirect enum JSONNode {
    /// An object: its members in order.
    case object([(String, JSONNode)])
    /// An array.
    case array([JSONNode])
    /// A string.
    case string(String)
    /// An integer, as its exact digits.
    case integer(Int64)
    /// `true` or `false`.
    case boolean(Bool)
    /// `null`.
    case null

    /// A string, or `null` for `nil`.
    package static func string(_ text: String?) -> JSONNode {
        text.map { .string($0) } ?? .null
    }

    /// An array of strings.
    package static func strings(_ texts: [String]) -> JSONNode {
        .array(texts.map { .string($0) })
    }

    /// The value's text, with a newline at the end.
    package var text: [UInt8] {
        var output: [UInt8] = []
        append(to: &output, depth: 0)
        output.append(UInt8(ascii: "\n"))
        return output
    }

    private func append(to output: inout [UInt8], depth: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                output += Array("{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                output += Array((index == 0 ? "\n" : ",\n").utf8)
                Self.indent(&output, depth + 1)
                JSONText.appendString(key, to: &output)
                output += Array(": ".utf8)
                value.append(to: &output, depth: depth + 1)
            }
            output.append(UInt8(ascii: "\n"))
            Self.indent(&output, depth)
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            guard !elements.isEmpty else {
                output += Array("[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                output += Array((index == 0 ? "\n" : ",\n").utf8)
                Self.indent(&output, depth + 1)
                element.append(to: &output, depth: depth + 1)
            }
            output.append(UInt8(ascii: "\n"))
            Self.indent(&output, depth)
            output.append(UInt8(ascii: "]"))
        case .string(let text):
            JSONText.appendString(text, to: &output)
        case .integer(let number):
            JSONText.appendInteger(number, to: &output)
        case .boolean(let value):
            output += Array((value ? "true" : "false").utf8)
        case .null:
            output += Array("null".utf8)
        }
    }

    private static func indent(_ output: inout [UInt8], _ depth: Int) {
        output += repeatElement(UInt8(ascii: " "), count: 2 * depth)
    }
}
