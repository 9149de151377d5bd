import GraphExport
import GraphExportCoreData
import GraphExportStore

/// `graphexport log`: opens the Core Data store as an export would and lists the transactions
/// of its persistent history on standard output, oldest first, as text or JSON, one
/// transaction at a time. A store that keeps no history, or a plain SQLite database, is a
/// ``CommandError/noHistoryToList(_:)`` (exit status 3, as for `--since`).
struct LogCommand: RunnableCommand {
    let request: LogRequest
    /// The built-in formats.
    let formats: FormatRegistry

    func run() throws -> Int32 {
        let warnings = WarningPrinter(quiet: request.source.quiet, verbose: request.source.verbose)
        let history: PersistentHistory
        do {
            history = try request.source.openStore(table: OptionTable(formats: formats), onWarning: warnings.report)
                .persistentHistory()
        } catch CoreDataError.notCoreDataStore {
            throw CommandError.noHistoryToList(.noHistory(path: request.source.store))
        } catch let error as HistoryError {
            throw CommandError.noHistoryToList(error)
        }
        let output = OutputBuffer(sink: FileDescriptorSink.standardOutput())
        var text: [UInt8] = []
        switch request.format {
        case .text:
            text += Array(LogText.header(history).utf8)
            try history.forEachTransaction(onWarning: warnings.report) { transaction in
                text += Array(LogText.paragraph(transaction).utf8)
                try Self.handOff(&text, to: output)
            }
        case .json:
            LogJSON.appendHeader(history, to: &text)
            var first = true
            try history.forEachTransaction(onWarning: warnings.report) { transaction in
                text += Array((first ? "\n" : ",\n").utf8)
                first = false
                LogJSON.append(transaction, to: &text)
                try Self.handOff(&text, to: output)
            }
            text += Array("\n]}\n".utf8)
        }
        try Self.handOff(&text, to: output)
        try output.flush()
        warnings.printSummary()
        return 0
    }

    /// Moves `text` into `output`.
    private static func handOff(_ text: inout [UInt8], to output: OutputBuffer) throws {
        try text.withUnsafeBytes { try output.append($0) }
        text.removeAll(keepingCapacity: true)
    }
}
