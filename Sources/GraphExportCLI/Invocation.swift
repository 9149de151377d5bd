import GraphExport

/// What the user asked for, parsed from the command line.
enum Invocation: Equatable {
    /// Export a store.
    case export(ExportRequest)
    /// Describe what graphexport sees in a store (`graphexport inspect <store>`).
    case inspect(InspectRequest)
    /// Write the shape of a store's export (`graphexport schema <store>`, `Schema*.swift`).
    case schema(SchemaRequest)
    /// List the transactions of a store's persistent history (`graphexport log <store>`, `Log.swift`).
    case log(LogRequest)
    /// Print what differs between two stores (`graphexport diff <old> <new>`, `Diff*.swift`).
    case diff(DiffRequest)
    /// Keep a relational copy of a store current (`graphexport sync <store> <target>`, `Sync/`).
    case sync(SyncRequest)
    /// List the formats, as text or as one JSON object (`graphexport formats --format json`).
    case listFormats(FormatListing)
    /// Print the help of a command.
    case help(CommandName)
    /// Print the version.
    case version
    /// Print the man page.
    case manPage
    /// Print the completion script of a shell (`bash`, `zsh`).
    case completion(shell: String)
}

/// How to read the store.
enum SourceKind: String, CaseIterable {
    /// A Core Data store when it has Core Data's tables, else a plain SQLite database.
    case auto
    /// A Core Data store.
    case coredata
    /// A plain SQLite database, read through its foreign keys.
    case sqlite
}

/// The options of one export.
struct ExportRequest: Equatable {
    var store: String
    var format: String?
    var model: String?
    /// `--model-version`: the version of the model to read the store with, instead of the one that fits.
    var modelVersion: String?
    var shape: ExportShape = .tree
    /// The output file; `nil` (also for `-o -`) is standard output.
    var output: String?
    var pretty: Bool?
    /// Values of format-specific options, by option name.
    var formatOptions: [String: String] = [:]
    var source: SourceKind = .auto
    /// Relationships that nest, and that never nest (`Entity.relationship`).
    var nest: [String] = []
    var noNest: [String] = []
    /// `--entity`, `--exclude-entity`, `--exact`: the entities whose objects are written.
    var entities: [String] = []
    var excludedEntities: [String] = []
    var exact = false
    /// `--root`, `--where`, `--closure`: the objects chosen, and whether what they reach is added.
    var root: String?
    var whereExpression: String?
    var closure = false
    /// `--limit`: the most objects of each entity, a sample (`docs/SELECTION.md`).
    var limit: Int?
    /// `--depth`: the most levels of nesting, 0 for no limit; `nil`: the default.
    var depth: Int?
    /// `--blobs`: the folder binary values are written to, one file each, their paths in the export.
    var blobs: String?
    /// `--exclude-attribute`: properties left out (`Entity.property`), attributes and relationships.
    var excludedAttributes: [String] = []
    /// `--attributes`: the only properties kept of an entity (`Entity.a,b`).
    var keptAttributes: [String] = []
    /// `--include-history`: Core Data's persistent-history tables as entities too.
    var includeHistory = false
    /// `--since`: only what changed after this point of the store's history.
    var since: HistoryPoint?
    var includeViews = false
    var inferRelations = false
    /// `--json-columns` without a column: JSON arrays and objects in every untyped column's text
    /// read as arrays and maps.
    var jsonColumns = false
    /// `--json-columns Table.column`: the columns whose JSON text is read so.
    var jsonColumnNames: [String] = []
    /// `--raw-values` (or its old name `--raw-transformable`): every value as the store keeps it.
    var rawValues = false
    /// `--no-decode`: the value decoders not to use, by name.
    var noDecode: [String] = []
    /// Whether an error also shows the SQL statement behind it.
    var verbose = false
    /// `--quiet`: no warnings printed.
    var quiet = false
    /// `--strict`: any warning makes the exit status 1.
    var strict = false
    /// `--busy-timeout`: how long to wait for another process's lock on the store; `nil`: the default.
    var busyTimeout: Duration?
    /// The options given, by long name, in order (for the checks of what applies).
    var given: [String] = []
    /// The value that counts of each option given that takes one, by long name.
    var givenValues: [String: String] = [:]
}

