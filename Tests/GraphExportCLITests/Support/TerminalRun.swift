import Foundation
import Prerequisites
import XCTest

/// A run of the built graphexport with its standard error on a pseudo-terminal (Python's `pty`
/// and `subprocess` modules hold the other end), as a user at a terminal sees it.
struct TerminalRun {
    /// The exit status, or minus the number of the signal that ended the process.
    var status: Int32
    /// Everything written to the terminal, with the terminal's `\r\n` turned back into `\n`.
    var terminal: String

    /// The texts drawn in place on the line, in order: what follows each carriage return, without
    /// the erase-to-end-of-line sequence, the empty ones (the line erased) left out.
    var drawnLines: [String] {
        terminal.split(separator: "\r", omittingEmptySubsequences: false).dropFirst()
            .map { $0.replacingOccurrences(of: "\u{1B}[K", with: "") }
            .map { String($0.prefix { $0 != "\n" }) }
            .filter { !$0.isEmpty }
    }

    /// Runs graphexport with `arguments` in `folder`, `environment` added to the test's. Standard
    /// output goes to the terminal too when `outputOnTerminal`, else nowhere (give `-o`). The
    /// terminal is `columns` wide. With `interruptAfter`, SIGINT is sent once the terminal shows
    /// that text. A run longer than `limit` seconds is killed.
    static func graphexport(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:], outputOnTerminal: Bool = false,
        columns: Int = 200, interruptAfter: String? = nil, limit: TimeInterval = 120
    ) throws -> TerminalRun {
        let settings: [String: Any] = [
            "command": [try CommandRunner.executable.path] + arguments, "environment": environment,
            "outputOnTerminal": outputOnTerminal, "columns": columns, "interruptAfter": interruptAfter ?? "",
            "limit": limit,
        ]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: settings), as: UTF8.self)
        let outcome = try BoundedProcess.python(program, [json], in: folder).wait(limit: limit + 30)
        guard outcome.status == 0,
            let answer = try JSONSerialization.jsonObject(with: outcome.standardOutput) as? [String: Any],
            let status = answer["status"] as? Int, let encoded = answer["terminal"] as? String,
            let bytes = Data(base64Encoded: encoded)
        else {
            throw Prerequisite.missing(
                "python3 could not run graphexport on a pseudo-terminal: \(outcome.standardError)")
        }
        let terminal = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return TerminalRun(status: Int32(status), terminal: terminal)
    }

    private static let program = """
        import base64, fcntl, json, os, select, signal, struct, subprocess, sys, termios, time
        settings = json.loads(sys.argv[1])
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, settings["columns"], 0, 0))
        process = subprocess.Popen(
            settings["command"], stdin=subprocess.DEVNULL,
            stdout=slave if settings["outputOnTerminal"] else subprocess.DEVNULL, stderr=slave,
            env=dict(os.environ, **settings["environment"]))
        os.close(slave)
        seen, interrupted = b"", False
        deadline = time.time() + settings["limit"]
        while time.time() < deadline:
            if select.select([master], [], [], 0.05)[0]:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break
                if not data:
                    break
                seen += data
                mark = settings["interruptAfter"].encode()
                if mark and not interrupted and mark in seen:
                    process.send_signal(signal.SIGINT)
                    interrupted = True
        else:
            process.kill()
        status = process.wait()
        print(json.dumps({"status": status, "terminal": base64.b64encode(seen).decode()}))
        """
}
