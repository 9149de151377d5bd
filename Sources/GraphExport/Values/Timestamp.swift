/// A point in time as Core Data stores it: seconds since 2001-01-01T00:00:00Z, as a `Double`.
///
/// Its text form is ISO 8601 in UTC with exactly as many fractional digits as the stored value
/// needs to read back bit for bit (``iso8601``), and ``init(iso8601:)`` reads that text back.
public struct Timestamp: Sendable, Hashable {
    /// Seconds between 1970-01-01 and 2001-01-01, Core Data's reference date.
    public static let unixOffset: Int64 = 978_307_200
    /// The largest distance from the reference date, in seconds, that has an ISO 8601 form here
    /// (about 31 million years).
    public static let calendarLimit: Double = 1e15

    /// Seconds since 2001-01-01T00:00:00Z; negative before it.
    public let secondsSinceReferenceDate: Double

    /// Creates a timestamp from seconds since 2001-01-01T00:00:00Z.
    public init(secondsSinceReferenceDate: Double) {
        self.secondsSinceReferenceDate = secondsSinceReferenceDate
    }

    /// ISO 8601 text in UTC (`2017-09-12T04:23:58.20319Z`), years outside 0000–9999 with a sign
    /// (`-0001`, `+10000`); `nil` for a value that is not finite or beyond ``calendarLimit``.
    public var iso8601: String? {
        var bytes: [UInt8] = []
        guard appendISO8601(to: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the ``iso8601`` text's UTF-8 bytes to `bytes` and returns `true`, or returns
    /// `false` and appends nothing for a value that has no such text. For writers: no `String` is
    /// made.
    public func appendISO8601(to bytes: inout [UInt8]) -> Bool {
        let value = secondsSinceReferenceDate
        guard value.isFinite, abs(value) < Self.calendarLimit else { return false }
        var seconds: Int64
        var fraction: [UInt8] = []
        let whole = value.rounded(.down)
        if whole == value {
            seconds = Int64(whole)
        } else if value > 0, Self.appendPositiveFraction(value, whole: Int64(whole), to: &bytes) {
            return true
        } else {
            guard let decimal = DecimalDigits(shortest: value) else { return false }
            let parts = decimal.split()
            fraction = parts.fraction
            seconds = Self.integer(parts.whole)
            if decimal.isNegative {
                seconds = -seconds
                if !fraction.isEmpty {
                    seconds -= 1
                    fraction = Self.complement(fraction)
                }
            }
            while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        }
        CivilTime(unixSeconds: seconds + Self.unixOffset).appendISO8601Prefix(to: &bytes)
        if !fraction.isEmpty {
            bytes.append(UInt8(ascii: "."))
            bytes += fraction
        }
        bytes.append(UInt8(ascii: "Z"))
        return true
    }

    /// The common case of ``appendISO8601(to:)``, a positive value with a fraction, without
    /// building arrays: when the shortest text of `value` is plain digits with a point (no
    /// exponent), its whole part is `whole` and its fraction digits are copied as they are.
    /// Returns `false`, having appended nothing, for any other text.
    private static func appendPositiveFraction(_ value: Double, whole: Int64, to bytes: inout [UInt8]) -> Bool {
        var text = value.description
        return text.withUTF8 { utf8 in
            guard let point = utf8.firstIndex(of: UInt8(ascii: ".")), !utf8.contains(UInt8(ascii: "e")) else {
                return false
            }
            CivilTime(unixSeconds: whole + unixOffset).appendISO8601Prefix(to: &bytes)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[point...]))
            bytes.append(UInt8(ascii: "Z"))
            return true
        }
    }

    private static func integer(_ digits: [UInt8]) -> Int64 {
        var result: Int64 = 0
        for digit in digits { result = result * 10 + Int64(digit - UInt8(ascii: "0")) }
        return result
    }

    /// Reads the text ``iso8601`` writes; `nil` for anything else.
    public init?(iso8601 text: String) {
        guard let (unixSeconds, fraction) = CivilTime.parse(iso8601: text) else { return nil }
        var seconds = unixSeconds - Self.unixOffset
        var digits = fraction
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        var negative = false
        if seconds < 0 {
            negative = true
            if digits.isEmpty {
                seconds = -seconds
            } else {
                seconds = -(seconds + 1)
                digits = Self.complement(digits)
            }
        }
        var decimal = (negative ? "-" : "") + String(seconds)
        if !digits.isEmpty { decimal += "." + String(decoding: digits, as: UTF8.self) }
        guard let value = Double(decimal) else { return nil }
        self.secondsSinceReferenceDate = value
    }

    /// `10^n − digits` as `n` digits: the fraction that, added to `0.digits`, makes one.
    private static func complement(_ digits: [UInt8]) -> [UInt8] {
        var result = digits
        var borrow = 0
        for index in result.indices.reversed() {
            let digit = Int(result[index] - UInt8(ascii: "0"))
            let isLast = index == result.count - 1
            var value = (isLast ? 10 : 9) - digit - borrow
            borrow = 0
            if value >= 10 {
                value -= 10
                borrow = -1
            }
            result[index] = UInt8(ascii: "0") + UInt8(value)
        }
        return result
    }
}
