/// A strict RFC 8259 reader of the JSON text a SQLite column may hold (`--json-columns`), made by
/// hand so that numbers stay exact: an integer without fraction or exponent that fits 64 bits is
/// ``Value/integer(_:)`` (`9223372036854775807`); another number that a double holds exactly, the
/// shortest text of the double being the same decimal number, is ``Value/double(_:)`` (`0.1`,
/// `1.5e3`); any other number (`12345678901234567890`, `0.30000000000000001`, `1e400`) is
/// ``Value/decimal(_:)`` of its text as written, which every format writes as that text. Strings,
/// booleans and `null` are themselves, arrays ``Value/array(_:)`` and objects ``Value/map(_:)``
/// with their keys in order.
///
/// Arrays and objects nest at most ``Value/maximumNestingDepth`` levels; deeper text, like any
/// text that is not JSON (a trailing comma, a lone surrogate, anything after the value), is not
/// read. The command line reads decoder plugins' answers with it too.
package enum JSONColumnText {
    /// What a column's text is.
    package enum Reading: Equatable {
        /// A JSON array or object, as its value.
        case structured(Value)
        /// A JSON number, string, boolean or null: kept as the text it is.
        case scalar
        /// Not JSON (or nested too deeply).
        case notJSON
    }

    /// Reads `text` whole.
    package static func read(_ text: String) -> Reading {
        var text = text
        return text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            guard let value = parser.document() else { return .notJSON }
            switch value {
            case .array, .map: return .structured(value)
            default: return .scalar
            }
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func document() -> Value? {
            guard let value = value(depth: 0) else { return nil }
            skipWhitespace()
            return index == bytes.count ? value : nil
        }

        private mutating func value(depth: Int) -> Value? {
            skipWhitespace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "["):
                guard depth < Value.maximumNestingDepth else { return nil }
                return array(depth: depth + 1)
            case UInt8(ascii: "{"):
                guard depth < Value.maximumNestingDepth else { return nil }
                return object(depth: depth + 1)
            case UInt8(ascii: "\""):
                return string().map(Value.string)
            case UInt8(ascii: "t"): return literal("true", .boolean(true))
            case UInt8(ascii: "f"): return literal("false", .boolean(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        private mutating func array(depth: Int) -> Value? {
            index += 1
            var elements: [Value] = []
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return .array(elements) }
            repeat {
                guard let element = value(depth: depth) else { return nil }
                elements.append(element)
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "]")) ? .array(elements) : nil
        }

        private mutating func object(depth: Int) -> Value? {
            index += 1
            var entries: [ValueMap.Entry] = []
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return .map(ValueMap(entries)) }
            repeat {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipWhitespace()
                guard consume(UInt8(ascii: ":")), let value = value(depth: depth) else { return nil }
                entries.append(ValueMap.Entry(key: key, value: value))
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            return consume(UInt8(ascii: "}")) ? .map(ValueMap(entries)) : nil
        }

        private mutating func string() -> String? {
            index += 1
            var runStart = index
            var text = ""
            func flushRun(_ end: Int) {
                text += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flushRun(index)
                    index += 1
                    return text
                }
                guard byte >= 0x20 else { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                flushRun(index)
                index += 1
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                let scalar: Unicode.Scalar?
                switch escape {
                case UInt8(ascii: "\""): scalar = "\""
                case UInt8(ascii: "\\"): scalar = "\\"
                case UInt8(ascii: "/"): scalar = "/"
                case UInt8(ascii: "b"): scalar = "\u{8}"
                case UInt8(ascii: "f"): scalar = "\u{C}"
                case UInt8(ascii: "n"): scalar = "\n"
                case UInt8(ascii: "r"): scalar = "\r"
                case UInt8(ascii: "t"): scalar = "\t"
                case UInt8(ascii: "u"): scalar = unicodeEscape()
                default: scalar = nil
                }
                guard let scalar else { return nil }
                text.unicodeScalars.append(scalar)
                runStart = index
            }
            return nil
        }

        /// The scalar of `\uXXXX`, or of a surrogate pair `\uD83D\uDE00`; `nil` for a lone surrogate.
        private mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")), let low = hex4(),
                    (0xDC00..<0xE000).contains(low)
                else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as RFC 8259 has it.
        private mutating func number() -> Value? {
            let start = index
            _ = consume(UInt8(ascii: "-"))
            if consume(UInt8(ascii: "0")) {
                // no more digits after a leading zero
            } else {
                guard digits() > 0 else { return nil }
            }
            var isInteger = true
            if consume(UInt8(ascii: ".")) {
                isInteger = false
                guard digits() > 0 else { return nil }
            }
            if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
                isInteger = false
                if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
                guard digits() > 0 else { return nil }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if isInteger { return Int64(text).map(Value.integer) ?? .decimal(text) }
            if let double = Double(text), let shortest = DecimalDigits(shortest: double),
                shortest == DecimalDigits(text: text)
            {
                return .double(double)
            }
            return .decimal(text)
        }

        private mutating func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index - start
        }

        private mutating func literal(_ word: StaticString, _ value: Value) -> Value? {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return nil }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
            index += count
            return value
        }

        private mutating func consume(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
    }
}
