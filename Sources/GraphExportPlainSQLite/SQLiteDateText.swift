/// SQLite's date and time text forms (https://sqlite.org/lang_datefunc.html, *Time Values*) read
/// and written in their ISO 8601 form, for the columns typed ``PlainColumnTyping/date``.
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
    ///
    /// The text is checked first and then copied whole (with `:00` put after the minutes when it
    /// has no seconds), the separator and the zone letter set afterwards: the form differs from
    /// the text in no other byte.
    static func iso8601(of text: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int? {
        precondition(output.count >= text.count + maximumGrowth, "the output buffer is too small")
        let count = text.count
        var hasDate = false
        var time = 0
        if count >= 10, text[4] == UInt8(ascii: "-") {
            let year = digits(text, 0, 4)
            let month = digits(text, 5, 2)
            let day = digits(text, 8, 2)
            guard year >= 0, text[7] == UInt8(ascii: "-"), (1...12).contains(month), day >= 1,
                day <= days(inMonth: month, of: year)
            else { return nil }
            if count == 10 {
                output.copyMemory(from: text)
                return count
            }
            guard text[10] == UInt8(ascii: "T") || text[10] == UInt8(ascii: " ") else { return nil }
            hasDate = true
            time = 11
        }
        // HH:MM, then :SS and a fraction .S… if given.
        guard time + 5 <= count, (0..<24).contains(digits(text, time, 2)), text[time + 2] == UInt8(ascii: ":"),
            (0..<60).contains(digits(text, time + 3, 2))
        else { return nil }
        var index = time + 5
        var hasSeconds = false
        if index < count, text[index] == UInt8(ascii: ":") {
            guard index + 3 <= count, (0..<60).contains(digits(text, index + 1, 2)) else { return nil }
            hasSeconds = true
            index += 3
            if index < count, text[index] == UInt8(ascii: ".") {
                let fraction = index + 1
                index = fraction
                while index < count, isDigit(text[index]) { index += 1 }
                guard index > fraction else { return nil }
            }
        }
        // Nothing, Z (or z), or ±HH:MM with hours 00–14.
        var zoneLetter: Int?
        if index < count {
            switch text[index] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                zoneLetter = index
                index += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard index + 6 <= count, (0...14).contains(digits(text, index + 1, 2)),
                    text[index + 3] == UInt8(ascii: ":"), (0..<60).contains(digits(text, index + 4, 2))
                else { return nil }
                index += 6
            default:
                return nil
            }
        }
        guard index == count else { return nil }
        let growth = hasSeconds ? 0 : maximumGrowth
        if hasSeconds {
            output.copyMemory(from: text)
        } else {
            let minutesEnd = time + 5
            UnsafeMutableRawBufferPointer(rebasing: output[..<minutesEnd])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: text[..<minutesEnd]))
            output[minutesEnd] = UInt8(ascii: ":")
            output[minutesEnd + 1] = UInt8(ascii: "0")
            output[minutesEnd + 2] = UInt8(ascii: "0")
            UnsafeMutableRawBufferPointer(rebasing: output[(minutesEnd + growth)..<(count + growth)])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: text[minutesEnd...]))
        }
        if hasDate { output[10] = UInt8(ascii: "T") }
        if let zoneLetter { output[zoneLetter + growth] = UInt8(ascii: "Z") }
        return count + growth
    }

    /// The number that the `length` digits of `text` from `start` make, or -1 when one is no digit.
    @inline(__always)
    private static func digits(_ text: UnsafeRawBufferPointer, _ start: Int, _ length: Int) -> Int {
        var value = 0
        for index in start..<(start + length) {
            let byte = text[index]
            guard isDigit(byte) else { return -1 }
            value = value * 10 + Int(byte &- UInt8(ascii: "0"))
        }
        return value
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
