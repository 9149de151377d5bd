import GraphExport
import GraphExportSchema

/// The bash and zsh completion scripts, made from the command and option tables;
/// `make install` writes them with `graphexport --generate-completion bash|zsh`.
struct Completion {
    let formats: FormatRegistry

    /// The script for `shell` (`bash` or `zsh`; the option table allows no other).
    func script(shell: String) -> String {
        shell == "zsh" ? zsh : bash
    }

    private var table: OptionTable { OptionTable(formats: formats) }

    /// The words an option's value completes to, `nil` for a file name, empty for free text.
    private func values(of option: CommandOption) -> [String]? {
        switch option.argument {
        case .none: []
        case .path: nil
        case .text: []
        case .choice(_, let values, _): values
        case .format:
            formats.formats.map(\.name)
                + (ReportFormat.allCases.map(\.rawValue) + SchemaFormat.allCases.map(\.rawValue))
                .filter { formats.format(named: $0) == nil }
        }
    }

    private var visible: [CommandOption] {
        table.options.filter { !$0.hidden }
    }

    /// bash: options after a dash, values after an option that takes one, command words or a
    /// store file first, files after. After an option whose value is optional, files (the store
    /// may follow it).
    var bash: String {
        var cases = ""
        for option in visible where option.takesValue && !option.valueIsOptional {
            let names = ([option.longForm] + (option.short.map { ["-\($0)"] } ?? [])).joined(separator: "|")
            let reply =
                values(of: option).map { words in
                    words.isEmpty
                        ? "COMPREPLY=()" : "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
                } ?? "COMPREPLY=($(compgen -f -- \"$cur\"))"
            cases += "        \(names)) \(reply); return ;;\n"
        }
        let options = visible.flatMap { [$0.longForm] + ($0.short.map { ["-\($0)"] } ?? []) }.joined(separator: " ")
        let words = CommandTable.all.compactMap(\.word).joined(separator: " ")
        return """
            # bash completion for graphexport, made by graphexport from its option table (make install)
            _graphexport() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                case "$prev" in
            \(cases)    esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "\(options)" -- "$cur"))
                elif [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(words)" -- "$cur") $(compgen -f -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _graphexport graphexport

            """
    }

    /// zsh: one `_arguments` spec per option, the command words or a store first, files after. An
    /// option whose value is optional is completed as a flag (the store may follow it).
    var zsh: String {
        var specs: [String] = []
        for option in visible {
            let help = Self.bracketSafe(Self.firstSentence(of: option.help))
            let takesValue = option.takesValue && !option.valueIsOptional
            let value: String
            if let valueName = option.valueName, takesValue {
                let action = values(of: option).map { $0.isEmpty ? " " : "(\($0.joined(separator: " ")))" } ?? "_files"
                value = ":\(valueName):\(action)"
            } else {
                value = ""
            }
            let repeats = option.repeatable ? "*" : ""
            let long = option.longForm + (takesValue ? "=" : "")
            if let short = option.short {
                let shortForm = "-\(short)" + (takesValue ? "+" : "")
                specs.append(
                    "'\(repeats)(-\(short) \(option.longForm))'{\(shortForm),\(long)}'[\(help)]\(value)'")
            } else {
                specs.append("'\(repeats)\(long)[\(help)]\(value)'")
            }
        }
        let words = CommandTable.all.compactMap(\.word).joined(separator: " ")
        return """
            #compdef graphexport
            # zsh completion for graphexport, made by graphexport from its option table (make install)
            _arguments -s -S \\
              \(specs.joined(separator: " \\\n  ")) \\
              '1:command or store:{_alternative "commands:command:(\(words))" "files:store:_files"}' \\
              '*:store:_files'

            """
    }

    /// `text` up to its first full stop followed by a space, without that stop.
    private static func firstSentence(of text: String) -> Substring {
        text.firstRange(of: ". ").map { text[..<$0.lowerBound] } ?? text[...].dropLast(text.hasSuffix(".") ? 1 : 0)
    }

    /// `text` without the characters that end or break a zsh `[…]` description inside quotes.
    private static func bracketSafe(_ text: Substring) -> String {
        String(text.filter { !"[]':\\".contains($0) })
    }
}
