import GraphExport
import GraphExportStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The graphexport command: parses its arguments, runs, and maps every outcome to an exit status
/// (0 done, 64 usage error, 1 failure).
struct Command {
    let arguments: [String]
    var formats = builtInFormats

    func run() -> Int32 {
        var verbose = false
        do {
            let invocation = try Invocation(parsing: arguments, formats: formats)
            if case .export(let request) = invocation { verbose = request.verbose }
            if case .inspect(let request) = invocation { verbose = request.source.verbose }
            if case .schema(let request) = invocation { verbose = request.source.verbose }
            switch invocation {
            case .help:
                print(HelpText.help(formats: formats), terminator: "")
            case .version:
                print(GraphExportVersion.current)
            case .listFormats:
                print(HelpText.formatList(formats, plugins: try PluginCatalog().plugins), terminator: "")
            case .export(let request):
                let warnings = WarningPrinter()
                try export(request, warnings: warnings)
                warnings.printSummary()
            case .inspect(let request):
                try inspect(request)
            case .schema(let request):
                try schema(request)
            }
            return 0
        } catch let error as UsageError {
            printError(HelpText.usageError(error.message))
            return 64
        } catch SinkError.brokenPipe {
            return 0
        } catch let error as SQLiteError where verbose {
            printError("graphexport: error: \(error.descriptionWithSQL)\n")
            return 1
        } catch {
            printError("graphexport: error: \(error)\n")
            return 1
        }
    }

    /// A built-in format or an external plugin.
    private enum ChosenFormat {
        case builtIn(FormatDescriptor)
        case plugin(Plugin)
    }

    /// The format `--format` names, else the one `-o`'s extension names, else the first built in.
    /// Plugins are looked for only when no built-in format is meant, so a plugin setting (such as a
    /// bad `GRAPHEXPORT_PLUGIN_TIMEOUT`) never stops an export in a built-in format.
    private func chooseFormat(_ request: ExportRequest) throws -> ChosenFormat {
        func values(_ plugins: PluginCatalog) -> String {
            (formats.formats.map(\.name) + plugins.plugins.map(\.name)).joined(separator: ", ")
        }
        if let name = request.format {
            if let format = formats.format(named: name) { return .builtIn(format) }
            let plugins = try PluginCatalog()
            if let plugin = plugins.plugin(named: name) { return .plugin(plugin) }
            throw UsageError(message: "unknown format '\(name)' (values: \(values(plugins)))")
        }
        guard let output = request.output else { return .builtIn(formats.formats[0]) }
        if let format = formats.format(forPath: output) { return .builtIn(format) }
        let plugins = try PluginCatalog()
        if let dot = output.lastIndex(of: "."), !output[dot...].contains("/") {
            let fileExtension = output[output.index(after: dot)...].lowercased()
            if let plugin = plugins.plugins.first(where: { (try? $0.describe().fileExtension) == fileExtension }) {
                return .plugin(plugin)
            }
        }
        throw UsageError(
            message: "'\(output)' does not name a format by its extension: add --format (values: \(values(plugins)))")
    }

    private func export(_ request: ExportRequest, warnings: WarningPrinter) throws {
        let format = try chooseFormat(request)
        if case .plugin(let plugin) = format { _ = try plugin.describe() }
        if let outputPath = request.output,
            let input = ExportInputs(storePath: request.store, modelPath: request.model).file(sameAs: outputPath)
        {
            throw CommandError.outputIsInput(path: outputPath, input: input)
        }
        let source = try openSource(request, onWarning: warnings.report)
        let traversal = GraphTraversal(source: source, shape: request.shape, onWarning: warnings.report)
        guard let outputPath = request.output else {
            let options = FormatOptions(pretty: request.pretty ?? (isatty(1) != 0), values: request.formatOptions)
            try write(
                traversal, as: format, to: FileDescriptorSink.standardOutput(), options: options, warnings: warnings)
            return
        }
        let output = try OutputFile(path: outputPath)
        let options = FormatOptions(pretty: request.pretty ?? false, values: request.formatOptions)
        try write(traversal, as: format, to: output.sink, options: options, warnings: warnings)
        try output.commit()
    }

    /// The store as a Core Data store or a plain SQLite database, as asked or as it turns out.
    func openSource(_ request: ExportRequest, onWarning: @escaping WarningHandler) throws -> any InspectableSource {
        let opening = request.busyTimeout.map { StoreOpenOptions(busyTimeout: $0) } ?? StoreOpenOptions()
        let sqliteOnly =
            !request.nest.isEmpty || !request.noNest.isEmpty || request.includeViews || request.inferRelations
        if request.source == .coredata || request.model != nil {
            if sqliteOnly {
                throw UsageError(
                    message: "--nest, --no-nest, --include-views and --infer-relations are for plain SQLite databases")
            }
            if request.source == .sqlite {
                throw UsageError(message: "--model is for Core Data stores, not --source sqlite")
            }
            let model = try request.model.map(ModelFile.load(path:))
            return try CoreDataStore(path: request.store, model: model, opening: opening, onWarning: onWarning)
        }
        if request.source == .auto && !sqliteOnly {
            let held = HeldWarnings()
            do {
                let store = try CoreDataStore(path: request.store, opening: opening, onWarning: held.report)
                held.release(to: onWarning)
                return store
            } catch StoreError.notCoreDataStore {
                // A plain SQLite database: read below, which warns about the store's files again.
            } catch {
                held.release(to: onWarning)
                throw error
            }
        }
        let options = SQLiteSourceOptions(
            nest: request.nest, noNest: request.noNest, includeViews: request.includeViews,
            inferRelations: request.inferRelations)
        do {
            return try SQLiteDatabaseSource(
                path: request.store, options: options, opening: opening, onWarning: onWarning)
        } catch let error as SQLiteSourceError {
            switch error {
            case .unknownRelationship, .cannotNest, .conflictingNesting: throw UsageError(message: error.description)
            default: throw error
            }
        }
    }

    private func write(
        _ traversal: GraphTraversal, as format: ChosenFormat, to sink: FileDescriptorSink, options: FormatOptions,
        warnings: WarningPrinter
    ) throws {
        switch format {
        case .builtIn(let descriptor):
            try traversal.run(into: descriptor.makeWriter(sink, options, warnings.report))
        case .plugin(let plugin):
            do {
                try plugin.export(traversal, to: sink.descriptor, options: options.values)
            } catch {
                // The plugin stopped because the reader of the output went away: end quietly.
                if Self.readerIsGone(sink.descriptor) { throw SinkError.brokenPipe }
                throw error
            }
        }
    }

    /// Whether `descriptor` is a pipe whose reading end is closed.
    private static func readerIsGone(_ descriptor: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: 0, revents: 0)
        return poll(&poller, 1, 0) == 1 && poller.revents & Int16(POLLERR) != 0
    }
}

/// Writes text to standard error.
func printError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// Prints warnings to standard error as they come, up to a limit, then counts the rest.
final class WarningPrinter {
    private static let limit = 50
    private var count = 0

    func report(_ warning: Warning) {
        count += 1
        if count <= Self.limit { printError("graphexport: warning: \(warning)\n") }
    }

    func printSummary() {
        if count > Self.limit { printError("graphexport: warning: \(count - Self.limit) more warnings not shown\n") }
    }
}
