/// Whether a YAML reader would type a plain scalar as anything but a string.
///
/// The check is the union of the implicit types of YAML 1.1 (the spec's type repository and
/// PyYAML's resolvers, which differ in details) and of the YAML 1.2 core schema, made a little
/// more generous still where that keeps it simple: text it matches is written quoted, which costs
/// nothing but two characters, while text it misses would come back as a number, a boolean, null,
/// a date or a merge key. It matches:
///
/// - null: the empty text, `~`, `null`, `Null`, `NULL`;
/// - booleans: `true`/`false`, `yes`/`no`, `on`/`off`, `y`/`n`, each lowercase, capitalized or
///   uppercase (`y`, `Y`, `n`, `N` for the one-letter forms);
/// - the merge key `<<` and the value key `=` of YAML 1.1;
/// - numbers, optionally signed: `0b`, `0o` and `0x` integers; decimal digits with `_`
///   separators (and the `,` ones Ruby's Psych accepts), sexagesimal groups (`12:30`,
///   `1:20:30.5`), a fraction (`1.`, `.5`, `1.2.3`) and an exponent with or without a sign
///   (`1e3`, `1.0e-05`); `.inf`, `.nan` in each case form;
/// - timestamps: `2001-12-14`, `2001-12-14t21:59:43.10-05:00`, `2001-12-14 21:59:43.10 Z`.
enum YAMLImplicitTypes {
    private static let words: Set<String> = [
        "~", "null", "Null", "NULL",
        "true", "True", "TRUE", "false", "False", "FALSE",
        "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
        "y", "Y", "n", "N",
        "<<", "=",
    ]

    /// Whether a YAML 1.1 or 1.2 reader would read the UTF-8 text `bytes`, written plain, as
    /// something other than that string.
    static func isNonString(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        // Every implicit type starts with one of these.
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return isNumber(bytes) || isTimestamp(bytes)
        case UInt8(ascii: "~"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: "n"), UInt8(ascii: "N"),
            UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"),
            UInt8(ascii: "F"), UInt8(ascii: "o"), UInt8(ascii: "O"):
            return bytes.count <= 5 && words.contains(String(decoding: bytes, as: UTF8.self))
        default:
            return false
        }
    }

    /// `[-+]? ( 0b[01_]+ | 0o[0-7_]+ | 0x[0-9a-fA-F_]+ | .inf | .nan | decimal )`, where decimal is
    /// `( [0-9][0-9_,]* (:[0-5]?[0-9])* (\.[0-9._]*)? | \.[0-9._]* ) ([eE][-+]?[0-9]+)?`.
    private static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var scanner = Scanner(bytes)
        scanner.skip(oneOf: "+-")
        if scanner.skip("0b") { return scanner.skipAll(in: "01_") > 0 && scanner.isAtEnd }
        if scanner.skip("0o") { return scanner.skipAll(in: "01234567_") > 0 && scanner.isAtEnd }
        if scanner.skip("0x") { return scanner.skipAll(in: "0123456789abcdefABCDEF_") > 0 && scanner.isAtEnd }
        if scanner.skip(".") {
            let rest = String(decoding: bytes[scanner.position...], as: UTF8.self)
            if ["inf", "Inf", "INF", "nan", "NaN", "NAN"].contains(rest) { return true }
            scanner.skipAll(in: "0123456789._")
        } else {
            guard scanner.skipDigit() else { return false }
            scanner.skipAll(in: "0123456789_,")
            while scanner.skip(":") {
                guard scanner.skipSexagesimalDigits() else { return false }
            }
            if scanner.skip(".") { scanner.skipAll(in: "0123456789._") }
        }
        if scanner.skip(oneOf: "eE") {
            scanner.skip(oneOf: "+-")
            guard scanner.skipAll(in: "0123456789") > 0 else { return false }
        }
        return scanner.isAtEnd
    }

    /// `[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}`, optionally followed by `([Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}`,
    /// `(\.[0-9]*)?` and `([ \t]*(Z|[-+][0-9]{1,2}(:[0-9]{2})?))?`.
    private static func isTimestamp(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var scanner = Scanner(bytes)
        guard scanner.skipDigits(4...4), scanner.skip("-"), scanner.skipDigits(1...2), scanner.skip("-"),
            scanner.skipDigits(1...2)
        else { return false }
        if scanner.isAtEnd { return true }
        guard scanner.skip(oneOf: "Tt") || scanner.skipAll(in: " \t") > 0 else { return false }
        guard scanner.skipDigits(1...2), scanner.skip(":"), scanner.skipDigits(2...2), scanner.skip(":"),
            scanner.skipDigits(2...2)
        else { return false }
        if scanner.skip(".") { scanner.skipAll(in: "0123456789") }
        scanner.skipAll(in: " \t")
        if scanner.skip(oneOf: "+-") {
            guard scanner.skipDigits(1...2) else { return false }
            if scanner.skip(":") {
                guard scanner.skipDigits(2...2) else { return false }
            }
        } else {
            scanner.skip(oneOf: "Z")
        }
        return scanner.isAtEnd
    }

    /// A cursor over ASCII text.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { position == bytes.count }

        /// Skips `literal` if the text continues with it.
        mutating func skip(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - position >= count else { return false }
            for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] {
                return false
            }
            position += count
            return true
        }

        /// Skips one byte if it is one of `set`.
        @discardableResult
        mutating func skip(oneOf set: StaticString) -> Bool {
            guard position < bytes.count, Self.contains(set, bytes[position]) else { return false }
            position += 1
            return true
        }

        /// Skips every byte in `set` and returns how many.
        @discardableResult
        mutating func skipAll(in set: StaticString) -> Int {
            let start = position
            while position < bytes.count, Self.contains(set, bytes[position]) { position += 1 }
            return position - start
        }

        /// Skips one decimal digit.
        mutating func skipDigit() -> Bool {
            skip(oneOf: "0123456789")
        }

        /// Skips decimal digits, at most `counts.upperBound`, and tells whether there were at least
        /// `counts.lowerBound`.
        mutating func skipDigits(_ counts: ClosedRange<Int>) -> Bool {
            var count = 0
            while count < counts.upperBound, skipDigit() { count += 1 }
            return count >= counts.lowerBound
        }

        /// Skips a sexagesimal group, `[0-5]?[0-9]`, longest first.
        mutating func skipSexagesimalDigits() -> Bool {
            let rest = bytes.count - position
            if rest >= 2, (UInt8(ascii: "0")...UInt8(ascii: "5")).contains(bytes[position]),
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position + 1])
            {
                position += 2
                return true
            }
            return skipDigit()
        }

        private static func contains(_ set: StaticString, _ byte: UInt8) -> Bool {
            UnsafeBufferPointer(start: set.utf8Start, count: set.utf8CodeUnitCount).contains(byte)
        }
    }
}
