/// Something an export did not stop for but that its user should know: a dangling reference, a
/// value a format could not hold as such, a missing side file.
///
/// The message is one short sentence: the command line prints it on one line of under 200
/// characters. What makes it long — a full list of columns, an SQL statement, a long excerpt of a
/// value — goes in ``detail``, which the command line prints only with `--verbose` and `inspect`
/// always shows.
public struct Warning: Sendable, Hashable, CustomStringConvertible {
    /// One sentence naming the file, the entity or the object concerned.
    public let message: String
    /// What the message leaves out for its length (the whole list, the statement), if anything.
    public let detail: String?

    /// Creates a warning with its message and, when there is more to say, its detail.
    public init(_ message: String, detail: String? = nil) {
        self.message = message
        self.detail = detail
    }

    /// The message.
    public var description: String { message }

    /// The message and its detail, as one text: `<message>; <detail>`.
    public var fullText: String {
        detail.map { message + "; " + $0 } ?? message
    }
}

/// Where warnings go: the command line prints them to standard error, tests collect them.
public typealias WarningHandler = (Warning) -> Void

extension Warning {
    /// The warning of a writer about `attribute` (`Item.value`, `Item.value (Item/1)`), whose
    /// dates with no ISO 8601 form it writes as `writtenAs` (`seconds since
    /// 2001-01-01T00:00:00Z`), and those that are not finite as `notFinite` (`NaN/INF/-INF`).
    /// One text for every writer, the explanation in the detail.
    public static func datesWithoutISO8601(_ attribute: String, writtenAs: String, notFinite: String) -> Warning {
        Warning(
            "\(attribute): dates with no ISO 8601 form written as \(writtenAs)",
            detail: "a date has none when it is not finite, or 10^15 seconds or more from 2001; not finite, it is "
                + "written as \(notFinite)")
    }
}
