import GraphExport
import GraphExportCoreData
import GraphExportStore
import GraphExportSync

extension Command {
    /// `graphexport sync` (docs/SYNC.md): opens the store as an export would, keeps the target's
    /// copy of it current (``GraphExportSync/StoreSync``), and says what it did: a note why it
    /// compared or rebuilt, then one line on standard error, or one JSON object on standard output
    /// with `--format json`. Returns the exit status: 0 synced; 2 when the target could not be
    /// reached or locked (``GraphExportSync/SyncError/isTargetUnavailable``); any other failure is
    /// thrown (1), and so is a SQLite target that is one of the files the sync reads.
    func sync(_ request: SyncRequest) throws -> Int32 {
        if case .sqlite(let path) = request.syncTarget,
            let input = ExportInputs(storePath: request.source.store, modelPath: request.source.model).file(
                sameAs: path)
        {
            throw SyncCommandError.targetIsInput(path: path, input: input)
        }
        let warnings = WarningPrinter(quiet: request.source.quiet, verbose: request.source.verbose)
        defer { warnings.printSummary() }
        let decoders = try DecoderChoice(request.source, onWarning: warnings.report)
        let store = try openSource(request.source, decoders: decoders, onWarning: warnings.report)
        try Applicability(command: .sync, store: request.source.storeFound(store)).check(
            request.source, table: OptionTable(formats: formats))
        let chosen = try ExportSelection(
            request.source, store: store, decoding: decoders.source(over:), onWarning: warnings.report)
        let synced = SyncedStore(
            source: chosen.source, selection: chosen.selection, selectionText: request.selectionText,
            history: (store as? CoreDataStore).map(CoreDataHistory.init))
        let report: SyncReport
        do {
            report = try StoreSync(
                store: synced, target: request.syncTarget, options: request.options, onWarning: warnings.report
            ).run()
        } catch let error as SyncError where error.isTargetUnavailable {
            printError(.error, error.description)
            return 2
        }
        try decoders.finish()
        if let reason = report.reason { warnings.note("\(report.target): \(reason)") }
        switch request.format {
        case .text:
            warnings.note("synced " + report.line)
        case .json:
            try Array((report.json + "\n").utf8).withUnsafeBytes { try FileDescriptorSink.standardOutput().write($0) }
        }
        return 0
    }
}
