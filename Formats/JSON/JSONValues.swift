import GraphExport

/// Something about a value that JSON could not hold as such, and that its writer warns about.
enum JSONValueIssue {
    /// A double was NaN or infinite, written as a string.
    case nonFiniteNumber
    /// A date had no ISO 8601 form, written as seconds since 2001.
    case dateWithoutISO8601
}

extension [UInt8] {
    /// Appends `value` as JSON and tells what, if anything, could not be written as such.
    ///
    /// See ``JSONGraphWriter`` for the form of each kind of value.
    mutating func appendJSONValue(_ value: Value) -> JSONValueIssue? {
        switch value {
        case .null:
            append(contentsOf: JSONBytes.null)
        case .integer(let integer):
            appendJSONInteger(integer)
        case .double(let double):
            return appendJSONNumber(double) ? nil : .nonFiniteNumber
        case .decimal(let text), .string(let text), .uri(let text):
            appendJSONString(text)
        case .boolean(let boolean):
            append(contentsOf: boolean ? JSONBytes.true : JSONBytes.false)
        case .date(let timestamp):
            append(UInt8(ascii: "\""))
            guard timestamp.appendISO8601(to: &self) else {
                removeLast()
                appendJSONNumber(timestamp.secondsSinceReferenceDate)
                return .dateWithoutISO8601
            }
            append(UInt8(ascii: "\""))
        case .binary(let bytes):
            append(UInt8(ascii: "\""))
            Base64.encode(bytes, into: &self)
            append(UInt8(ascii: "\""))
        case .uuid(let uuid):
            appendJSONString(uuid.description)
        }
        return nil
    }

    /// Appends the exact decimal digits of `value`, with a minus sign when negative.
    mutating func appendJSONInteger(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        let start = count
        var magnitude = value.magnitude
        repeat {
            append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude != 0
        self[start...].reverse()
    }

    /// Appends `value` as the shortest number text that reads back to the same bits (`0.1`,
    /// `1e-05`, `-0.0`, `5e+20`, all valid JSON numbers), or NaN and the infinities as the strings
    /// `"NaN"`, `"Infinity"` and `"-Infinity"`.
    ///
    /// - Returns: Whether `value` was finite, that is, written as a number.
    @discardableResult
    mutating func appendJSONNumber(_ value: Double) -> Bool {
        if value.isFinite {
            append(contentsOf: value.description.utf8)
            return true
        }
        if value.isNaN {
            append(contentsOf: JSONBytes.nan)
        } else {
            append(contentsOf: value < 0 ? JSONBytes.negativeInfinity : JSONBytes.infinity)
        }
        return false
    }
}
