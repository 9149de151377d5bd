import GraphExport
import GraphExportCoreData
import GraphExportPlainSQLite
import GraphExportSQLite
import GraphExportStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The graphexport command: parses its arguments, runs, and maps every outcome to an exit status
/// (0 done, 64 usage error, 1 failure or, with `--strict`, a warning; 3 when `--since` needs a full
/// export instead, ``CoreDataError/needsFullExport``; `diff`'s as diff(1)'s: 0 the same, 1 different, 2 trouble).
struct Command {
    let arguments: [String]
    var formats = builtInFormats

    func run() -> Int32 {
        var verbose = false
        // The command a usage error found after parsing shows the usage of.
        var command: CommandName?
        var isDiff = false
        do {
            let invocation = try Invocation(parsing: arguments, formats: formats)
            if case .inspect = invocation { command = .inspect }
            if case .schema = invocation { command = .schema }
            if case .export(let request) = invocation { verbose = request.verbose }
            if case .inspect(let request) = invocation { verbose = request.source.verbose }
            if case .schema(let request) = invocation { verbose = request.source.verbose }
            if case .log(let request) = invocation { verbose = request.source.verbose }
            if case .diff(let request) = invocation { (verbose, isDiff) = (request.old.verbose, true) }
            if case .sync(let request) = invocation { (verbose, command) = (request.source.verbose, .sync) }
            switch invocation {
            case .help(let command):
                print(HelpText(formats: formats).help(command), terminator: "")
            case .version:
                print(VersionText.lines, terminator: "")
            case .manPage:
                print(ManPage(formats: formats).text, terminator: "")
            case .completion(let shell):
                print(Completion(formats: formats).script(shell: shell), terminator: "")
            case .listFormats(let listing):
                let plugins = try PluginCatalog().plugins
                let decoders = try DecoderListing.all()
                switch listing {
                case .text:
                    print(HelpText.formatList(formats, plugins: plugins, decoders: decoders), terminator: "")
                case .json:
                    try FormatListJSON.render(formats, plugins: plugins, decoders: decoders).withUnsafeBytes {
                        try FileDescriptorSink.standardOutput().write($0)
                    }
                }
            case .export(let request):
                let warnings = WarningPrinter(quiet: request.quiet, verbose: request.verbose)
                let outside = try export(request, warnings: warnings)
                warnings.printSummary()
                if outside > 0 {
                    warnings.note(
                        "\(outside) reference\(outside == 1 ? "" : "s") to objects outside the selection "
                            + "\(outside == 1 ? "is" : "are") kept as references")
                }
                if request.strict && warnings.count > 0 {
                    printError(
                        .error,
                        "\(warnings.count) warning\(warnings.count == 1 ? "" : "s") and --strict; the output was written"
                    )
                    return 1
                }
            case .inspect(let request):
                try inspect(request)
            case .schema(let request):
                try schema(request)
            case .log(let request):
                try log(request)
            case .diff(let request):
                return try diff(request) ? 1 : 0
            case .sync(let request):
                return try sync(request)
            }
            return 0
        } catch var error as UsageError {
            if let command { error.command = command }
            printError(HelpText(formats: formats).usageError(error))
            return error.command == .diff ? 2 : 64
        } catch GraphExportError.brokenPipe {
            // A diff stops writing only once it found differences.
            return isDiff ? 1 : 0
        } catch let error as CoreDataError where error.needsFullExport {
            printError(.error, "\(error)")
            return 3
        } catch CommandError.noHistoryToList(let error) {
            printError(.error, error.problem)
            return 3
        } catch let error as SQLiteError where verbose {
            printError(.error, error.descriptionWithSQL)
            return isDiff ? 2 : 1
        } catch {
            printError(.error, "\(error)")
            return isDiff ? 2 : 1
        }
    }

