/// Proleptic Gregorian calendar arithmetic in UTC, on whole seconds since 1970 (no Foundation).
///
/// Day conversion follows Howard Hinnant's public-domain `days_from_civil` / `civil_from_days`
/// algorithms (chrono-compatible low-level date algorithms).
struct CivilTime {
    var year: Int64
    var month: Int64
    var day: Int64
    var hour: Int64
    var minute: Int64
    var second: Int64

    init(unixSeconds: Int64) {
        let days = Self.floorDivide(unixSeconds, 86_400)
        let secondOfDay = unixSeconds - days * 86_400
        let shifted = days + 719_468
        let era = Self.floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
    }

    /// Appends `YYYY-MM-DDTHH:MM:SS`, with a sign on years outside 0000–9999.
    func appendISO8601Prefix(to text: inout [UInt8]) {
        if year < 0 {
            text.append(UInt8(ascii: "-"))
        } else if year > 9999 {
            text.append(UInt8(ascii: "+"))
        }
        Self.append(abs(year), width: 4, to: &text)
        // The fixed part after the year (each field two digits) is made in a stack buffer and
        // appended in one go.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 15) { buffer in
            func put(_ separator: Unicode.Scalar, _ value: Int64, at position: Int) {
                buffer[position] = UInt8(ascii: separator)
                buffer[position + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
                buffer[position + 2] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
            }
            put("-", month, at: 0)
            put("-", day, at: 3)
            put("T", hour, at: 6)
            put(":", minute, at: 9)
            put(":", second, at: 12)
            text.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<15]))
        }
    }

    /// Reads `[±]YYYY-MM-DDTHH:MM:SS[.fraction]Z` into seconds since 1970 and the fraction's digits.
    static func parse(iso8601 text: String) -> (seconds: Int64, fraction: [UInt8])? {
        var bytes = Array(text.utf8)[...]
        var sign: Int64 = 1
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            bytes = bytes.dropFirst()
        }
        guard let dash = bytes.firstIndex(of: UInt8(ascii: "-")), (4...9).contains(dash - bytes.startIndex),
            let year = number(bytes[..<dash])
        else { return nil }
        let rest = Array(bytes[(dash + 1)...])
        guard rest.count >= 15, rest[2] == UInt8(ascii: "-"), rest[5] == UInt8(ascii: "T"),
            rest[8] == UInt8(ascii: ":"), rest[11] == UInt8(ascii: ":"), rest.last == UInt8(ascii: "Z"),
            let month = number(rest[0..<2]), let day = number(rest[3..<5]),
            let hour = number(rest[6..<8]), let minute = number(rest[9..<11]),
            let second = number(rest[12..<14]),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var fraction: [UInt8] = []
        let tail = rest[14..<(rest.count - 1)]
        if !tail.isEmpty {
            let digits = tail.dropFirst()
            guard tail.first == UInt8(ascii: "."), !digits.isEmpty,
                digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return nil }
            fraction = Array(tail.dropFirst())
        }
        guard day <= daysInMonth(year: sign * year, month: month) else { return nil }
        let days = daysFromCivil(year: sign * year, month: month, day: day)
        return (days * 86_400 + hour * 3600 + minute * 60 + second, fraction)
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2:
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return isLeap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func number(_ digits: some Collection<UInt8>) -> Int64? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// Appends the decimal digits of a non-negative `value`, zero-padded to `width`.
    private static func append(_ value: Int64, width: Int, to text: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 && count < buffer.count
            for _ in count..<max(count, width) { text.append(UInt8(ascii: "0")) }
            for index in stride(from: count - 1, through: 0, by: -1) { text.append(buffer[index]) }
        }
    }
}
