import Foundation
import GraphExport
import GraphExportGraphML
import GraphExportJSON
import GraphExportJSONLines
import GraphExportPlist
import GraphExportPlugin
import GraphExportTestSupport
import GraphExportXML
import GraphExportYAML
import Prerequisites
import XCTest

/// The contract every writer keeps (``GraphStreamValidator``): the same streams, valid and not,
/// run against each format's writer and the plugin event stream, which must reject each broken one
/// with the core's ``GraphStreamError``, take each valid one, and treat a rejected call as if it
/// had not come.
final class WriterContractTests: XCTestCase {
    func testEveryWriterRejectsEachBrokenStreamWithTheCoreError() {
        for (name, make) in everyWriterIgnoringWarnings {
            for (events, expected) in NestingStreams.illNested {
                switch Result(catching: { try written(events, by: make) }) {
                case .success:
                    XCTFail("\(name) took \(events)")
                case .failure(let error):
                    XCTAssertEqual(error as? GraphStreamError, expected, "\(name): \(events) gave \(error)")
                }
            }
        }
    }

    func testEveryWriterTakesEachValidStream() throws {
        for (name, make) in everyWriterIgnoringWarnings {
            for events in NestingStreams.valid {
                switch Result(catching: { try written(events, by: make) }) {
                case .success(let bytes):
                    XCTAssertFalse(bytes.isEmpty, "\(name): \(events)")
                case .failure(let error):
                    XCTFail("\(name) rejected \(events): \(error)")
                }
            }
        }
    }

    func testEveryWriterRejectsCallsOutsideTheDocument() throws {
        for (name, make) in everyWriterIgnoringWarnings {
            let writer = GraphStream(make(MemorySink()))
            func expect(_ expected: GraphStreamError, _ call: () throws -> Void) {
                XCTAssertThrowsError(try call(), name) { XCTAssertEqual($0 as? GraphStreamError, expected, name) }
            }
            expect(.notBegun) { try writer.write(.endObject) }
            expect(.notBegun) { try writer.finish() }
            try writer.begin(WriterChain.document)
            expect(.begunTwice) { try writer.begin(WriterChain.document) }
            try writer.finish()
            expect(.alreadyFinished) { try writer.write(.endObject) }
            expect(.alreadyFinished) { try writer.finish() }
            expect(.alreadyFinished) { try writer.begin(WriterChain.document) }
        }
    }

    /// Calls that break the grammar in some place or other, tried between the events of the valid
    /// streams.
    private let intruders: [GraphEvent] = [
        NestingStreams.attribute, .attribute(name: "y", value: .integer(7)), NestingStreams.toOne,
        NestingStreams.reference, NestingStreams.b, .endRelationship, .endObject, .deleted, .changedProperties(["x"]),
    ]

    func testEveryWriterRejectsAFileInsideAnArrayOrMap() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("graphexport-\(UUID().uuidString)")
            .path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = Value.binaryFile(try FileBytes(path: path))
        for value in [Value.array([.integer(1), file]), .map(["cover": .array([file])])] {
            for (name, make) in everyWriterIgnoringWarnings {
                let sink = MemorySink()
                let writer = GraphStream(make(sink))
                try writer.begin(WriterChain.document)
                try writer.write(.beginObject(entity: "Item", id: ObjectID("Item/1")))
                XCTAssertThrowsError(try writer.write(.attribute(name: "files", value: value)), name) { error in
                    XCTAssertEqual(
                        error as? GraphStreamError, .fileInsideStructuredValue(name: "files", id: "Item/1"), name)
                }
            }
        }
    }

    func testARejectedCallChangesNothing() throws {
        for (name, make) in everyWriterIgnoringWarnings {
            for events in NestingStreams.valid {
                let clean = try written(events, by: make)
                for position in 0...events.count {
                    var validator = GraphStreamValidator()
                    try validator.begin()
                    for event in events[..<position] { try validator.accept(event) }
                    let rejected = intruders.filter { intruder in
                        var trial = validator
                        return (try? trial.accept(intruder)) == nil
                    }
                    let sink = MemorySink()
                    let writer = GraphStream(make(sink))
                    try writer.begin(WriterChain.document)
                    for event in events[..<position] { try writer.write(event) }
                    for intruder in rejected {
                        XCTAssertThrowsError(try writer.write(intruder), "\(name) at \(position): \(intruder)") {
                            XCTAssertTrue($0 is GraphStreamError, "\(name): \($0)")
                        }
                    }
                    for event in events[position...] { try writer.write(event) }
                    try writer.finish()
                    XCTAssertEqual(
                        sink.bytes, clean,
                        "\(name): \(rejected) rejected at \(position) of \(events) changed the output")
                }
            }
        }
    }

    /// The plugin protocol's side of the contract: the sample plugin (`Samples/Plugins`) reads each
    /// valid stream as the event-stream writer writes it, one CSV row per value and reference.
    func testTheSamplePluginReadsEveryValidStream() throws {
        let plugin = Prerequisite.repository.appendingPathComponent("Samples/Plugins/graphexport-format-csv")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard
            path.split(separator: ":").contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }
            )
        else { throw Prerequisite.missing("python3 is not on the PATH: the sample plugin is a Python script") }
        for events in NestingStreams.valid {
            let stream = try written(events) { PluginEventStreamWriter(sink: $0, format: "csv") }
            let run = try ProgramRun.run(plugin, [], input: Data(stream))
            XCTAssertEqual(run.status, 0, "\(events): \(run.standardError)")
            let rows = run.text.split(separator: "\n")
            let attributes = events.filter { if case .attribute = $0 { true } else { false } }.count
            let links =
                events.filter {
                    switch $0 {
                    case .reference: true
                    case .beginObject: true
                    default: false
                    }
                }.count - topLevelObjects(in: events)
            XCTAssertEqual(rows.first, "id,entity,property,kind,value")
            XCTAssertEqual(rows.count, 1 + attributes + links, "\(events): \(rows)")
        }
    }

    /// How many objects of `events` begin at the top level.
    private func topLevelObjects(in events: [GraphEvent]) -> Int {
        var depth = 0
        var count = 0
        for event in events {
            switch event {
            case .beginObject:
                if depth == 0 { count += 1 }
                depth += 1
            case .beginRelationship: depth += 1
            case .endObject, .endRelationship: depth -= 1
            default: break
            }
        }
        return count
    }
}
