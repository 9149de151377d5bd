import GraphExport

/// One command-line option as the option table (``OptionTable``) declares it: everything the
/// parser, the checks of what applies, `--help`, the man page and the completions know of it.
struct CommandOption {
    /// What follows the option.
    enum Argument: Equatable {
        /// Nothing: a flag. `--flag=value` is a usage error.
        case none
        /// A file or folder (`<path>`), completed as a file name.
        case path(String)
        /// Free text, such as `Table.relationship` or a number of seconds.
        case text(String)
        /// One of `values`, matched in any case; the first is the default when one is named.
        case choice(String, values: [String], defaultValue: String?)
        /// A format's name: a built-in one or a plugin for an export, text or json for `inspect`.
        case format
    }

    /// Where the option has an effect; given anywhere else it is a usage error that says why. The
    /// one checker (``Applicability``) derives every such error from these, and help, the man
    /// page and the completions the sentences that say where an option applies.
    indirect enum Requirement: Equatable, Sendable {
        /// Only a plain SQLite database: not with `--model` or `--source coredata`, nor for a store
        /// that turns out to be a Core Data store.
        case plainSQLite
        /// Only a Core Data store: not with `--source sqlite`, nor for a store that turns out to be
        /// a plain SQLite database.
        case coreData
        /// Only the tree shape: not with `--shape flat`, nor in a format written flat (one without
        /// ``FormatCapabilities/nesting``).
        case treeShape
        /// Only a format that keeps objects nested in their owners (``FormatCapabilities/nesting``).
        case nestingFormat
        /// Only a built-in format that can be laid out for people or compactly.
        case prettyLayout
        /// Only the built-in format of this name (its own option).
        case format(String)
        /// Only together with this other option (by its long name).
        case option(String)
        /// Only together with one of these other options (by their long names).
        case anyOption([String])
        /// The requirement, when the option's value is this one (`--shape tree`).
        case whenValue(String, Requirement)

        /// Whether this makes the option one format's own.
        var isFormat: Bool {
            if case .format = self { true } else { false }
        }
    }

    /// What the option does when given, besides setting a value.
    enum Action: Equatable {
        /// Prints help for the command and ends.
        case help
        /// Prints the version and ends.
        case version
        /// Prints the man page and ends (for `make install`).
        case manPage
        /// Prints the reference of the command line, `docs/CLI.md` (for `make docs`), and ends.
        case cliReference
        /// Prints a completion script for the shell given and ends (for `make install`).
        case completion
    }

    /// The long name without dashes (`format`).
    let name: String
    /// The one-letter name, if any (`f` for `-f`).
    var short: Character? = nil
    /// What follows the option.
    var argument: Argument = .none
    /// Whether the option may be given without its value: it takes the next argument only when that
    /// is not an option, and gives it back as the store when the command line has no store without it.
    var valueIsOptional = false
    /// Whether it may be given more than once, every value kept; otherwise the last one counts.
    var repeatable = false
    /// The commands that take it.
    var commands: Set<CommandName> = [.export]
    /// Where it has an effect.
    var requirements: [Requirement] = []
    /// What it does at once, for the options that print something and end.
    var action: Action? = nil
    /// Left out of help, the man page and the completions (generators run by `make install`).
    var hidden = false
    /// What it does, in sentences.
    let help: String

    /// `--format`.
    var longForm: String { "--" + name }

    /// `-f, --format <format>` (`--json-columns [<Table.column>]` for an optional value), as help and
    /// the man page list it.
    var synopsis: String {
        let names = (short.map { "-\($0), " } ?? "") + longForm
        return valueName.map { names + (valueIsOptional ? " [<\($0)>]" : " <\($0)>") } ?? names
    }

    /// The name of the value (`path`), `nil` for a flag.
    var valueName: String? {
        switch argument {
        case .none: nil
        case .path(let name), .text(let name), .choice(let name, _, _): name
        case .format: "format"
        }
    }

    /// Whether a value follows the option.
    var takesValue: Bool { argument != .none }
}
