import GraphExport
import GraphExportCoreData

/// What the user asked for, parsed from the command line.
enum Invocation: Equatable {
    /// Export a store.
    case export(ExportRequest)
    /// Describe what graphexport sees in a store (`graphexport inspect <store>`).
    case inspect(InspectRequest)
    /// Write the shape of a store's export (`graphexport schema <store>`, `Schema/`).
    case schema(SchemaRequest)
    /// List the transactions of a store's persistent history (`graphexport log <store>`, `Log/`).
    case log(LogRequest)
    /// Print what differs between two stores (`graphexport diff <old> <new>`, `Diff/`).
    case diff(DiffRequest)
    /// Keep a relational copy of a store current (`graphexport sync <store> <target>`, `Sync/`).
    case sync(SyncRequest)
    /// List the formats, as text or as one JSON object (`graphexport formats --format json`).
    case listFormats(ReportFormat)
    /// Print the help of a command.
    case help(CommandName)
    /// Print the version.
    case version
    /// Print the man page.
    case manPage
    /// Print the reference of the command line, `docs/CLI.md`.
    case cliReference
    /// Print the completion script of a shell (`bash`, `zsh`).
    case completion(shell: String)
}

extension Invocation {
    /// The command run, whose usage a usage error met while it runs shows.
    var command: CommandName {
        switch self {
        case .export: .export
        case .inspect: .inspect
        case .schema: .schema
        case .log: .log
        case .diff: .diff
        case .sync: .sync
        case .listFormats: .formats
        case .help, .version, .manPage, .cliReference, .completion: .help
        }
    }

    /// Whether an error also shows the SQL statement behind it (`--verbose`).
    var verbose: Bool {
        switch self {
        case .export(let request): request.verbose
        case .inspect(let request): request.source.verbose
        case .schema(let request): request.source.verbose
        case .log(let request): request.source.verbose
        case .diff(let request): request.old.verbose
        case .sync(let request): request.source.verbose
        case .listFormats, .help, .version, .manPage, .cliReference, .completion: false
        }
    }
}

extension Invocation {
    /// Parses arguments (without the program name) by the option table of `formats`.
    init(parsing arguments: [String], formats: FormatRegistry) throws(UsageError) {
        let table = OptionTable(formats: formats)
        let parsed = try ParsedArguments(arguments, table: table)
        let command = parsed.command
        do {
            try self.init(parsed, table: table)
        } catch {
            throw UsageError(message: error.message, command: command)
        }
    }

    private init(_ parsed: ParsedArguments, table: OptionTable) throws(UsageError) {
        switch parsed.action {
        case .help?:
            self = .help(parsed.command)
            return
        case .version?:
            self = .version
            return
        case .manPage?:
            self = .manPage
            return
        case .cliReference?:
            self = .cliReference
            return
        case .completion?:
            self = .completion(shell: parsed.value("generate-completion") ?? "")
            return
        case nil:
            break
        }
        let command = parsed.command
        try Applicability(command: command).check(
            given: parsed.given, values: parsed.values.compactMapValues(\.last), table: table)
        switch command {
        case .help:
            self = .help(try Self.commandToHelp(parsed))
        case .formats:
            if let extra = parsed.operands.first {
                throw UsageError(message: "formats takes no operand, not '\(TerminalText.echoed(extra))'")
            }
            self = .listFormats(try ReportFormat(option: parsed.value("format"), command: "formats"))
        case .inspect:
            self = .inspect(
                try InspectRequest(try ExportRequest(parsed, table: table, noun: "store to inspect")))
        case .schema:
            self = .schema(
                try SchemaRequest(try ExportRequest(parsed, table: table, noun: "store to describe"), table: table))
        case .log:
            self = .log(try LogRequest(try ExportRequest(parsed, table: table, noun: "store to list"), table: table))
        case .diff:
            self = .diff(try DiffRequest(parsed, table: table))
        case .sync:
            self = .sync(try SyncRequest(parsed, table: table))
        case .export:
            self = .export(try ExportRequest(parsed, table: table, noun: "store to export"))
        }
    }

    /// The command `graphexport help` names, the export when none is named.
    private static func commandToHelp(_ parsed: ParsedArguments) throws(UsageError) -> CommandName {
        guard parsed.operands.count <= 1 else {
            throw UsageError(
                message: "help takes one command at most, not '\(TerminalText.echoed(parsed.operands[1]))'")
        }
        guard let word = parsed.operands.first else { return .export }
        guard let named = CommandTable.command(named: word) else {
            let words = CommandTable.all.compactMap(\.word).joined(separator: ", ")
            throw UsageError(message: "no command '\(TerminalText.echoed(word))' (commands: \(words))")
        }
        return named
    }
}
