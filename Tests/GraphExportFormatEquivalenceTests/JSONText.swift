/// A strict reader of one RFC 8259 JSON text into a ``DataNode``: numbers are read from their
/// exact text (never through a `Double` another reader rounded), strings must be valid UTF-8,
/// and anything the RFC does not allow (raw control characters, bad or lone-surrogate escapes,
/// leading zeros, trailing text, duplicate keys) is an error.
struct JSONText {
    struct SyntaxError: Error, CustomStringConvertible {
        let offset: Int
        let message: String
        var description: String { "JSON syntax error at byte \(offset): \(message)" }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    /// Reads `bytes`, which must be exactly one JSON value with optional white space around it.
    static func parse(_ bytes: ArraySlice<UInt8>) throws -> DataNode {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONText(bytes: buffer)
            parser.skipWhiteSpace()
            let value = try parser.value(depth: 0)
            parser.skipWhiteSpace()
            guard parser.position == buffer.count else { throw parser.error("text after the value") }
            return value
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(offset: position, message: message)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhiteSpace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func expect(_ literal: String) throws {
        for byte in literal.utf8 {
            guard current == byte else { throw error("expected \(literal)") }
            position += 1
        }
    }

    private mutating func value(depth: Int) throws -> DataNode {
        guard depth < 2000 else { throw error("nested too deeply for a test") }
        switch current {
        case UInt8(ascii: "{"):
            position += 1
            var members: [(key: String, value: DataNode)] = []
            var keys: Set<String> = []
            skipWhiteSpace()
            if current == UInt8(ascii: "}") {
                position += 1
                return .mapping(members)
            }
            while true {
                skipWhiteSpace()
                let key = try string()
                guard keys.insert(key).inserted else { throw error("duplicate key \(key.debugDescription)") }
                skipWhiteSpace()
                try expect(":")
                skipWhiteSpace()
                members.append((key, try value(depth: depth + 1)))
                skipWhiteSpace()
                guard current == UInt8(ascii: ",") else {
                    try expect("}")
                    return .mapping(members)
                }
                position += 1
            }
        case UInt8(ascii: "["):
            position += 1
            var elements: [DataNode] = []
            skipWhiteSpace()
            if current == UInt8(ascii: "]") {
                position += 1
                return .sequence(elements)
            }
            while true {
                skipWhiteSpace()
                elements.append(try value(depth: depth + 1))
                skipWhiteSpace()
                guard current == UInt8(ascii: ",") else {
                    try expect("]")
                    return .sequence(elements)
                }
                position += 1
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .boolean(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .boolean(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default:
            return try number()
        }
    }

    /// An integer when the text has no fraction and no exponent, otherwise a double read from the
    /// exact text.
    private mutating func number() throws -> DataNode {
        let start = position
        func digits() -> Int {
            let first = position
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
            return position - first
        }
        if current == UInt8(ascii: "-") { position += 1 }
        let leadingZero = current == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0, !(leadingZero && integerDigits > 1) else { throw error("bad number") }
        var isInteger = true
        if current == UInt8(ascii: ".") {
            position += 1
            isInteger = false
            guard digits() > 0 else { throw error("no digits after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            isInteger = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("no digits in the exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text) else { throw error("number \(text) out of range") }
        return .float(double)
    }

    private mutating func string() throws -> String {
        try expect("\"")
        var text: [UInt8] = []
        while true {
            guard let byte = current else { throw error("unterminated string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: text, as: UTF8.self) else { throw error("invalid UTF-8") }
                return string
            case 0..<0x20:
                throw error("raw control character in a string")
            case UInt8(ascii: "\\"):
                guard let escape = current else { throw error("unterminated escape") }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): text += try unicodeEscape()
                default: throw error("bad escape")
                }
            default:
                text.append(byte)
            }
        }
    }

    /// The UTF-8 of the character a `\u` escape (and, for a surrogate pair, the next one) names.
    private mutating func unicodeEscape() throws -> [UInt8] {
        var code = try hex4()
        if (0xD800..<0xDC00).contains(code) {
            try expect("\\u")
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("lone high surrogate") }
            code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("lone low surrogate") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws -> UInt32 {
        guard position + 4 <= bytes.count,
            let code = UInt32(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<(position + 4)]), as: UTF8.self),
                radix: 16),
            bytes[position..<(position + 4)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
        else { throw error("bad \\u escape") }
        position += 4
        return code
    }
}
