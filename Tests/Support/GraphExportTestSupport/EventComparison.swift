public import GraphExport

/// Compares event streams as a format that keeps no NaN sign or payload and writes a date of
/// -0.0 seconds as 0.0 reads them back.
public enum EventComparison {
    /// The first place where `actual` differs from `expected`, values compared bit for bit except
    /// that any NaN matches any NaN (the output keeps no NaN sign or payload) and a date of -0.0
    /// seconds matches 0.0 (``Timestamp/iso8601`` writes both as 2001-01-01T00:00:00Z), and bytes
    /// match by their bytes, in memory or in a file; `nil` when the streams are the same. Other
    /// events compare by their debug text, byte for byte.
    public static func firstDifference(_ expected: [GraphEvent], _ actual: [GraphEvent]) -> String? {
        for (index, (left, right)) in zip(expected, actual).enumerated() {
            let same: Bool
            switch (left, right) {
            case (.attribute(let leftName, let leftValue), .attribute(let rightName, let rightValue)):
                same = leftName.utf8.elementsEqual(rightName.utf8) && sameValue(leftValue, rightValue)
            default:
                same = String(reflecting: left).utf8.elementsEqual(String(reflecting: right).utf8)
            }
            if !same { return "event \(index): expected \(left), read back \(right)" }
        }
        if expected.count != actual.count { return "expected \(expected.count) events, read back \(actual.count)" }
        return nil
    }

    private static func sameValue(_ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case (.double(let leftDouble), .double(let rightDouble)) where leftDouble.isNaN && rightDouble.isNaN:
            return true
        case (.date(let leftDate), .date(let rightDate))
        where leftDate.secondsSinceReferenceDate.isNaN && rightDate.secondsSinceReferenceDate.isNaN:
            return true
        case (.date(let leftDate), .date(let rightDate))
        where leftDate.secondsSinceReferenceDate == 0 && rightDate.secondsSinceReferenceDate == 0:
            return true
        default:
            return left.isIdentical(to: right)
        }
    }
}