    /// The format `--format` names, else the one `-o`'s extension names (before a `.gz`), else
    /// JSON. Plugins are looked for only when no built-in format is meant, so a plugin setting
    /// (such as a bad `GRAPHEXPORT_PLUGIN_TIMEOUT`) never stops an export in a built-in format.
    /// An `-o` whose extension names another built-in format than `--format` is a warning (YAML
    /// into `out.json`); one that names none is JSON, with a warning (`out.txt`), or with a note
    /// when only `.gz` ends it (`out.gz`).
    private func chooseFormat(_ request: ExportRequest, warnings: WarningPrinter) throws -> ChosenFormat {
        let output = request.output.map(Self.withoutGzipSuffix)
        if let name = request.format {
            let chosen = try namedFormat(name)
            if let path = request.output, let output, let named = formats.format(forPath: output),
                chosen.facts.ownOptions != named.name
            {
                warnings.report(
                    Warning(
                        "-o \(path): '.\(FormatRegistry.fileExtension(of: output) ?? "")' names the \(named.name) format, "
                            + "but the output is in \(chosen.phrase), as --format \(name) asks"))
            }
            return chosen
        }
        let json = ChosenFormat.builtIn(formats.formats[0])
        guard let path = request.output, let output else { return json }
        if let format = formats.format(forPath: output) { return .builtIn(format) }
        guard let fileExtension = FormatRegistry.fileExtension(of: output) else {
            if Self.isGzip(path) {
                warnings.note(
                    "-o \(path): no extension before .gz names a format, so the output is gzip-compressed "
                        + "\(formats.formats[0].name); add --format to choose another")
            }
            return json
        }
        let plugins = try PluginCatalog()
        if let plugin = plugins.plugins.first(where: { (try? $0.describe().fileExtension) == fileExtension }) {
            return .plugin(plugin)
        }
        warnings.report(
            Warning(
                "-o \(path): '.\(fileExtension)' names no format, so the output is "
                    + "\(formats.formats[0].name); add --format to choose another"))
        return json
    }

    /// The built-in format or the plugin `name` names (`--format`).
    private func namedFormat(_ name: String) throws -> ChosenFormat {
        if let format = formats.format(named: name) { return .builtIn(format) }
        let plugins = try PluginCatalog()
        if let plugin = plugins.plugin(named: name) { return .plugin(plugin) }
        let values = (formats.formats.map(\.name) + plugins.plugins.map(\.name)).joined(separator: ", ")
        let folders = plugins.folders.isEmpty ? "none: both are empty" : plugins.folders.joined(separator: ", ")
        throw UsageError(
            message:
                "unknown format '\(TerminalText.echoed(name))' (values: \(values)); a plugin for it would be an executable "
                + "\(Plugin.prefix)\(TerminalText.echoed(name)) in a folder of GRAPHEXPORT_PLUGIN_PATH or PATH (looked in: \(folders))"
        )
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
        if let outputPath = request.output,
            let input = ExportInputs(storePath: request.store, modelPath: request.model).file(sameAs: outputPath)
        {
            throw CommandError.outputIsInput(path: outputPath, input: input)
        }
        let table = OptionTable(formats: formats)
        let format = try chooseFormat(request, warnings: warnings)
        let request = request.adopting(format.facts)
        var applicability = Applicability(
            command: .export, store: request.storeAskedFor, format: format.facts, shape: request.shape,
            shapeGiven: request.given.contains("shape"))
        try applicability.check(request, table: table)
        if case .plugin(let plugin) = format {
            if let output = request.output, Self.isGzip(output) {
                throw UsageError(
                    message: "-o \(output): compressed output is for the built-in formats; pipe the output of "
                        + "\(format.phrase) through gzip instead")
            }
            _ = try plugin.describe()
        }
        let decoders = try DecoderChoice(request, onWarning: warnings.report)
        let store = try openSource(request, decoders: decoders, onWarning: warnings.report)
        applicability.store = request.storeFound(store)
        try applicability.check(request, table: table)
        let chosen = try ExportSelection(
            request, store: store, decoding: decoders.source(over:), onWarning: warnings.report)
        let traversal = GraphTraversal(
            source: chosen.source, shape: request.shape, selection: chosen.selection, changes: chosen.changes,
            onWarning: warnings.report)
        // A selection writes part of the store: the store's count is no total for it.
        let progress = try ProgressChoice.line(
            for: request, total: chosen.selection.isPartial ? nil : store.estimatedObjectCount())
        warnings.progress = progress
        defer {
            progress?.erase()
            warnings.progress = nil
        }
        let output = try request.output.map { try OutputFile(path: $0) }
        let blobs = try request.blobs.map { try Self.blobFolder($0, request: request, base: output?.folderPath) }
        // Removes the files of a blob folder not committed: the export did not complete.
        defer { blobs?.discard() }
        guard let outputPath = request.output, let output else {
            try write(
                traversal, as: format, to: FileDescriptorSink.standardOutput(), request: request,
                onTerminal: isatty(1) != 0, warnings: warnings, progress: progress, blobs: blobs)
            try decoders.finish()
            blobs?.commit()
            return traversal.referencesOutsideSelection
        }
        guard Self.isGzip(outputPath) else {
            try write(
                traversal, as: format, to: output.sink, request: request, onTerminal: false, warnings: warnings,
                progress: progress, blobs: blobs)
            try decoders.finish()
            try output.commit()
            blobs?.commit()
            return traversal.referencesOutsideSelection
        }
        let compressed = try GzipSink(into: output.sink, path: outputPath)
        try write(
            traversal, as: format, to: compressed, request: request, onTerminal: false, warnings: warnings,
            progress: progress, blobs: blobs)
        try compressed.finish()
        try decoders.finish()
        try output.commit()
        blobs?.commit()
        return traversal.referencesOutsideSelection
    }

