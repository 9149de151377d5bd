import GraphExport
import GraphExportStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The graphexport command: parses its arguments, runs, and maps every outcome to an exit status
/// (0 done, 64 usage error, 1 failure or, with `--strict`, a warning).
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
            case .help(let command):
                print(HelpText(formats: formats).help(command), terminator: "")
            case .version:
                print(VersionText.lines, terminator: "")
            case .manPage:
                print(ManPage(formats: formats).text, terminator: "")
            case .completion(let shell):
                print(Completion(formats: formats).script(shell: shell), terminator: "")
            case .listFormats:
                print(
                    HelpText.formatList(
                        formats, plugins: try PluginCatalog().plugins, decoders: try DecoderChoice.listing()),
                    terminator: "")
            case .export(let request):
                let warnings = WarningPrinter(quiet: request.quiet)
                let outside = try export(request, warnings: warnings)
                warnings.printSummary()
                if outside > 0 && !request.quiet {
                    printError(
                        "graphexport: \(outside) reference\(outside == 1 ? "" : "s") to objects outside the selection "
                            + "\(outside == 1 ? "is" : "are") kept as references\n")
                }
                if request.strict && warnings.count > 0 {
                    printError(
                        "graphexport: error: \(warnings.count) warning\(warnings.count == 1 ? "" : "s") and --strict; "
                            + "the output was written\n")
                    return 1
                }
            case .inspect(let request):
                try inspect(request)
            case .schema(let request):
                try schema(request)
            }
            return 0
        } catch let error as UsageError {
            printError(HelpText(formats: formats).usageError(error))
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

    /// The format `--format` names, else the one `-o`'s extension names (before a `.gz`), else
    /// JSON. Plugins are looked for only when no built-in format is meant, so a plugin setting
    /// (such as a bad `GRAPHEXPORT_PLUGIN_TIMEOUT`) never stops an export in a built-in format.
    private func chooseFormat(_ request: ExportRequest, warnings: WarningPrinter) throws -> ChosenFormat {
        if let name = request.format {
            if let format = formats.format(named: name) { return .builtIn(format) }
            let plugins = try PluginCatalog()
            if let plugin = plugins.plugin(named: name) { return .plugin(plugin) }
            let values = (formats.formats.map(\.name) + plugins.plugins.map(\.name)).joined(separator: ", ")
            let folders = plugins.folders.isEmpty ? "none: both are empty" : plugins.folders.joined(separator: ", ")
            throw UsageError(
                message: "unknown format '\(name)' (values: \(values)); a plugin for it would be an executable "
                    + "\(Plugin.prefix)\(name) in a folder of GRAPHEXPORT_PLUGIN_PATH or PATH (looked in: \(folders))")
        }
        let json = ChosenFormat.builtIn(formats.formats[0])
        guard let output = request.output.map(Self.withoutGzipSuffix) else { return json }
        if let format = formats.format(forPath: output) { return .builtIn(format) }
        guard let fileExtension = FormatRegistry.fileExtension(of: output) else { return json }
        let plugins = try PluginCatalog()
        if let plugin = plugins.plugins.first(where: { (try? $0.describe().fileExtension) == fileExtension }) {
            return .plugin(plugin)
        }
        warnings.report(
            Warning(
                "-o \(request.output ?? output): '.\(fileExtension)' names no format, so the output is "
                    + "\(formats.formats[0].name); add --format to choose another"))
        return json
    }

    /// Whether `path` asks for gzip-compressed output: it ends in `.gz`, in any case.
    static func isGzip(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".gz")
    }

    /// `path` without a `.gz` at its end: the name whose extension names the format.
    static func withoutGzipSuffix(_ path: String) -> String {
        isGzip(path) ? String(path.dropLast(3)) : path
    }

    /// Writes the export; returns how many references point outside the selection.
    private func export(_ request: ExportRequest, warnings: WarningPrinter) throws -> Int {
        let table = OptionTable(formats: formats)
        let format = try chooseFormat(request, warnings: warnings)
        try request.checkRequirements(format: format, table: table)
        if case .plugin(let plugin) = format {
            if let output = request.output, Self.isGzip(output) {
                throw UsageError(
                    message: "-o \(output): compressed output is for the built-in formats; pipe the output of "
                        + "\(format.phrase) through gzip instead")
            }
            _ = try plugin.describe()
        }
        if let outputPath = request.output,
            let input = ExportInputs(storePath: request.store, modelPath: request.model).file(sameAs: outputPath)
        {
            throw CommandError.outputIsInput(path: outputPath, input: input)
        }
        let decoders = try DecoderChoice(request, onWarning: warnings.report)
        let store = try openSource(request, onWarning: warnings.report)
        let chosen = try ExportSelection(
            request, store: store, decoding: decoders.source(over:), onWarning: warnings.report)
        let traversal = GraphTraversal(
            source: chosen.source, shape: request.shape, selection: chosen.selection, onWarning: warnings.report)
        // A selection writes part of the store: the store's count is no total for it.
        let progress = try ProgressChoice.line(
            for: request, total: chosen.selection.isPartial ? nil : store.estimatedObjectCount())
        warnings.progress = progress
        defer {
            progress?.erase()
            warnings.progress = nil
        }
        guard let outputPath = request.output else {
            try write(
                traversal, as: format, to: FileDescriptorSink.standardOutput(), request: request,
                onTerminal: isatty(1) != 0, warnings: warnings, progress: progress)
            try decoders.finish()
            return traversal.referencesOutsideSelection
        }
        let output = try OutputFile(path: outputPath)
        guard Self.isGzip(outputPath) else {
            try write(
                traversal, as: format, to: output.sink, request: request, onTerminal: false, warnings: warnings,
                progress: progress)
            try decoders.finish()
            try output.commit()
            return traversal.referencesOutsideSelection
        }
        let compressed = try GzipSink(into: output.sink, path: outputPath)
        try write(
            traversal, as: format, to: compressed, request: request, onTerminal: false, warnings: warnings,
            progress: progress)
        try compressed.finish()
        try decoders.finish()
        try output.commit()
        return traversal.referencesOutsideSelection
    }

    /// The store as a Core Data store or a plain SQLite database, as asked or as it turns out.
    func openSource(_ request: ExportRequest, onWarning: @escaping WarningHandler) throws -> any InspectableSource {
        let opening = request.busyTimeout.map { StoreOpenOptions(busyTimeout: $0) } ?? StoreOpenOptions()
        let sqliteOnly = request.asksForPlainSQLite(OptionTable(formats: formats))
        let coreData = CoreDataStoreOptions(rawTransformables: request.rawTransformables)
        if request.source == .coredata || request.model != nil {
            var model = try request.model.map(ModelFile.load(path:))
            if let name = request.modelVersion { model = try model?.choosingVersion(name) }
            return try CoreDataStore(
                path: request.store, model: model, options: coreData, opening: opening, onWarning: onWarning)
        }
        if request.source == .auto && !sqliteOnly {
            let held = HeldWarnings()
            do {
                let store = try CoreDataStore(
                    path: request.store, options: coreData, opening: opening, onWarning: held.report)
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
            inferRelations: request.inferRelations, jsonColumns: request.jsonColumns)
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
        _ traversal: GraphTraversal, as format: ChosenFormat, to sink: any ByteSink, request: ExportRequest,
        onTerminal: Bool, warnings: WarningPrinter, progress: ProgressLine?
    ) throws {
        // Counts the objects for the progress line, when there is one.
        let counted = { (writer: any GraphWriter) -> any GraphWriter in
            progress.map { ProgressCountingWriter(writer, line: $0) } ?? writer
        }
        switch format {
        case .builtIn(let format):
            // Pretty when asked, else on a terminal, else as the format writes by default.
            let settings = FormatSettings(
                pretty: request.pretty ?? (onTerminal || format.settings.pretty),
                values: format.settings.values.merging(request.formatOptions) { $1 })
            try traversal.run(into: counted(format.with(settings).makeWriter(sink: sink, onWarning: warnings.report)))
        case .plugin(let plugin):
            guard let descriptor = (sink as? FileDescriptorSink)?.descriptor else {
                preconditionFailure("a plugin writes to a file descriptor: compressed output is refused before")
            }
            do {
                try plugin.export(traversal, to: descriptor, options: request.formatOptions, wrapping: counted)
            } catch {
                // The plugin stopped because the reader of the output went away: end quietly.
                if Self.readerIsGone(descriptor) { throw SinkError.brokenPipe }
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

/// Prints warnings to standard error as they come, up to a limit, then counts the rest; prints
/// none when quiet. Counts them all either way, for `--strict`. Prints them above the progress
/// line while one is shown.
final class WarningPrinter {
    /// The most warnings printed; the rest are counted in one line at the end.
    static let limit = 50
    private let quiet: Bool
    /// The warnings reported so far.
    private(set) var count = 0
    /// The progress line of the export, while it runs.
    var progress: ProgressLine?

    init(quiet: Bool) {
        self.quiet = quiet
    }

    func report(_ warning: Warning) {
        count += 1
        guard !quiet && count <= Self.limit else { return }
        let text = "graphexport: warning: \(warning)\n"
        if let progress { progress.printAbove(text) } else { printError(text) }
    }

    func printSummary() {
        if !quiet && count > Self.limit {
            printError("graphexport: warning: \(count - Self.limit) more warnings not shown\n")
        }
    }
}
