import GraphExport

/// A command line split by the option table, GNU style: `--name value`, `--name=value`, `-f value`,
/// `-fvalue` (and `-f=value`), one-letter flags together (`-qh`), `--` ending the options, `-` an operand (for
/// `-o -`, standard output). Options and operands mix in any order; the first operand may be a
/// command word (`inspect`). Parsing stops at an option that prints something and ends (`--help`).
///
/// An option whose value is optional (``CommandOption/valueIsOptional``: `--json-columns`) takes
/// the next argument unless it starts with `-` or there is none, and is given without a value (the
/// empty string) then; when the command line then has no operand, the last value so taken was the
/// store (`graphexport --json-columns app.db`): it becomes the operand, and its option is given
/// without a value.
struct ParsedArguments {
    /// The command the first operand names, else the export.
    var command: CommandName = .export
    /// The values given, by option long name, in order; a flag's value is the empty string.
    var values: [String: [String]] = [:]
    /// The options given, by long name, in order, once for each time given.
    var given: [String] = []
    /// The operands, the command word left out.
    var operands: [String] = []
    /// The option that ended parsing to print something, if any.
    var action: CommandOption.Action?
    /// The last value an option with an optional value took from the next argument: the option's
    /// name and the value's place among its values.
    private var lastOptionalValue: (name: String, index: Int)?

    /// Splits `arguments` (without the program name) by `table`.
    init(_ arguments: [String], table: OptionTable) throws(UsageError) {
        var remaining = arguments[...]
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                addOperand(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument.hasPrefix("--") {
                try addLong(argument, remaining: &remaining, table: table)
            } else {
                try addShort(argument, remaining: &remaining, table: table)
            }
            if action != nil { return }
        }
        if operands.isEmpty, let (name, index) = lastOptionalValue, let value = values[name]?[index] {
            values[name]?[index] = ""
            addOperand(value)
        }
    }

    /// Adds the option of a `--name` or `--name=value` argument, taking its value from
    /// `remaining` when it needs one.
    private mutating func addLong(
        _ argument: String, remaining: inout ArraySlice<String>, table: OptionTable
    ) throws(UsageError) {
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let option = table.option(named: name) else {
            throw UsageError(message: "unknown option '--\(TerminalText.echoed(name))'")
        }
        if !option.takesValue, inline != nil {
            throw UsageError(message: "'--\(name)' takes no value (given '\(TerminalText.echoed(argument))')")
        }
        var value = inline ?? ""
        if option.valueIsOptional && inline == nil {
            if let following = remaining.first, !following.hasPrefix("-") {
                value = following
                remaining = remaining.dropFirst()
                lastOptionalValue = (name, values[name]?.count ?? 0)
            }
        } else if option.takesValue && inline == nil {
            value = try next(&remaining, for: option)
        }
        try add(option, value: value)
    }

    /// Adds the options of a `-f value`, `-fvalue` or `-qh` argument, taking a value from
    /// `remaining` when the last letter needs one.
    private mutating func addShort(
        _ argument: String, remaining: inout ArraySlice<String>, table: OptionTable
    ) throws(UsageError) {
        var letters = argument.dropFirst()
        while let letter = letters.popFirst() {
            guard let option = table.option(short: letter) else {
                throw UsageError(message: "unknown option '-\(TerminalText.echoed(String(letter)))'")
            }
            if option.takesValue {
                // `-fjson`, and `-o=out.json` as a user means it (the value without the `=`).
                let attached = letters.first == "=" ? letters.dropFirst() : letters
                try add(option, value: letters.isEmpty ? next(&remaining, for: option) : String(attached))
                break
            }
            try add(option, value: "")
        }
    }

    /// The option's value that counts: the last one given.
    func value(_ name: String) -> String? {
        values[name]?.last
    }

    /// Whether the option was given.
    func has(_ name: String) -> Bool {
        values[name] != nil
    }

    private mutating func addOperand(_ operand: String) {
        if operands.isEmpty, command == .export, let named = CommandTable.command(named: operand) {
            command = named
        } else {
            operands.append(operand)
        }
    }

    private mutating func add(_ option: CommandOption, value: String) throws(UsageError) {
        var value = value
        if case .choice(_, let choices, _) = option.argument {
            guard let match = choices.first(where: { $0 == value.lowercased() }) else {
                throw UsageError(
                    message: "unknown value '\(TerminalText.echoed(value))' for '\(option.longForm)' (values: "
                        + choices.joined(separator: ", ") + ")")
            }
            value = match
        }
        given.append(option.name)
        values[option.name, default: []].append(value)
        if let action = option.action { self.action = action }
    }

    private func next(_ remaining: inout ArraySlice<String>, for option: CommandOption) throws(UsageError) -> String {
        guard let value = remaining.popFirst() else {
            throw UsageError(message: "missing value for '\(option.longForm)'")
        }
        return value
    }
}
