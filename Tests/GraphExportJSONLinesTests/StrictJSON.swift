/// One JSON value as RFC 8259 defines it, with numbers kept as their text and object members in
/// document order, so that tests can check doubles bit for bit and members in order (Foundation's
/// reader on Linux rounds some numbers wrongly and forgets the order).
enum JSONNode {
    case object([(key: String, value: JSONNode)])
    case array([JSONNode])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// The members of an object, or `nil` for any other value.
    var members: [(key: String, value: JSONNode)]? {
        if case .object(let members) = self { return members }
        return nil
    }
}

/// A strict reader of one JSON text: anything RFC 8259 does not allow (a raw control character in
/// a string, a bad escape, a lone surrogate escape, a leading zero, trailing text) is an error.
struct StrictJSONParser {
    struct SyntaxError: Error, CustomStringConvertible {
        let offset: Int
        let message: String
        var description: String { "JSON syntax error at byte \(offset): \(message)" }
    }

    private let bytes: [UInt8]
    private var position = 0

    /// Reads `text`, which must be exactly one JSON value with optional white space around it.
    static func parse(_ text: some Sequence<UInt8>) throws -> JSONNode {
        var parser = StrictJSONParser(bytes: Array(text))
        parser.skipWhiteSpace()
        let value = try parser.value(depth: 0)
        parser.skipWhiteSpace()
        guard parser.position == parser.bytes.count else { throw parser.error("text after the value") }
        return value
    }

    private init(bytes: [UInt8]) {
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

    private mutating func value(depth: Int) throws -> JSONNode {
        guard depth < 64 else { throw error("nested too deeply for a test") }
        switch current {
        case UInt8(ascii: "{"):
            position += 1
            var members: [(key: String, value: JSONNode)] = []
            skipWhiteSpace()
            if current == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhiteSpace()
                let key = try string()
                skipWhiteSpace()
                try expect(":")
                skipWhiteSpace()
                members.append((key, try value(depth: depth + 1)))
                skipWhiteSpace()
                if current == UInt8(ascii: ",") {
                    position += 1
                } else {
                    try expect("}")
                    return .object(members)
                }
            }
        case UInt8(ascii: "["):
            position += 1
            var elements: [JSONNode] = []
            skipWhiteSpace()
            if current == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                skipWhiteSpace()
                elements.append(try value(depth: depth + 1))
                skipWhiteSpace()
                if current == UInt8(ascii: ",") {
                    position += 1
                } else {
                    try expect("]")
                    return .array(elements)
                }
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default:
            return .number(try number())
        }
    }

    private mutating func number() throws -> String {
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
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("no digits after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("no digits in the exponent") }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func string() throws -> String {
        try expect("\"")
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flushRun() throws {
            guard !run.isEmpty else { return }
            guard let text = String(validating: run, as: UTF8.self) else { throw error("invalid UTF-8") }
            scalars.append(contentsOf: text.unicodeScalars)
            run.removeAll()
        }
        while true {
            guard let byte = current else { throw error("unterminated string") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                try flushRun()
                return String(scalars)
            case 0..<0x20:
                throw error("raw control character in a string")
            case UInt8(ascii: "\\"):
                try flushRun()
                guard let escape = current else { throw error("unterminated escape") }
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        try expect("\\u")
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("lone high surrogate") }
                        code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("lone low surrogate") }
                    scalars.append(scalar)
                default:
                    throw error("bad escape")
                }
            default:
                run.append(byte)
            }
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard position + 4 <= bytes.count,
            bytes[position..<(position + 4)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
            let code = UInt32(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16)
        else { throw error("bad \\u escape") }
        position += 4
        return code
    }
}