    /// The folder of `--blobs`, its paths relative to `base` (-o's folder; `nil`: the working
    /// folder); one the export reads (the store's folder, its external data, the model) is refused.
    private static func blobFolder(_ path: String, request: ExportRequest, base: String?) throws -> BlobFolder {
        if let role = ExportInputs(storePath: request.store, modelPath: request.model).folderRole(of: path) {
            throw GraphExportError.blobsIsInput(path: path, what: role)
        }
        return try BlobFolder(path: path, relativeTo: base ?? ".")
    }

    /// The store as a Core Data store or a plain SQLite database, as asked or as it turns out,
    /// reading what `decoders` need besides what `request` exports.
    func openSource(
        _ request: ExportRequest, decoders: DecoderChoice? = nil, onWarning: @escaping WarningHandler
    ) throws -> any InspectableSource {
        let opening = request.busyTimeout.map { StoreOpenOptions(busyTimeout: $0) } ?? StoreOpenOptions()
        let sqliteOnly = request.asksForPlainSQLite(OptionTable(formats: formats))
        if request.given.contains("raw-transformable") {
            onWarning(Warning("--raw-transformable is now called --raw-values; the old name keeps working"))
        }
        let coreData = CoreDataStoreOptions(
            rawValues: request.rawValues, scope: request.readScope(wholeEntities: decoders?.wholeEntities ?? []))
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
            } catch CoreDataError.notCoreDataStore {
                // A plain SQLite database: read below, which warns about the store's files again.
            } catch {
                held.release(to: onWarning)
                throw error
            }
        }
        let options = SQLiteSourceOptions(
            nest: request.nest, noNest: request.noNest, includeViews: request.includeViews,
            inferRelations: request.inferRelations, jsonColumns: request.jsonColumns,
            jsonColumnNames: request.jsonColumnNames, rawValues: request.rawValues)
        do {
            return try SQLiteDatabaseSource(
                path: request.store, options: options, opening: opening, onWarning: onWarning)
        } catch let error as PlainSQLiteError {
            switch error {
            case .unknownRelationship, .unknownTable, .unknownTableRelationship, .cannotNest, .conflictingNesting,
                .noSuchTable, .noSuchColumn, .linkTableColumn:
                throw UsageError(message: error.description)
            default: throw error
            }
        }
    }

    private func write(
        _ traversal: GraphTraversal, as format: ChosenFormat, to sink: any ByteSink, request: ExportRequest,
        onTerminal: Bool, warnings: WarningPrinter, progress: ProgressLine?, blobs: BlobFolder?
    ) throws {
        // Writes the binary values to files of --blobs, when there is one.
        let unblobbed = { (writer: any GraphWriter) -> any GraphWriter in
            blobs.map { BlobFileWriter(writer, folder: $0) } ?? writer
        }
        // The traversal counts the objects; the line shows the count.
        let onProgress = progress.map { line -> GraphTraversal.ProgressHandler in
            { objects, finished in finished ? line.finish(objects: objects) : line.update(objects: objects) }
        }
        switch format {
        case .builtIn(let format):
            // Pretty when asked, else on a terminal, else as the format writes by default.
            let settings = FormatSettings(
                pretty: request.pretty ?? (onTerminal || format.settings.pretty),
                values: format.settings.values.merging(request.formatOptions) { $1 })
            try traversal.run(
                into: unblobbed(format.with(settings).makeWriter(sink: sink, onWarning: warnings.report)),
                onProgress: onProgress)
        case .plugin(let plugin):
            guard let descriptor = (sink as? FileDescriptorSink)?.descriptor else {
                preconditionFailure("a plugin writes to a file descriptor: compressed output is refused before")
            }
            do {
                try plugin.export(
                    traversal, to: descriptor, options: request.formatOptions, wrapping: unblobbed,
                    onProgress: onProgress)
            } catch {
                // The plugin stopped because the reader of the output went away: end quietly.
                if Self.readerIsGone(descriptor) { throw GraphExportError.brokenPipe }
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
