/// A decimal number as sign, significant digits and a power of ten: exact, with no binary rounding.
///
/// The value is `(negative ? -1 : 1) × digits × 10^exponent`, where `digits` holds ASCII digits
/// without leading zeros (empty for zero).
package struct DecimalDigits: Sendable, Hashable {
    /// Whether the number is below zero.
    package var isNegative: Bool
    /// The significant digits, ASCII, without leading zeros; empty for zero.
    package var digits: [UInt8]
    /// The power of ten the digits are scaled by.
    package var exponent: Int

    /// The exact decimal form of the shortest text that reads back as `value`, or `nil` for NaN
    /// and the infinities.
    package init?(shortest value: Double) {
        guard value.isFinite else { return nil }
        self.init(text: value.description)
    }

    /// Reads decimal text: an optional sign, digits with an optional fraction, an optional
    /// exponent (`-12.50`, `1e-05`, `+3E2`); `nil` for anything else.
    package init?(text: String) {
        var bytes = Array(text.utf8)[...]
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var exponent = 0
        var sawDigit = false
        var inFraction = false
        while let byte = bytes.first {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                sawDigit = true
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte) }
                if inFraction { exponent -= 1 }
            } else if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else {
                break
            }
            bytes = bytes.dropFirst()
        }
        guard sawDigit else { return nil }
        if let marker = bytes.first {
            guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E"),
                let power = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)),
                (-99_999...99_999).contains(power)
            else { return nil }
            exponent += power
        }
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        self.isNegative = negative && !digits.isEmpty
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// The ``plainText`` of the shortest decimal form of `value` (``init(shortest:)``), or `nil`
    /// for NaN and the infinities: `value.description` itself when it has no exponent, less a
    /// fraction `.0`, so that the common decimal costs no array (and, up to 15 bytes, whose
    /// `String` is held inline, no allocation at all).
    package static func plainText(shortest value: Double) -> String? {
        guard value.isFinite else { return nil }
        let text = value.description
        let utf8 = text.utf8
        guard !utf8.contains(UInt8(ascii: "e")) else { return DecimalDigits(text: text)?.plainText }
        guard utf8.count >= 2, utf8.last == UInt8(ascii: "0"),
            utf8[utf8.index(utf8.endIndex, offsetBy: -2)] == UInt8(ascii: ".")
        else { return text }
        let whole = text.dropLast(2)
        return whole == "-0" ? "0" : String(whole)
    }

    /// Plain decimal text with no exponent and no needless zeros (`-12.5`, `0.00001`, `300`).
    package var plainText: String {
        var text: [UInt8] = isNegative ? [UInt8(ascii: "-")] : []
        let (whole, fraction) = split()
        text += whole
        if !fraction.isEmpty {
            text.append(UInt8(ascii: "."))
            text += fraction
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The digits before and after the decimal point of the absolute value (`"0"` for no whole part).
    package func split() -> (whole: [UInt8], fraction: [UInt8]) {
        if exponent >= 0 {
            let whole =
                digits.isEmpty ? [UInt8(ascii: "0")] : digits + Array(repeating: UInt8(ascii: "0"), count: exponent)
            return (whole, [])
        }
        let fractionLength = -exponent
        if fractionLength >= digits.count {
            let padding = Array(repeating: UInt8(ascii: "0"), count: fractionLength - digits.count)
            return ([UInt8(ascii: "0")], padding + digits)
        }
        let cut = digits.count - fractionLength
        return (Array(digits[..<cut]), Array(digits[cut...]))
    }
}
