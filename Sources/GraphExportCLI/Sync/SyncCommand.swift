import GraphExport
import GraphExportStore
import GraphExportSync

/// `graphexport sync` (docs/SYNC.md): opens the store as an export would, keeps the target's copy
/// of it current (``GraphExportSync/StoreSync``), and says what it did: a note why it compared or
/// rebuilt, then one line on standard error, or one JSON object on standard output with
/// `--format json`. Returns the exit status: 0 synced; 2 when the target could not be reached or
/// locked (``GraphExport/ExitStatus/unavailable``); any other failure is thrown (1), and so is a
/// SQLite target that is one of the files the sync reads.
struct SyncCommand: RunnableCommand {
    let request: SyncRequest
    /// The built-in formats.
    let formats: FormatRegistry

    func run() throws -> Int32 {
        if case .sqlite(let path) = request.syncTarget,
            let input = ExportInputs(storePath: request.source.store, modelPath: request.source.model).file(
                sameAs: path)
        {
            throw SyncCommandError.targetIsInput(path: path, input: input)
        }
        let warnings = WarningPrinter(quiet: request.source.quiet, verbose: request.source.verbose)
        defer { warnings.printSummary() }
        let report: SyncReport
        do {
            report = try sync(warnings: warnings)
        } catch let error as SyncError where error.exitStatus == .unavailable {
            printError(.error, error.description)
            return ExitStatus.unavailable.rawValue
        }
        if let reason = report.reason { warnings.note("\(report.target): \(reason)") }
        switch request.format {
        case .text:
            warnings.note("synced " + report.line)
        case .json:
            try Array((report.json + "\n").utf8).withUnsafeBytes { try FileDescriptorSink.standardOutput().write($0) }
        }
        return 0
    }

    /// Opens the store, stacks the selection on it as an export does, and runs the sync.
    private func sync(warnings: WarningPrinter) throws -> SyncReport {
        let table = OptionTable(formats: formats)
        let decoders = try DecoderChoice(request.source)
        let store = try request.source.openStore(table: table, decoders: decoders, onWarning: warnings.report)
        try Applicability(command: .sync, store: request.source.storeFound(store)).check(request.source, table: table)
        let chosen = try store.export(
            request.source.selectionOptions, decoders: decoders.decoders, onWarning: warnings.report)
        let synced = SyncedStore(
            source: chosen.source, selection: try chosen.selection(onWarning: warnings.report),
            selectionText: request.source.selectionText,
            history: store.kind == .coreData ? CoreDataHistory(opening: store.persistentHistory) : nil)
        let report = try StoreSync(
            store: synced, target: request.syncTarget, options: request.options, onWarning: warnings.report
        ).run()
        try chosen.finish()
        return report
    }
}
