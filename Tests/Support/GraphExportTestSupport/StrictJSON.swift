/// The one strict reader of JSON texts the tests use to prove that output parses.
///
/// Anything RFC 8259 does not allow is an error: a raw control character in a string, a bad or
/// lone-surrogate escape, invalid UTF-8, a leading zero or other bad number, a trailing comma,
/// text after the value, and (stricter than the RFC, as an export must be) a duplicate key in an
/// object. Numbers are kept as their exact text and members in document order, so that tests can
/// check doubles bit for bit and members in order (Foundation's reader on Linux rounds some
/// numbers wrongly and forgets the order).
public enum StrictJSON {
    /// One JSON value.
    public indirect enum Value {
        case object([(key: String, value: Value)])
        case array([Value])
        case string(String)
        /// A number, as its text in the document.
        case number(String)
        case bool(Bool)
        case null

        /// The members of an object, or `nil` for any other value.
        public var members: [(key: String, value: Value)]? {
            if case .object(let members) = self { return members }
            return nil
        }
    }

    /// What is wrong with a text, and where.
    public struct SyntaxError: Error, CustomStringConvertible {
        /// The offset of the byte at which the reader stopped.
        public let offset: Int
        /// What the reader found wrong.
        public let message: String
        public var description: String { "JSON syntax error at byte \(offset): \(message)" }
    }

    /// Reads `text`, which must be exactly one JSON value with optional white space around it.
    public static func parse(_ text: some Sequence<UInt8>) throws -> Value {
        var parser = Parser(bytes: Array(text))
        parser.skipWhiteSpace()
        let value = try parser.value(depth: 0)
        parser.skipWhiteSpace()
        guard parser.position == parser.bytes.count else { throw parser.error("text after the value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        func error(_ message: String) -> SyntaxError {
            SyntaxError(offset: position, message: message)
        }

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhiteSpace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        }

        mutating func expect(_ literal: String) throws {
            for byte in literal.utf8 {
                guard current == byte else { throw error("expected \(literal)") }
                position += 1
            }
        }

        /// Reads the elements of an array or the members of an object up to `close`, after its
        /// opening bracket.
        mutating func list(close: UInt8, _ element: (inout Parser) throws -> Void) throws {
            skipWhiteSpace()
            if current == close {
                position += 1
                return
            }
            while true {
                skipWhiteSpace()
                try element(&self)
                skipWhiteSpace()
                guard current == UInt8(ascii: ",") else { return try expect(String(UnicodeScalar(close))) }
                position += 1
            }
        }

        mutating func value(depth: Int) throws -> Value {
            guard depth < 2000 else { throw error("nested too deeply for a test") }
            switch current {
            case UInt8(ascii: "{"):
                position += 1
                var members: [(key: String, value: Value)] = []
                var keys: Set<String> = []
                try list(close: UInt8(ascii: "}")) { parser in
                    let key = try parser.string()
                    guard keys.insert(key).inserted else { throw parser.error("duplicate key \(key.debugDescription)") }
                    parser.skipWhiteSpace()
                    try parser.expect(":")
                    parser.skipWhiteSpace()
                    members.append((key, try parser.value(depth: depth + 1)))
                }
                return .object(members)
            case UInt8(ascii: "["):
                position += 1
                var elements: [Value] = []
                try list(close: UInt8(ascii: "]")) { parser in elements.append(try parser.value(depth: depth + 1)) }
                return .array(elements)
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

        mutating func number() throws -> String {
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

        /// A string's bytes, escapes replaced by the UTF-8 they stand for, checked as UTF-8 once
        /// the closing quote is read.
        mutating func string() throws -> String {
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
        mutating func unicodeEscape() throws -> [UInt8] {
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

        mutating func hex4() throws -> UInt32 {
            guard position + 4 <= bytes.count,
                bytes[position..<(position + 4)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let code = UInt32(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16)
            else { throw error("bad \\u escape") }
            position += 4
            return code
        }
    }
}
