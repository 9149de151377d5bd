import Foundation
import GraphExportSQLite
import Prerequisites
import XCTest

@testable import GraphExportCLI

/// The progress line of the built graphexport, with standard error on a pseudo-terminal
/// (``TerminalRun``), in a file and in a pipe, and its words for every kind of total
/// (``ProgressText``). `GRAPHEXPORT_PROGRESS_DELAY=0` shows the line from the first object on, so
/// that a small store shows it too.
final class ProgressLineTests: XCTestCase {
    private let atOnce = ["GRAPHEXPORT_PROGRESS_DELAY": "0"]
    private let scrapbookArguments = ["-m", "Scrapbook.xcdatamodeld", "Scrapbook.sqlite", "-o", "out.json"]
    private let eraser = "\r\u{1B}[K"

    // MARK: - On a terminal

    func testOnATerminalTheLineCountsOfTheTotalAndIsErasedAtTheEnd() throws {
        let folder = try scrapbook()
        let run = try TerminalRun.graphexport(scrapbookArguments, in: folder, environment: atOnce)
        XCTAssertEqual(run.status, 0, run.terminal)
        // The 35 objects go by before the next update, 64 objects after the first.
        XCTAssertEqual(run.drawnLines, ["graphexport: note: 1 of 35 objects (2%)"], run.terminal.debugDescription)
        XCTAssertTrue(run.terminal.hasSuffix(eraser), run.terminal.debugDescription)
        XCTAssertFalse(run.terminal.contains("\n"), run.terminal.debugDescription)
        let export = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("out.json")))
        XCTAssertNotNil((export as? [String: Any])?["@graph"], "the export is complete")
    }

    func testWarningsArePrintedAboveTheLineWhichIsDrawnAgainBelowThem() throws {
        let folder = try scrapbook(removingImageOfPhoto8: true)
        let run = try TerminalRun.graphexport(scrapbookArguments, in: folder, environment: atOnce)
        XCTAssertEqual(run.status, 0, run.terminal)
        let warning = eraser + "graphexport: warning: Photo p8 image: external data file "
        let range = try XCTUnwrap(run.terminal.range(of: warning), run.terminal.debugDescription)
        let after = run.terminal[range.upperBound...].split(separator: "\n", maxSplits: 1)
        XCTAssertTrue(after[0].hasSuffix("is missing; written as null"), String(after[0]))
        XCTAssertNotNil(after[1].prefixMatch(of: #/graphexport: note: \d+ of 35 objects/#), String(after[1]))
        XCTAssertTrue(run.terminal.hasSuffix(eraser), run.terminal.debugDescription)
    }

    func testAFailureErasesTheLineBeforeItsMessage() throws {
        let run = try TerminalRun.graphexport(
            ["-m", "Scrapbook.xcdatamodeld", "Scrapbook.sqlite", "-o", "/dev/full"], in: try scrapbook(),
            environment: atOnce)
        XCTAssertEqual(run.status, 1, run.terminal)
        XCTAssertTrue(run.terminal.hasPrefix("\rgraphexport: note: 1 of 35 objects"), run.terminal.debugDescription)
        let failure = try XCTUnwrap(run.terminal.range(of: "graphexport: error: "), run.terminal.debugDescription)
        XCTAssertTrue(run.terminal[..<failure.lowerBound].hasSuffix(eraser), run.terminal.debugDescription)
        XCTAssertTrue(run.terminal.hasSuffix("\n"), run.terminal.debugDescription)
    }

    func testAPlainSQLiteTotalIsMarkedAsAnEstimate() throws {
        let folder = try chinook()
        let run = try TerminalRun.graphexport(["Chinook.sqlite", "-o", "out.json"], in: folder, environment: atOnce)
        XCTAssertEqual(run.status, 0, run.terminal)
        XCTAssertEqual(
            run.drawnLines.first, "graphexport: note: 1 of ~6892 objects (0%)", run.terminal.debugDescription)
        // Each later line has the rate since the first object, and the time left at that rate.
        for line in run.drawnLines.dropFirst() {
            XCTAssertNotNil(
                line.wholeMatch(of: #/graphexport: note: \d+ of ~6892 objects \(\d+%\), \d+ objects/s, \d+:\d\d left/#),
                line)
        }
        XCTAssertTrue(run.terminal.hasSuffix(eraser), run.terminal.debugDescription)
    }

    func testANarrowTerminalGetsTheLineCutToItsWidth() throws {
        let run = try TerminalRun.graphexport(scrapbookArguments, in: try scrapbook(), environment: atOnce, columns: 30)
        XCTAssertEqual(run.status, 0, run.terminal)
        XCTAssertEqual(run.drawnLines.first, "graphexport: note: 1 of 35 ob")
        XCTAssertTrue(run.drawnLines.allSatisfy { $0.count <= 29 }, "\(run.drawnLines)")
    }

    func testQuietShowsNothing() throws {
        let folder = try scrapbook(removingImageOfPhoto8: true)
        let run = try TerminalRun.graphexport(["--quiet"] + scrapbookArguments, in: folder, environment: atOnce)
        XCTAssertEqual(run.status, 0, run.terminal)
        XCTAssertEqual(run.terminal, "")
    }

    func testAnOutputOnTheTerminalItselfGetsNoLine() throws {
        let run = try TerminalRun.graphexport(
            ["-f", "jsonl", "-m", "Scrapbook.xcdatamodeld", "Scrapbook.sqlite"], in: try scrapbook(),
            environment: atOnce, outputOnTerminal: true)
        XCTAssertEqual(run.status, 0, run.terminal)
        XCTAssertTrue(run.terminal.contains("\"Scrapbook\""), run.terminal)
        XCTAssertFalse(run.terminal.contains("graphexport: "), run.terminal)
        XCTAssertFalse(run.terminal.contains("\r"), run.terminal.debugDescription)
    }

    func testAnInterruptErasesTheLine() throws {
        let folder = try largeTable()
        let run = try TerminalRun.graphexport(
            ["big.sqlite", "-o", "out.json"], in: folder, environment: atOnce, interruptAfter: " objects/s")
        XCTAssertEqual(run.status, -SIGINT, run.terminal)
        XCTAssertTrue(run.terminal.hasPrefix("\rgraphexport: note: 1 of ~200000 objects (0%)"), run.terminal)
        XCTAssertTrue(run.terminal.hasSuffix(eraser), run.terminal.debugDescription)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
    }

    func testTheLineAppearsOnlyOnceAnExportHasRunASecond() throws {
        let folder = try largeTable()
        let started = Date()
        let run = try TerminalRun.graphexport(["big.sqlite", "-o", "out.json"], in: folder)
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(run.status, 0, run.terminal)
        if seconds < 0.9 {
            XCTAssertEqual(run.terminal, "", "an export of \(seconds) s")
        } else if seconds > 2 {
            let first = try XCTUnwrap(run.drawnLines.first, "an export of \(seconds) s")
            XCTAssertTrue(first.hasPrefix("graphexport: "), first)
            XCTAssertFalse(first.hasPrefix("graphexport: note: 1 of"), "drawn before a second: \(first)")
            XCTAssertTrue(run.terminal.hasSuffix(eraser), run.terminal.debugDescription)
        }
    }

    // MARK: - Into a file or a pipe

    func testNothingExtraGoesToAFileOrAPipe() throws {
        let folder = try chinook()
        let toFile = try CommandRunner.assertSucceeds(
            ["Chinook.sqlite", "-o", "out.json"], in: folder, environment: atOnce)
        XCTAssertEqual(toFile.standardError, "")
        let process = Process()
        process.executableURL = try CommandRunner.executable
        process.arguments = ["Chinook.sqlite", "-o", "out.json"]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(atOnce) { $1 }
        let pipe = Pipe()
        process.standardError = pipe
        try process.run()
        let errors = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: errors, as: UTF8.self), "")
    }

    func testProgressForcesALineAtATimeIntoAFile() throws {
        let run = try CommandRunner.assertSucceeds(
            ["--progress"] + scrapbookArguments, in: try scrapbook(), environment: atOnce)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "graphexport: note: 1 of 35 objects (2%)", run.standardError)
        XCTAssertNotNil(lines.last?.wholeMatch(of: #/graphexport: note: 35 objects in \d+\.\d s/#), run.standardError)
        XCTAssertFalse(run.standardError.contains("\r"), run.standardError.debugDescription)
    }

    func testASelectionCountsWithoutTheStoresTotal() throws {
        let run = try CommandRunner.assertSucceeds(
            ["--progress", "--entity", "Tag"] + scrapbookArguments, in: try scrapbook(), environment: atOnce)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "graphexport: note: 1 objects", run.standardError)
        XCTAssertFalse(run.standardError.contains(" of 35 "), run.standardError)
    }

    func testAPluginFormatCountsItsObjectsToo() throws {
        let plugins = CommandRunner.repository.appendingPathComponent("Samples/Plugins")
        let run = try CommandRunner.assertSucceeds(
            ["--progress", "-f", "csv", "-m", "Scrapbook.xcdatamodeld", "Scrapbook.sqlite", "-o", "out.csv"],
            in: try scrapbook(), environment: atOnce.merging(["GRAPHEXPORT_PLUGIN_PATH": plugins.path]) { $1 })
        let lines = run.standardError.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "graphexport: note: 1 of 35 objects (2%)", run.standardError)
        XCTAssertNotNil(lines.last?.wholeMatch(of: #/graphexport: note: 35 objects in \d+\.\d s/#), run.standardError)
    }

    func testProgressWithQuietShowsTheLineButNoWarning() throws {
        let run = try CommandRunner.assertSucceeds(
            ["--progress", "--quiet"] + scrapbookArguments, in: try scrapbook(removingImageOfPhoto8: true),
            environment: atOnce)
        XCTAssertTrue(run.standardError.hasPrefix("graphexport: note: 1 of 35 objects"), run.standardError)
        XCTAssertFalse(run.standardError.contains("warning"), run.standardError)
    }

    func testProgressOnATerminalRedrawsTheLine() throws {
        let run = try TerminalRun.graphexport(
            ["--progress"] + scrapbookArguments, in: try scrapbook(), environment: atOnce)
        XCTAssertEqual(run.status, 0, run.terminal)
        XCTAssertTrue(run.terminal.hasPrefix("\rgraphexport: note: 1 of 35 objects"), run.terminal.debugDescription)
        XCTAssertTrue(run.terminal.hasSuffix(eraser), run.terminal.debugDescription)
    }

    func testADelayThatIsNoNumberOfSecondsIsAnErrorNamingTheVariable() throws {
        let run = try CommandRunner.run(
            ["--progress"] + scrapbookArguments, in: try scrapbook(),
            environment: ["GRAPHEXPORT_PROGRESS_DELAY": "soon"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.standardError,
            "graphexport: error: GRAPHEXPORT_PROGRESS_DELAY is 'soon', not a number of seconds from 0 to 86400; set "
                + "it to one (such as 0 or 2.5), or unset it for 1 s\n")
    }

    // MARK: - The words, for every kind of total

    func testAnExactTotalGivesTheShareTheRateAndTheTimeLeft() {
        XCTAssertEqual(
            ProgressText.line(objects: 45_000, total: .exact(100_000), rate: 22_500),
            "graphexport: note: 45000 of 100000 objects (45%), 22500 objects/s, 0:03 left")
    }

    func testAnEstimatedTotalIsMarked() {
        XCTAssertEqual(
            ProgressText.line(objects: 10, total: .estimate(6892), rate: 10),
            "graphexport: note: 10 of ~6892 objects (0%), 10 objects/s, 11:29 left")
    }

    func testWithoutATotalOrPastAnEstimateOnlyTheCountAndTheRateAreShown() {
        XCTAssertEqual(
            ProgressText.line(objects: 300, total: nil, rate: 200.4), "graphexport: note: 300 objects, 200 objects/s")
        XCTAssertEqual(
            ProgressText.line(objects: 300, total: .estimate(250), rate: 100),
            "graphexport: note: 300 objects, 100 objects/s")
    }

    func testNoRateOrTimeLeftBeforeTheRateIsKnown() {
        XCTAssertEqual(
            ProgressText.line(objects: 1, total: .exact(4), rate: nil), "graphexport: note: 1 of 4 objects (25%)")
    }

    func testTheTimeLeftIsRoundedUpToTheSecond() {
        XCTAssertEqual(ProgressText.clock(0.2), "0:01")
        XCTAssertEqual(ProgressText.clock(59), "0:59")
        XCTAssertEqual(ProgressText.clock(750), "12:30")
        XCTAssertEqual(ProgressText.clock(3723), "1:02:03")
    }

    func testTheLastLineSaysTheCountAndTheTime() {
        XCTAssertEqual(
            ProgressText.summary(objects: 100_000, elapsed: .milliseconds(1940)),
            "graphexport: note: 100000 objects in 1.9 s")
    }

    // MARK: - Fixtures

    /// A copy of `Samples/Scrapbook`; without the external data file of Photo p8's image when
    /// asked, so that the export warns while it runs.
    private func scrapbook(removingImageOfPhoto8: Bool = false) throws -> URL {
        let folder = try CommandRunner.copyOfRepository("Samples/Scrapbook", for: self)
        if removingImageOfPhoto8 {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(CommandRunner.photo8Image))
        }
        return folder
    }

    /// A folder with a copy of Chinook.
    private func chinook() throws -> URL {
        try CommandRunner.copyOfChinook(for: self)
            .deletingLastPathComponent()
    }

    /// A folder with `big.sqlite`: one table of 200 000 rows, which takes a debug build over a second.
    private func largeTable() throws -> URL {
        let folder = try CommandRunner.scratchFolder(for: self)
        try BoundedProcess.runPython(
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            c.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER)")
            c.executemany("INSERT INTO t(v) VALUES (?)", ((i,) for i in range(200000)))
            c.commit()
            """, [folder.appendingPathComponent("big.sqlite").path])
        return folder
    }
}
