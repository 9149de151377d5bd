/// The warnings that several formats give about values they cannot hold as such: each worded
/// here once and reported once per subject (an attribute, a header field), however many values
/// have it.
///
/// A writer makes one for its document with its warning handler and says what its format does
/// instead (`writtenAs`); the sentence around it is the same in every format.
public struct FormatWarnings {
    private let onWarning: WarningHandler
    /// The subjects already warned about, each with its kind (`date Item.value`).
    private var warned: Set<String> = []

    /// Creates a record of no warnings, reporting to `onWarning`.
    public init(onWarning: @escaping WarningHandler) {
        self.onWarning = onWarning
    }

    /// Reports `warning` the first time `subject` comes, and nothing after.
    public mutating func once(_ subject: String, _ warning: @autoclosure () -> Warning) {
        guard warned.insert(subject).inserted else { return }
        onWarning(warning())
    }

    /// Warns once per attribute that its dates with no ISO 8601 form (not finite, or 10^15 seconds
    /// or more from 2001) are written as `writtenAs`, the ones not finite as `notFinite`.
    /// `attribute` names it as the format's warnings do (`Item.value`, `Item.value (Item/5)`),
    /// `key` is the attribute alone (`Item.value`), so that it is warned about once whatever
    /// object shows it first.
    public mutating func dateWithoutISO8601(
        _ attribute: @autoclosure () -> String, key: String, writtenAs: String, notFinite: String
    ) {
        once("date " + key, .datesWithoutISO8601(attribute(), writtenAs: writtenAs, notFinite: notFinite))
    }

    /// Warns once per attribute that text of it holding `character` (described, `U+0001`), which
    /// XML 1.0 cannot hold, is written as `writtenAs` (`base64 of its UTF-8 bytes, marked …`).
    /// `attribute` and `key` as for ``dateWithoutISO8601(_:key:writtenAs:notFinite:)``.
    public mutating func textXMLCannotHold(
        _ attribute: @autoclosure () -> String, key: String, character: @autoclosure () -> String,
        writtenAs: String
    ) {
        once(
            "text " + key,
            Warning(
                "\(attribute()): \(character()) cannot be written in XML 1.0, so text of this attribute holding such "
                    + "characters is written as \(writtenAs)"))
    }

    /// Warns once per field that the header's `field` holds `character` (described), which XML 1.0
    /// cannot hold, so that it is written as `writtenAs`.
    public mutating func headerFieldXMLCannotHold(_ field: String, character: String, writtenAs: String) {
        once(
            "header " + field,
            Warning("the header's \(field) holds \(character), which XML 1.0 cannot hold: written as \(writtenAs)"))
    }
}
