import Foundation

/// A command the README or a file of `docs/` shows, with the output shown beside it, if any.
///
/// Three places hold commands: ` ```sh ` blocks (one command a line, `\` continuing it, `#`
/// lines commenting), transcripts (a fenced block whose first line begins `$ `: each `$ ` line a
/// command, the lines below it what it prints, standard error included, with `…` standing for
/// text left out), and inline code that begins `graphexport ` and names no placeholder.
struct DocumentedCommand: CustomStringConvertible {
    /// The file that shows it, by its repository path (`README.md`, `docs/SCHEMA.md`).
    let file: String
    /// The line it begins on.
    let line: Int
    /// The line its block begins on: commands of one block run together or not at all.
    let block: Int
    /// The shell text.
    let command: String
    /// What a transcript shows it printing; nil where no output is shown.
    var shownOutput: [String]?

    var description: String { "\(file):\(line): \(command)" }

    /// Runs the command with bash in `folder`, the built graphexport first on `PATH` and standard
    /// error into standard output, for at most two minutes; returns how it ended and the lines it
    /// printed, without the empty ones at the end.
    func run(in folder: URL) throws -> (outcome: BoundedProcess.Outcome, lines: [String]) {
        let binaries = try CommandRunner.executable.deletingLastPathComponent().path
        let path = binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let outcome = try BoundedProcess(
            URL(fileURLWithPath: "/bin/bash"), ["-c", "exec 2>&1\n" + command], in: folder, environment: ["PATH": path]
        ).wait(limit: 120)
        var lines = outcome.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return (outcome, lines)
    }

    /// Every command of the markdown `text` of `file`, in order.
    static func commands(inMarkdown text: String, file: String) -> [DocumentedCommand] {
        var commands: [DocumentedCommand] = []
        let lines = text.components(separatedBy: "\n")
        var index = 0
        var prose: [(line: Int, text: String)] = []
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```") else {
                if !line.hasPrefix("#") { prose.append((index + 1, line)) }
                index += 1
                continue
            }
            commands += inline(prose, file: file)
            prose = []
            let info = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            var body: [String] = []
            index += 1
            while index < lines.count, !lines[index].hasPrefix("```") {
                body.append(lines[index])
                index += 1
            }
            let firstLine = index - body.count + 1
            index += 1
            if body.first?.hasPrefix("$ ") == true {
                commands += transcript(body, file: file, firstLine: firstLine)
            } else if info == "sh" {
                commands += script(body, file: file, firstLine: firstLine)
            }
        }
        return commands + inline(prose, file: file)
    }

    /// The commands of a ` ```sh ` block.
    private static func script(_ body: [String], file: String, firstLine: Int) -> [DocumentedCommand] {
        var commands: [DocumentedCommand] = []
        var pending = ""
        var pendingLine = 0
        for (offset, line) in body.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if pending.isEmpty && (trimmed.isEmpty || trimmed.hasPrefix("#")) { continue }
            if pending.isEmpty { pendingLine = firstLine + offset }
            if trimmed.hasSuffix("\\") {
                pending += trimmed.dropLast() + " "
                continue
            }
            pending += trimmed
            if pending.filter({ $0 == "'" }).count % 2 == 1 {
                pending += "\n"
                continue
            }
            commands.append(
                DocumentedCommand(file: file, line: pendingLine, block: firstLine, command: pending, shownOutput: nil))
            pending = ""
        }
        return commands
    }

    /// The commands of a transcript, each with the lines it is shown printing.
    private static func transcript(_ body: [String], file: String, firstLine: Int) -> [DocumentedCommand] {
        var commands: [DocumentedCommand] = []
        for (offset, line) in body.enumerated() {
            if line.hasPrefix("$ ") {
                commands.append(
                    DocumentedCommand(
                        file: file, line: firstLine + offset, block: firstLine, command: String(line.dropFirst(2)),
                        shownOutput: []))
            } else if !commands.isEmpty {
                commands[commands.count - 1].shownOutput?.append(line)
            }
        }
        for index in commands.indices {
            while commands[index].shownOutput?.last?.isEmpty == true { commands[index].shownOutput?.removeLast() }
        }
        return commands
    }

    /// The inline commands of prose: code spans (which may run over a line's end) that begin
    /// `graphexport ` and are whole commands, not a synopsis (`<store>`, `…`, `STORE`) or the bare
    /// name of a command.
    private static func inline(_ prose: [(line: Int, text: String)], file: String) -> [DocumentedCommand] {
        var commands: [DocumentedCommand] = []
        var span: String?
        var spanLine = 0
        for (number, text) in prose {
            for character in text + " " {
                if character == "`" {
                    if let finished = span {
                        if isCommand(finished) {
                            commands.append(
                                DocumentedCommand(
                                    file: file, line: spanLine, block: spanLine, command: finished, shownOutput: nil))
                        }
                        span = nil
                    } else {
                        span = ""
                        spanLine = number
                    }
                } else if span != nil {
                    span?.append(character)
                }
            }
            if text.trimmingCharacters(in: .whitespaces).isEmpty { span = nil }
        }
        return commands
    }

    private static func isCommand(_ span: String) -> Bool {
        let span = span.trimmingCharacters(in: .whitespaces)
        guard span.hasPrefix("graphexport "), !span.contains("<"), !span.contains("…") else { return false }
        let words = span.split(separator: " ").dropFirst()
        if words.contains(where: { $0.count >= 3 && $0.allSatisfy { $0.isUppercase || $0 == "_" } }) {
            return false
        }
        return !(words.count == 1 && commandNames.contains(String(words[words.startIndex])))
    }

    /// The commands that read a store: named alone in prose, they name the command, not a run.
    private static let commandNames: Set<String> = ["inspect", "schema", "log", "diff", "notes", "sync"]
}

