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
    /// Print help.
    case help
    /// Print the version.
    case version
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
    var shape: ExportShape = .tree
    var output: String?
    var pretty: Bool?
    /// Values of format-specific options, by option name.
    var formatOptions: [String: String] = [:]
    var source: SourceKind = .auto
    /// Plain SQLite: relationships that nest, and that never nest (`Table.relationship`).
    var nest: [String] = []
    var noNest: [String] = []
    var includeViews = false
    var inferRelations = false
    /// Whether an error also shows the SQL statement behind it.
    var verbose = false
    /// `--busy-timeout`: how long to wait for another process's lock on the store; `nil`: the default.
    var busyTimeout: Duration?
}

/// A command line that does not say something graphexport can do.
struct UsageError: Error, Equatable {
    let message: String
}

extension Invocation {
    /// Parses arguments (without the program name): options in any order, `--name value` or
    /// `--name=value`, `--` ending the options.
    init(parsing arguments: [String], formats: FormatRegistry) throws(UsageError) {
        var request = ExportRequest(store: "")
        var stores: [String] = []
        var given: [String] = []
        var remaining = arguments[...]
        var optionsEnded = false
        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let next = remaining.popFirst() else { throw UsageError(message: "missing value for '\(option)'") }
            return next
        }
        while let argument = remaining.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                stores.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            given.append(name)
            switch name {
            case "--": optionsEnded = true
            case "-h", "--help":
                self = .help
                return
            case "--version":
                self = .version
                return
            case "-f", "--format": request.format = try value(for: name, inline: inline)
            case "-m", "--model": request.model = try value(for: name, inline: inline)
            case "-o", "--output": request.output = try value(for: name, inline: inline)
            case "--shape":
                let shape = try value(for: name, inline: inline)
                guard let parsed = ExportShape(rawValue: shape) else {
                    throw UsageError(
                        message:
                            "unknown shape '\(shape)' (values: \(ExportShape.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                request.shape = parsed
            case "--source":
                let kind = try value(for: name, inline: inline)
                guard let parsed = SourceKind(rawValue: kind) else {
                    let values = SourceKind.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(message: "unknown source '\(kind)' (values: \(values))")
                }
                request.source = parsed
            case "--nest": request.nest.append(try value(for: name, inline: inline))
            case "--no-nest": request.noNest.append(try value(for: name, inline: inline))
            case "--include-views": request.includeViews = true
            case "--infer-relations": request.inferRelations = true
            case "--busy-timeout":
                let given = try value(for: name, inline: inline)
                guard let seconds = Double(given), seconds.isFinite, seconds >= 0 else {
                    throw UsageError(
                        message: "invalid value '\(given)' for '\(name)': give seconds, 0 or more (e.g. 2.5)")
                }
                request.busyTimeout = .seconds(seconds)
            case "--pretty": request.pretty = true
            case "--compact": request.pretty = false
            case "--verbose": request.verbose = true
            default:
                guard name.hasPrefix("--"), let (_, option) = formats.option(named: String(name.dropFirst(2))) else {
                    throw UsageError(message: "unknown option '\(name)'")
                }
                let given = try value(for: name, inline: inline)
                guard option.values.contains(given) else {
                    throw UsageError(
                        message:
                            "unknown value '\(given)' for '\(name)' (values: \(option.values.joined(separator: ", ")))")
                }
                request.formatOptions[option.name] = given
            }
        }
        if stores == ["formats"] {
            self = .listFormats
            return
        }
        if stores.first == "inspect" {
            guard stores.count > 1 else { throw UsageError(message: "missing the store to inspect") }
            guard stores.count == 2 else { throw UsageError(message: "more than one store given: '\(stores[2])'") }
            request.store = stores[1]
            self = .inspect(try InspectRequest(request, given: given))
            return
        }
        // `graphexport schema` (Schema*.swift).
        if stores.first == "schema" {
            guard stores.count > 1 else { throw UsageError(message: "missing the store to describe") }
            guard stores.count == 2 else { throw UsageError(message: "more than one store given: '\(stores[2])'") }
            request.store = stores[1]
            self = .schema(try SchemaRequest(request, given: given))
            return
        }
        guard let store = stores.first else { throw UsageError(message: "missing the store to export") }
        guard stores.count == 1 else { throw UsageError(message: "more than one store given: '\(stores[1])'") }
        request.store = store
        self = .export(request)
    }
}
