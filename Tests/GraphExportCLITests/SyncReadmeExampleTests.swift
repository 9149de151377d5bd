import Foundation
import Prerequisites
import XCTest

/// The README's worked example of *Sync and compare* (`--since` and `log`), run as it is written:
/// each command (`$ ` line) of its first transcript, in a folder holding a copy of the SwiftData
/// sample store, with the built graphexport first on `PATH`; every line after a command is in what
/// the command printed (a `…` stands for anything), and the delta it writes holds what the README
/// says. (`DocumentedCommandsTests` checks the printed lines exactly.)
final class SyncReadmeExampleTests: XCTestCase {
    /// The commands of the example and the lines each is said to print.
    private func example() throws -> [(command: String, output: [String])] {
        let readme = try String(
            contentsOf: CommandRunner.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(
            readme.range(of: "### What changed since the last export"), "the README has the example")
        let rest = readme[section.upperBound...]
        let start = try XCTUnwrap(rest.range(of: "```\n$ "))
        let end = try XCTUnwrap(rest[start.upperBound...].range(of: "\n```"))
        var steps: [(command: String, output: [String])] = []
        for line in ("$ " + rest[start.upperBound..<end.lowerBound]).split(separator: "\n") {
            if line.hasPrefix("$ ") {
                steps.append((String(line.dropFirst(2)), []))
            } else {
                steps[steps.count - 1].output.append(String(line))
            }
        }
        return steps
    }

    /// Whether `text` holds `line`, a `…` in it standing for anything.
    private func holds(_ text: String, _ line: String) -> Bool {
        var rest = Substring(text)
        for piece in line.components(separatedBy: "…") where !piece.isEmpty {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    func testTheWorkedExampleRunsAsWritten() throws {
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        let binaries = try CommandRunner.executable.deletingLastPathComponent().path
        let steps = try example()
        XCTAssertGreaterThanOrEqual(steps.count, 5)
        for step in steps {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", step.command]
            process.currentDirectoryURL = folder
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(step.command):\n\(text)")
            for line in step.output {
                XCTAssertTrue(holds(text, line), "\(step.command) prints '\(line)':\n\(text)")
            }
        }
        let delta = try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("delta.json")))
        let graph = try XCTUnwrap((delta as? [String: Any])?["@graph"] as? [[String: Any]])
        XCTAssertEqual(
            graph.map { String(($0["@id"] as? String ?? "").split(separator: "/").suffix(2).joined(separator: "/")) },
            ["Component/p7", "CraftingRecipe/p4", "Item/p9"])
        XCTAssertEqual(graph.map { $0["@changed"] as? [String] }, [nil, ["requiredComponents"], ["name"]])
        XCTAssertEqual(graph[2]["name"] as? String, "Tree Bark Rope")
    }
}
