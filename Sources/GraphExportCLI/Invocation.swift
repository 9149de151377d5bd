import GraphExport

/// What the user asked for, parsed from the command line.
enum Invocation: Equatable {
    /// Export a store.
    case export(ExportRequest)
    /// Describe what graphexport sees in a store (`graphexport inspect <store>`).
    case inspect(InspectRequest)
    /// Write the shape of a store's export (`graphexport schema <store>`, `Schema*.swift`).
    case schema(SchemaRequest)
    /// List the formats.
    case listFormats
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
    /// `--limit`: the most top-level objects per entity.
    var limit: Int?
    /// `--depth`: the most levels of nesting, 0 for no limit; `nil`: the default.
    var depth: Int?
    /// `--exclude-attribute`: attributes left out (`Entity.attribute`).
    var excludedAttributes: [String] = []
    /// `--include-history`: Core Data's persistent-history tables as entities too.
    var includeHistory = false
    var includeViews = false
    var inferRelations = false
    /// `--json-columns`: JSON arrays and objects in text columns read as arrays and maps.
    var jsonColumns = false
    /// `--raw-transformable`: Core Data Transformable attributes keep their stored bytes.
    var rawTransformables = false
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
        let word = CommandTable.entry(command).word.map { "graphexport " + $0 } ?? "an export"
        if let name = parsed.given.first(where: { !(table.option(named: $0)?.commands.contains(command) ?? false) }) {
            throw UsageError(message: "'--\(name)' is not an option of '\(word)'")
        }
        switch command {
        case .help:
            guard parsed.operands.count <= 1 else {
                throw UsageError(message: "help takes one command at most, not '\(parsed.operands[1])'")
            }
            guard let word = parsed.operands.first else {
                self = .help(.export)
                return
            }
            guard let named = CommandTable.command(named: word) else {
                let words = CommandTable.all.compactMap(\.word).joined(separator: ", ")
                throw UsageError(message: "no command '\(word)' (commands: \(words))")
            }
            self = .help(named)
        case .formats:
            if let extra = parsed.operands.first {
                throw UsageError(message: "formats takes no operand, not '\(extra)'")
            }
            self = .listFormats
        case .inspect:
            var request = try ExportRequest(parsed, table: table, noun: "store to inspect")
            if let name = ["nest", "no-nest"].first(where: parsed.has) {
                guard request.model == nil && request.source != .coredata else {
                    throw UsageError(
                        message: "'--\(name)' applies to a Core Data store in an export only: inspect shows the "
                            + "nesting of the store's own model")
                }
                // Inspect takes the nesting options of a plain SQLite database only, and reads the store as one.
                request.source = .sqlite
            }
            self = .inspect(try InspectRequest(request, table: table))
        case .schema:
            self = .schema(
                try SchemaRequest(try ExportRequest(parsed, table: table, noun: "store to describe"), table: table))
        case .export:
            self = .export(try ExportRequest(parsed, table: table, noun: "store to export"))
        }
    }
}

extension ExportRequest {
    /// The request the options and the one operand of `parsed` make; `noun` names the operand in
    /// messages.
    fileprivate init(_ parsed: ParsedArguments, table: OptionTable, noun: String) throws(UsageError) {
        guard let store = parsed.operands.first else { throw UsageError(message: "missing the \(noun)") }
        guard parsed.operands.count == 1 else {
            throw UsageError(message: "more than one store given: '\(parsed.operands[1])'")
        }
        self.init(store: store)
        given = parsed.given
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
        if exact && entities.isEmpty && excludedEntities.isEmpty {
            throw UsageError(message: "'--exact' goes with --entity or --exclude-entity: give one of them too")
        }
        root = parsed.value("root")
        whereExpression = parsed.value("where")
        closure = parsed.has("closure")
        limit = try Self.count(parsed.value("limit"), option: "limit", least: 1)
        depth = try Self.count(parsed.value("depth"), option: "depth", least: 0)
        excludedAttributes = parsed.values["exclude-attribute"] ?? []
        includeHistory = parsed.has("include-history")
        includeViews = parsed.has("include-views")
        inferRelations = parsed.has("infer-relations")
        jsonColumns = parsed.has("json-columns")
        rawTransformables = parsed.has("raw-transformable")
        noDecode = parsed.values["no-decode"] ?? []
        verbose = parsed.has("verbose")
        quiet = parsed.has("quiet")
        strict = parsed.has("strict")
        // Of --pretty and --compact, the one given last counts.
        pretty = parsed.given.last { $0 == "pretty" || $0 == "compact" }.map { $0 == "pretty" }
        if let text = parsed.value("busy-timeout") {
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
                throw UsageError(
                    message: "invalid value '\(text)' for '--busy-timeout': give seconds, 0 or more (e.g. 2.5)")
            }
            busyTimeout = .seconds(seconds)
        }
        for option in table.options where option.requirements.contains(where: \.isFormat) {
            if let value = parsed.value(option.name) { formatOptions[option.name] = value }
        }
    }

    /// The whole number `text` gives for `--<option>`, at least `least`; `nil` without one.
    private static func count(_ text: String?, option: String, least: Int) throws(UsageError) -> Int? {
        guard let text else { return nil }
        guard let number = Int(text), number >= least else {
            throw UsageError(
                message: "invalid value '\(text)' for '--\(option)': give a whole number, \(least) or more")
        }
        return number
    }
}
