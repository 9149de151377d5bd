/// SQLite's date and time text forms (https://sqlite.org/lang_datefunc.html, *Time Values*) read
/// and written in their ISO 8601 form, for the columns typed ``GraphExport/PlainColumnTyping/date``.
///
/// **Read:** a date `YYYY-MM-DD`; a date and time `YYYY-MM-DD HH:MM`, `… HH:MM:SS` or
/// `… HH:MM:SS.SSS` (any number of fraction digits), with `T` or a space between them; a time alone
/// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.SSS`; each form with a time optionally followed by a time zone,
/// `Z` (or `z`) or `±HH:MM`. The fields are checked: month 01–12, a day its month has (leap years
/// by the Gregorian rule), hours 00–23, minutes and seconds 00–59, a zone's hours 00–14. Anything
/// else is not read, among it what SQLite's functions also take but a column's text cannot say
/// without more: numbers (julian day numbers and unix times look alike), `now`, white space around
/// a value or around its zone.
///
/// **Written:** a date as it is; a date and time as `YYYY-MM-DDTHH:MM:SS`, seconds `:00` when the
/// text has none, the fraction's digits as stored, and the zone as stored (`Z` for `z`) or none; a
/// time as `HH:MM:SS`, the same way. A value without a zone stays without one: it is a local date
/// and time, and no zone is supplied for it. Every text written is a lexical form of XML Schema's
/// `xs:date`, `xs:dateTime` or `xs:time`.
enum SQLiteDateText {
    /// The most bytes the ISO 8601 form adds to the text it is read from: `:00` for missing seconds.
    static let maximumGrowth = 3

    /// Writes the ISO 8601 form of `text` into `output` (at least ``maximumGrowth`` bytes longer
    /// than `text`) and returns its length, or returns `nil` when `text` is none of the forms.
    static func iso8601(of text: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int? {
        precondition(output.count >= text.count + maximumGrowth, "the output buffer is too small")
        var reader = Reader(text: text, output: output)
        return reader.value() ? reader.written : nil
    }

    private struct Reader {
        let text: UnsafeRawBufferPointer
        let output: UnsafeMutableRawBufferPointer
        var index = 0
        var written = 0

        init(text: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) {
            self.text = text
            self.output = output
        }

        /// The whole text, a date, a date and time, or a time.
        mutating func value() -> Bool {
            if text.count > 4, text[4] == UInt8(ascii: "-") {
                guard date() else { return false }
                guard index < text.count else { return true }
                guard text[index] == UInt8(ascii: "T") || text[index] == UInt8(ascii: " ") else { return false }
                index += 1
                put(UInt8(ascii: "T"))
            }
            return time() && zone() && index == text.count
        }

        /// `YYYY-MM-DD`, a day its month has.
        private mutating func date() -> Bool {
            guard let year = number(4), separator("-"), let month = number(2), separator("-"), let day = number(2),
                (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year)
            else { return false }
            return true
        }

        /// `HH:MM`, then `:SS` and a fraction `.S…` if given; `:00` is written for missing seconds.
        private mutating func time() -> Bool {
            guard let hour = number(2), hour < 24, separator(":"), let minute = number(2), minute < 60 else {
                return false
            }
            guard index < text.count, text[index] == UInt8(ascii: ":") else {
                put(UInt8(ascii: ":"))
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "0"))
                return true
            }
            guard separator(":"), let second = number(2), second < 60 else { return false }
            guard index < text.count, text[index] == UInt8(ascii: ".") else { return true }
            _ = separator(".")
            var digits = 0
            while index < text.count, Self.isDigit(text[index]) {
                put(text[index])
                index += 1
                digits += 1
            }
            return digits > 0
        }

        /// Nothing, `Z` (written for `z` too) or `±HH:MM` with hours 00–14.
        private mutating func zone() -> Bool {
            guard index < text.count else { return true }
            switch text[index] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                index += 1
                put(UInt8(ascii: "Z"))
                return true
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                put(text[index])
                index += 1
                guard let hour = number(2), hour <= 14, separator(":"), let minute = number(2), minute < 60 else {
                    return false
                }
                return true
            default:
                return false
            }
        }

        /// `count` digits, copied, as a number.
        private mutating func number(_ count: Int) -> Int? {
            guard index + count <= text.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = text[index]
                guard Self.isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                put(byte)
                index += 1
            }
            return value
        }

        /// The separator `character`, copied.
        private mutating func separator(_ character: Unicode.Scalar) -> Bool {
            guard index < text.count, text[index] == UInt8(ascii: character) else { return false }
            put(text[index])
            index += 1
            return true
        }

        private mutating func put(_ byte: UInt8) {
            output[written] = byte
            written += 1
        }

        private static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        private static func days(inMonth month: Int, of year: Int) -> Int {
            switch month {
            case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
            case 4, 6, 9, 11: return 30
            default: return 31
            }
        }
    }
}