/// A command line that does not say something graphexport can do.
struct UsageError: Error, Equatable {
    let message: String
    /// The command whose usage the error shows.
    var command: CommandName = .export
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
            guard parsed.operands.count <= 1 else {
                throw UsageError(
                    message: "help takes one command at most, not '\(TerminalText.echoed(parsed.operands[1]))'")
            }
            guard let word = parsed.operands.first else {
                self = .help(.export)
                return
            }
            guard let named = CommandTable.command(named: word) else {
                let words = CommandTable.all.compactMap(\.word).joined(separator: ", ")
                throw UsageError(message: "no command '\(TerminalText.echoed(word))' (commands: \(words))")
            }
            self = .help(named)
        case .formats:
            if let extra = parsed.operands.first {
                throw UsageError(message: "formats takes no operand, not '\(TerminalText.echoed(extra))'")
            }
            self = .listFormats(try FormatListing(parsed.value("format")))
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
}

extension ExportRequest {
    /// The request the options and the one operand of `parsed` make; `noun` names the operand in
    /// messages.
    init(_ parsed: ParsedArguments, table: OptionTable, noun: String) throws(UsageError) {
        guard let store = parsed.operands.first else { throw UsageError(message: "missing the \(noun)") }
        guard parsed.operands.count == 1 else {
            throw UsageError(message: "more than one store given: '\(TerminalText.echoed(parsed.operands[1]))'")
        }
        self.init(store: store)
        given = parsed.given
        givenValues = parsed.values.compactMapValues(\.last)
        format = parsed.value("format")
        model = parsed.value("model")
        modelVersion = parsed.value("model-version")
        output = parsed.value("output").flatMap { $0 == "-" ? nil : $0 }
        if let shape = parsed.value("shape") { self.shape = ExportShape(rawValue: shape) ?? .tree }
        if let source = parsed.value("source") { self.source = SourceKind(rawValue: source) ?? .auto }
        nest = parsed.values["nest"] ?? []
        noNest = parsed.values["no-nest"] ?? []
        entities = parsed.values["entity"] ?? []
        excludedEntities = parsed.values["exclude-entity"] ?? []
        exact = parsed.has("exact")
        root = parsed.value("root")
        whereExpression = parsed.value("where")
        closure = parsed.has("closure")
        limit = try Self.count(parsed.value("limit"), option: "limit", least: 1)
        depth = try Self.count(parsed.value("depth"), option: "depth", least: 0)
        excludedAttributes = parsed.values["exclude-attribute"] ?? []
        blobs = parsed.value("blobs")
        keptAttributes = parsed.values["attributes"] ?? []
        includeHistory = parsed.has("include-history")
        since = try parsed.value("since").map(HistoryPoint.init(option:))
        includeViews = parsed.has("include-views")
        inferRelations = parsed.has("infer-relations")
        let jsonColumnValues = parsed.values["json-columns"] ?? []
        jsonColumns = jsonColumnValues.contains("")
        jsonColumnNames = jsonColumnValues.filter { !$0.isEmpty }
        rawValues = parsed.has("raw-values") || parsed.has("raw-transformable")
        if rawValues && !jsonColumnValues.isEmpty {
            throw UsageError(
                message: "'--json-columns' reads text as JSON and '--raw-values' writes every value as stored: "
                    + "give one of them")
        }
        noDecode = parsed.values["no-decode"] ?? []
        verbose = parsed.has("verbose")
        quiet = parsed.has("quiet")
        strict = parsed.has("strict")
        // Of --pretty and --compact, the one given last counts.
        pretty = parsed.given.last { $0 == "pretty" || $0 == "compact" }.map { $0 == "pretty" }
        if let text = parsed.value("busy-timeout") {
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                throw UsageError(
                    message:
                        "invalid value '\(TerminalText.echoed(text))' for '--busy-timeout': give seconds, 0 or more (e.g. 2.5)"
                )
            }
            busyTimeout = .seconds(seconds)
        }
        for option in table.options where option.requirements.contains(where: \.isFormat) {
            if let value = parsed.value(option.name) { formatOptions[option.name] = value }
        }
        try Applicability(command: parsed.command, store: storeAskedFor).check(self, table: table)
    }

    /// The whole number `text` gives for `--<option>`, at least `least`; `nil` without one.
    private static func count(_ text: String?, option: String, least: Int) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let number = Int(text), number >= least else {
            throw UsageError(
                message:
                    "invalid value '\(TerminalText.echoed(text))' for '--\(option)': give a whole number, \(least) or more"
            )
        }
        return number
    }
}
