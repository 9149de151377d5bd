import GraphExport
import GraphExportCoreData

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
        try readSelection(parsed)
        try readPlainSQLite(parsed)
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

    /// Reads the options that choose what of the store is written: the nesting, the entities,
    /// `--root` and what goes with it, `--limit`, `--depth`, the properties, `--since`.
    private mutating func readSelection(_ parsed: ParsedArguments) throws(UsageError) {
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
    }

    /// Reads the options of plain SQLite databases, and `--raw-values`, which refuses
    /// `--json-columns`.
    private mutating func readPlainSQLite(_ parsed: ParsedArguments) throws(UsageError) {
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
