import GraphExport
import GraphExportSQLite

/// The graphexport command: parses its arguments, runs the command they name, and maps every
/// outcome to an exit status (0 done, 64 usage error, 1 failure or, with `--strict`, a warning; 3
/// when `--since` needs a full export instead, ``GraphExport/ExitStatus/needsFullExport``; `diff`'s
/// as diff(1)'s: 0 the same, 1 different, 2 trouble).
struct Command {
    let arguments: [String]
    var formats = builtInFormats

    func run() -> Int32 {
        var invocation: Invocation?
        do {
            invocation = try Invocation(parsing: arguments, formats: formats)
            return try command(for: invocation!).run()
        } catch {
            return exitStatus(after: error, in: invocation)
        }
    }

    /// The command `invocation` asks for.
    private func command(for invocation: Invocation) -> any RunnableCommand {
        switch invocation {
        case .export(let request): ExportCommand(request: request, formats: formats)
        case .inspect(let request): InspectCommand(request: request, formats: formats)
        case .schema(let request): SchemaCommand(request: request, formats: formats)
        case .log(let request): LogCommand(request: request, formats: formats)
        case .diff(let request): DiffCommand(request: request, formats: formats)
        case .sync(let request): SyncCommand(request: request, formats: formats)
        case .listFormats(let listing): FormatsCommand(listing: listing, formats: formats)
        case .help(let command): PrintCommand(text: HelpText(formats: formats).help(command))
        case .version: PrintCommand(text: VersionText.lines)
        case .manPage: PrintCommand(text: ManPage(formats: formats).text)
        case .cliReference: PrintCommand(text: CLIReference(formats: formats).text)
        case .completion(let shell): PrintCommand(text: Completion(formats: formats).script(shell: shell))
        }
    }

    /// Reports `error` on standard error and returns the status graphexport exits with after it:
    /// the one the error carries (``GraphExport/ExitStatus``), numbered as `diff` numbers statuses
    /// for a `diff`. A usage error shows the usage of the command that was run; a closed output
    /// says nothing; `--verbose` adds the statement behind an SQLite failure.
    private func exitStatus(after error: any Error, in invocation: Invocation?) -> Int32 {
        let status = ExitStatus(of: error)
        let command = invocation?.command ?? (error as? UsageError)?.command ?? .export
        switch status {
        case .usage:
            let message = (error as? UsageError)?.message ?? "\(error)"
            printError(HelpText(formats: formats).usageError(UsageError(message: message, command: command)))
        case .outputClosed:
            break
        case .failure, .needsFullExport, .unavailable:
            let sqlite = invocation?.verbose == true ? error as? SQLiteError : nil
            printError(.error, sqlite?.descriptionWithSQL ?? "\(error)")
        }
        guard command == .diff else { return status.rawValue }
        // diff(1)'s statuses: 1 once differences were found (a diff stops writing only then), 2 trouble.
        return status == .outputClosed ? 1 : 2
    }
}

/// One command of graphexport, made from what the parser read (``Invocation``): it writes its
/// output, and returns the exit status of a run that did not throw; an error's status is the
/// error's own (``GraphExport/ExitStatus``), mapped by ``Command``.
protocol RunnableCommand {
    /// Runs the command; returns its exit status.
    func run() throws -> Int32
}

/// A command that prints a text made from the option table: help, the version, the man page, a
/// completion script.
struct PrintCommand: RunnableCommand {
    /// What it prints on standard output.
    let text: String

    func run() throws -> Int32 {
        print(text, terminator: "")
        return 0
    }
}