/// Whether `actual` output is what a transcript shows: line by line, where a line that is only
/// `…` stands for any number of lines and `…` within a line for any text.
enum ShownOutput {
    static func matches(shown: [String], actual: [String]) -> Bool {
        firstUnmatched(shown: shown, actual: actual) == nil
    }

    /// The index of the first shown line no reading of `actual` matches, or of one past the last
    /// when `actual` has lines after all the shown ones; nil when `actual` is what is shown.
    static func firstUnmatched(shown: [String], actual: [String]) -> Int? {
        let shown = shown.map(trimmedEnd)
        let actual = actual.map(trimmedEnd)
        // matched[i][j]: the first i shown lines match the first j actual lines.
        var matched = Array(repeating: Array(repeating: false, count: actual.count + 1), count: shown.count + 1)
        matched[0][0] = true
        for i in 0...shown.count {
            for j in 0...actual.count where matched[i][j] {
                guard i < shown.count else { continue }
                if shown[i].trimmingCharacters(in: .whitespaces) == "…" {
                    for k in j...actual.count { matched[i + 1][k] = true }
                } else if j < actual.count, lineMatches(shown[i], actual[j]) {
                    matched[i + 1][j + 1] = true
                }
            }
        }
        if matched[shown.count][actual.count] { return nil }
        return (0...shown.count).last { i in matched[i].contains(true) }
    }

    /// Whether one shown line, `…` standing for any text, is `actual`.
    static func lineMatches(_ shown: String, _ actual: String) -> Bool {
        let pieces = shown.components(separatedBy: "…")
        guard pieces.count > 1 else { return shown == actual }
        guard actual.hasPrefix(pieces[0]), actual.hasSuffix(pieces[pieces.count - 1]),
            actual.count >= pieces[0].count + pieces[pieces.count - 1].count
        else { return false }
        var rest = Substring(actual.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count))
        for piece in pieces.dropFirst().dropLast() {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    private static func trimmedEnd(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " || line.last == "\t" { line = line.dropLast() }
        return String(line)
    }
}
