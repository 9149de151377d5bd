import GraphExport
import GraphExportPlugin
import GraphExportSQLite
import GraphExportStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `graphexport [<options>] <store>`: exports the store, to standard output or to `-o`'s file, in
/// the format chosen (``FormatChoice``), the objects the selection options choose. Warnings go to
/// standard error as they come, a summary and the count of references leaving the selection at
/// the end; with `--strict`, any warning makes the exit status 1.
struct ExportCommand: RunnableCommand {
    let request: ExportRequest
    /// The built-in formats.
    let formats: FormatRegistry

    func run() throws -> Int32 {
        let warnings = WarningPrinter(quiet: request.quiet, verbose: request.verbose)
        let outside = try export(warnings: warnings)
        warnings.printSummary()
        if outside > 0 {
            warnings.note(
                "\(outside) reference\(outside == 1 ? "" : "s") to objects outside the selection "
                    + "\(outside == 1 ? "is" : "are") kept as references")
        }
        guard request.strict && warnings.count > 0 else { return 0 }
        printError(
            .error, "\(warnings.count) warning\(warnings.count == 1 ? "" : "s") and --strict; the output was written")
        return 1
    }

    /// Writes the export; returns how many references point outside the selection.
    private func export(warnings: WarningPrinter) throws -> Int {
        let (request, format) = try checkedRequest(warnings: warnings)
        let table = OptionTable(formats: formats)
        let decoders = try DecoderChoice(request)
        let store = try request.openStore(table: table, decoders: decoders, onWarning: warnings.report)
        try Applicability(
            command: .export, store: request.storeFound(store), format: format.facts, shape: request.shape,
            shapeGiven: request.given.contains("shape")
        ).check(request, table: table)
        let chosen = try store.export(request.selectionOptions, decoders: decoders.decoders, onWarning: warnings.report)
        let selection = try chosen.selection(onWarning: warnings.report)
        let traversal = GraphTraversal(
            source: chosen.source, shape: request.shape, selection: selection, changes: chosen.changes,
            onWarning: warnings.report)
        // A selection writes part of the store: the store's count is no total for it.
        let progress = try ProgressChoice.line(
            for: request, total: selection.isPartial ? nil : store.estimatedObjectCount())
        warnings.progress = progress
        defer {
            progress?.erase()
            warnings.progress = nil
        }
        let destination = try OutputDestination(path: request.output)
        let blobs = try request.blobs.map { try blobFolder($0, base: destination.folderPath) }
        // Removes the files of a blob folder not committed: the export did not complete.
        defer { blobs?.discard() }
        try write(traversal, as: format, to: destination, warnings: warnings, progress: progress, blobs: blobs)
        try destination.endWriting()
        try chosen.finish()
        try destination.commit()
        blobs?.commit()
        return traversal.referencesOutsideSelection
    }

    /// The request as the format chosen shapes it, and the format, once the options are checked
    /// against both: an `-o` that is an input, compressed output of a plugin, options that do not
    /// apply are refused before the store is opened.
    private func checkedRequest(warnings: WarningPrinter) throws -> (ExportRequest, ChosenFormat) {
        if let outputPath = request.output,
            let input = ExportInputs(storePath: request.store, modelPath: request.model).file(sameAs: outputPath)
        {
            throw CommandError.outputIsInput(path: outputPath, input: input)
        }
        let format = try FormatChoice(formats: formats).choose(for: request, warnings: warnings)
        let request = request.adopting(format.facts)
        try Applicability(
            command: .export, store: request.storeAskedFor, format: format.facts, shape: request.shape,
            shapeGiven: request.given.contains("shape")
        ).check(request, table: OptionTable(formats: formats))
        if case .plugin(let plugin) = format {
            if let output = request.output, OutputDestination.isGzip(output) {
                throw UsageError(
                    message: "-o \(output): compressed output is for the built-in formats; pipe the output of "
                        + "\(format.phrase) through gzip instead")
            }
            _ = try plugin.describe()
        }
        return (request, format)
    }

    /// The folder of `--blobs`, its paths relative to `base` (-o's folder; `nil`: the working
    /// folder); one the export reads (the store's folder, its external data, the model) is refused.
    private func blobFolder(_ path: String, base: String?) throws -> BlobFolder {
        if let role = ExportInputs(storePath: request.store, modelPath: request.model).folderRole(of: path) {
            throw BlobFolderError.isInput(path: path, what: role)
        }
        return try BlobFolder(path: path, relativeTo: base ?? ".")
    }

    /// Writes the events of `traversal` to `destination` in `format`: through a built-in format's
    /// writer (pretty when asked, else on a terminal, else as the format writes by default), or a
    /// plugin's process; the binary values to `blobs`' files when there is one, the objects counted
    /// on `progress`.
    private func write(
        _ traversal: GraphTraversal, as format: ChosenFormat, to destination: OutputDestination,
        warnings: WarningPrinter, progress: ProgressLine?, blobs: BlobFolder?
    ) throws {
        let sink = destination.sink
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
                pretty: request.pretty ?? (destination.onTerminal || format.settings.pretty),
                values: format.settings.values.merging(request.formatOptions) { $1 },
                selectionText: request.selectionText)
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
                if Self.readerIsGone(descriptor) { throw OutputError.brokenPipe }
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
