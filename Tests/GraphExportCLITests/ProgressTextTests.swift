import GraphExportSQLite
import XCTest

@testable import GraphExportCLI

/// The words of the progress line, for every kind of total.
final class ProgressTextTests: XCTestCase {
    func testAnExactTotalGivesTheShareTheRateAndTheTimeLeft() {
        XCTAssertEqual(
            ProgressText.line(
                objects: 45_000, total: .exact(100_000), rate: 22_500),
            "graphexport: note: 45000 of 100000 objects (45%), 22500 objects/s, 0:03 left")
    }

    func testAnEstimatedTotalIsMarked() {
        XCTAssertEqual(
            ProgressText.line(
                objects: 10, total: .estimate(6892), rate: 10),
            "graphexport: note: 10 of ~6892 objects (0%), 10 objects/s, 11:29 left")
    }

    func testWithoutATotalOrPastAnEstimateOnlyTheCountAndTheRateAreShown() {
        XCTAssertEqual(
            ProgressText.line(objects: 300, total: nil, rate: 200.4),
            "graphexport: note: 300 objects, 200 objects/s")
        XCTAssertEqual(
            ProgressText.line(
                objects: 300, total: .estimate(250), rate: 100),
            "graphexport: note: 300 objects, 100 objects/s")
    }

    func testNoRateOrTimeLeftBeforeTheRateIsKnown() {
        XCTAssertEqual(
            ProgressText.line(objects: 1, total: .exact(4), rate: nil),
            "graphexport: note: 1 of 4 objects (25%)")
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
            "graphexport: note: 100000 objects in 1.9 s"
        )
    }
}
