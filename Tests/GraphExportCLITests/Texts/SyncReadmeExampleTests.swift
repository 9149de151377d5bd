import Foundation
import Prerequisites
import XCTest

/// The README's worked example of *Sync and compare* (`--since` and `log`), run as it is written:
/// each command (`$ ` line) of its first transcript, in a folder holding a copy of the SwiftData
/// sample store, with the built graphexport first on `PATH`; each prints what the transcript shows
/// (``ShownOutput``: a `…` stands for anything), and the delta it writes holds what the README says.
final class SyncReadmeExampleTests: XCTestCase {
    /// The commands of the example, each with the lines it is shown printing.
    private func example() throws -> [DocumentedCommand] {
        let readme = try String(
            contentsOf: CommandRunner.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(
            readme.range(of: "### What changed since the last export"), "the README has the example")
        let sectionLine = readme[..<section.lowerBound].filter { $0 == "\n" }.count + 1
        let shown = DocumentedCommand.commands(inMarkdown: readme, file: "README.md").filter {
            $0.shownOutput != nil && $0.line > sectionLine
        }
        return shown.filter { $0.block == shown.first?.block }
    }

    func testTheWorkedExampleRunsAsWritten() throws {
        let folder = try CommandRunner.copyOfSample("swiftdata-resourcesmanager", for: self)
        let steps = try example()
        XCTAssertGreaterThanOrEqual(steps.count, 5)
        for step in steps {
            let (outcome, lines) = try step.run(in: folder)
            XCTAssertEqual(outcome.status, 0, "\(step.command):\n\(outcome.text)")
            XCTAssertTrue(
                ShownOutput.matches(shown: step.shownOutput ?? [], actual: lines),
                "\(step.command) prints what the README does not show:\n\(outcome.text)")
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
