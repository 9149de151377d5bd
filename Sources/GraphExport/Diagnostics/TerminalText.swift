/// The one rule for text graphexport writes for a person at a terminal: its error, warning and
/// note lines, a plugin's lines forwarded as notes, the progress line, and the text of `log`,
/// `inspect`, `diff` and `formats` (not the documents: exports, schemas and the JSON of those
/// commands keep every value as it is).
///
/// Text from a store, a plugin or the command line may hold characters that a terminal acts on
/// rather than shows — an escape sequence that recolours, clears the screen, moves the cursor or
/// retitles the window, a carriage return that writes over the line, a newline that forges a line
/// of graphexport's own — or that make a reader see the text in another order (the
/// bidirectional controls). ``escaped(_:)`` writes each of them as its code, `\u{1B}`, so that
/// the line shows what the text holds; ``echoed(_:)`` also cuts a value a message repeats (a
/// token, an expression, a plugin's answer, a name the user typed) to ``echoLimit`` characters.
///
/// A backslash is left as it is: `\u{1B}` in a line is either an escape character or those six
/// characters in the text, as the rest of the line tells.
package enum TerminalText {
    /// The most characters (Unicode scalars) of a value that a message repeats: 100.
    package static let echoLimit = 100

    /// Whether a terminal or a reader acts on `scalar` rather than shows it: the C0 controls
    /// (U+0000–U+001F: newline, tab, carriage return, escape…), DEL (U+007F), the C1 controls
    /// (U+0080–U+009F, among them CSI and NEL), the bidirectional marks, embeddings, overrides and
    /// isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and the line and paragraph
    /// separators (U+2028, U+2029).
    package static func isActedOn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029: true
        default: false
        }
    }

    /// `text` with every character a terminal or a reader acts on (``isActedOn(_:)``) written as
    /// its code in hexadecimal, `\u{1B}`, `\u{A}`; the rest as it is. Escaping escaped text changes
    /// nothing.
    package static func escaped(_ text: String) -> String {
        // Printable ASCII, most text, holds nothing acted on: one pass over its bytes says so.
        let isPrintableASCII = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        }
        guard isPrintableASCII != true, text.unicodeScalars.contains(where: isActedOn) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isActedOn(scalar) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// `value` as a message repeats it: its first ``echoLimit`` characters (Unicode scalars),
    /// followed, when there are more, by `… (N more characters)`; escaped (``escaped(_:)``).
    package static func echoed(_ value: String) -> String {
        var kept = String.UnicodeScalarView()
        var count = 0
        for scalar in value.unicodeScalars {
            if count < echoLimit { kept.append(scalar) }
            count += 1
        }
        let cut = count > echoLimit ? "… (\(count - echoLimit) more characters)" : ""
        return escaped(String(kept)) + cut
    }
}
