/// How every error type of graphexport words a message about something the user named apart, as
/// they typed it — a file (`Books.sqlite: damaged Core Data store: …`) or an option with its value
/// (`--blobs out: is not a folder`): the subject, then what is wrong and what to do. The rule that
/// joins the parts is here, once; a sentence that names what it is about in its own words (`the
/// file x is missing`) is written whole by its error type.
package enum ErrorMessage {
    /// `<subject>: <explanation>`: a message about a file or another thing the user named, spelled
    /// as the user spelled it.
    package static func about(_ subject: String, _ explanation: String) -> String {
        subject + ": " + explanation
    }

    /// `'<source>': <explanation>`: a message about data a reader was given (a model file, an
    /// archive, the compressed value of a store's column: `'Books.sqlite (Z_MODELCACHE)'`), named in
    /// quotes.
    package static func quoted(_ source: String, _ explanation: String) -> String {
        about("'\(source)'", explanation)
    }

    /// `<option> <value>: <explanation>`: a message about a value given to a command-line option
    /// (`--key Track.id`, `--blobs out`); a message about the option as a whole uses ``about(_:_:)``.
    package static func option(_ option: String, _ value: String, _ explanation: String) -> String {
        about(option + " " + value, explanation)
    }

    /// The message about an environment variable that must be a number of seconds `range` and is
    /// `value` (echoed as a message repeats a value: cut, escaped); `examples` are numbers it could
    /// be, `unset` what it means when it is not set.
    package static func notSeconds(
        _ variable: String, _ value: String, range: String, examples: String, unset: String
    ) -> String {
        "\(variable) is '\(TerminalText.echoed(value))', not a number of seconds \(range); set it to one (such as \(examples)), "
            + "or unset it for \(unset)"
    }
}
