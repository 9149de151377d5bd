import GraphExport
import GraphExportDiff
import Synchronization

/// `graphexport diff`: opens both stores as an export would, each in its own snapshot, and
/// prints what differs (``GraphExportDiff/GraphDiff``) on standard output, as text or JSON
/// Lines; warnings met opening and reading them go to standard error. Returns whether the
/// stores differ.
struct DiffCommand: RunnableCommand {
    let request: DiffRequest
    /// The built-in formats.
    let formats: FormatRegistry

    func run() throws -> Int32 {
        let warnings = WarningPrinter(quiet: request.old.quiet)
        defer { warnings.printSummary() }
        // A store compared with itself (or two that share their files) warns of the same thing
        // twice, in the same words: once is enough. The stores are read on threads of their own,
        // which warn through one lock.
        let seen = Mutex<Set<Warning>>([])
        let report: WarningHandler = { warning in
            seen.withLock { seen in
                if seen.insert(warning).inserted { warnings.report(warning) }
            }
        }
        let table = OptionTable(formats: formats)
        let old = try request.old.openStore(table: table, onWarning: report).source
        let new = try request.new.openStore(table: table, onWarning: report).source
        let comparison = try GraphDiff(old: old, new: new, keys: request.keys, readsInParallel: true)
        let sink = FileDescriptorSink.standardOutput()
        let writer: any DiffWriter =
            switch request.format {
            case .text: DiffTextWriter(sink: sink, onWarning: report)
            case .jsonl: DiffJSONLinesWriter(sink: sink, onWarning: report)
            }
        return try comparison.run(into: writer).isEmpty ? 0 : 1
    }
}
