#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import GraphExport
import GraphExportStore

/// The graphexport command: parses its arguments, runs, and maps every outcome to an exit status
/// (0 done, 64 usage error, 1 failure).
struct Command {
    let arguments: [String]
    var formats = builtInFormats

    func run() -> Int32 {
        let invocation: Invocation
        do {
            invocation = try Invocation(parsing: arguments, formats: formats)
        } catch {
            printError(HelpText.usageError(error.message))
            return 64
        }
        switch invocation {
        case .help:
            print(HelpText.help(formats: formats), terminator: "")
        case .version:
            print(GraphExportVersion.current)
        case .listFormats:
            print(HelpText.formatList(formats), terminator: "")
        case .export(let request):
            let warnings = WarningPrinter()
            do {
                try export(request, warnings: warnings)
            } catch SinkError.brokenPipe {
                return 0
            } catch {
                printError("graphexport: error: \(error)\n")
                return 1
            }
            warnings.printSummary()
        }
        return 0
    }

    private func export(_ request: ExportRequest, warnings: WarningPrinter) throws {
        let model = try request.model.map(ModelFile.load(path:))
        let store = try CoreDataStore(path: request.store, model: model, onWarning: warnings.report)
        let format =
            request.format.flatMap(formats.format(named:))
            ?? request.output.flatMap(formats.format(forPath:)) ?? formats.formats[0]
        let traversal = GraphTraversal(source: store, shape: request.shape, onWarning: warnings.report)
        guard let outputPath = request.output else {
            let options = FormatOptions(pretty: request.pretty ?? (isatty(1) != 0), values: request.formatOptions)
            try traversal.run(into: format.makeWriter(FileDescriptorSink.standardOutput(), options, warnings.report))
            return
        }
        if Self.sameFile(outputPath, request.store) { throw CommandError.outputIsStore(path: outputPath) }
        let output = try AtomicOutputFile(path: outputPath)
        let options = FormatOptions(pretty: request.pretty ?? false, values: request.formatOptions)
        try traversal.run(into: format.makeWriter(output.sink, options, warnings.report))
        try output.commit()
    }

    private static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        return stat(first, &a) == 0 && stat(second, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
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
