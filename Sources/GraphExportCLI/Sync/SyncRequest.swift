import GraphExport
import GraphExportSync

/// The options of `graphexport sync` (docs/SYNC.md): the store and how to read it, the target, and
/// how the run goes and says what it did.
struct SyncRequest: Equatable {
    /// The store and the options that choose and shape its rows, as for an export (`--entity`,
    /// `--exclude-attribute`, `--model`, the value options, `--busy-timeout`, `--quiet`,
    /// `--verbose`); the option table says which options `sync` takes.
    var source: ExportRequest
    /// The target operand as given: a SQLite file's path or a `postgresql://` URI.
    var target: String
    /// `--target-schema`: the PostgreSQL schema the tables go to.
    var targetSchema: String?
    /// `--format`: the line on standard error (text) or one JSON object on standard output (json).
    var format: ReportFormat
    /// `--full`, `--repair`, `--dry-run` and `--busy-timeout`.
    var options: SyncOptions

    /// The request the options and the two operands of `parsed` make: the store, then the target.
    init(_ parsed: ParsedArguments, table: OptionTable) throws(UsageError) {
        guard parsed.operands.count == 2 else {
            throw UsageError(
                message: parsed.operands.count < 2
                    ? "sync copies a store into a target: give the store, then the target (a SQLite file "
                        + "or a postgresql:// URI)"
                    : "sync copies one store into one target, not '\(TerminalText.echoed(parsed.operands[2]))' too")
        }
        var single = parsed
        single.operands = [parsed.operands[0]]
        var source = try ExportRequest(single, table: table, noun: "store to sync")
        format = try ReportFormat(option: source.format, command: "sync")
        source.format = nil
        source.shape = .flat
        self.source = source
        target = parsed.operands[1]
        targetSchema = parsed.value("target-schema")
        if targetSchema != nil, !SyncTarget(target).isPostgreSQL {
            throw UsageError(
                message: "'--target-schema' names a schema of a PostgreSQL target, and "
                    + "'\(TerminalText.echoed(target))' is a SQLite file")
        }
        if parsed.has("full") && parsed.has("repair") {
            throw UsageError(message: "'--full' rebuilds the tables and '--repair' compares them: give one of them")
        }
        options = SyncOptions(
            full: parsed.has("full"), repair: parsed.has("repair"), dryRun: parsed.has("dry-run"),
            busyTimeout: source.busyTimeout ?? .seconds(5))
    }

    /// The target the operand and `--target-schema` name.
    var syncTarget: SyncTarget {
        SyncTarget(target, schema: targetSchema)
    }
}
