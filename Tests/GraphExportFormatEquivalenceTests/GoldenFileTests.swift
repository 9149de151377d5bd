import Foundation
import GraphExport
import GraphExportJSON
import GraphExportJSONLines
import GraphExportPlist
import GraphExportXML
import GraphExportYAML
import XCTest

/// The exact bytes of the Scrapbook sample's export in each format, tree shape, default options,
/// pinned in `Golden/`. Set `GRAPHEXPORT_RECORD_GOLDEN=1` to write them anew (the tests then fail,
/// saying so).
///
/// The store is exported from a copy in a temporary folder; its header names the store and the
/// model by their paths in the repository, `Samples/Scrapbook/Scrapbook.sqlite` and
/// `Samples/Scrapbook/Scrapbook.xcdatamodeld`, as `graphexport` run in the repository with those
/// relative paths writes them (the store's header is the paths it was given), so that the files
/// do not depend on the machine.
final class GoldenFileTests: XCTestCase {
    func testJSON() throws {
        try assertGolden("scrapbook.json") { JSONGraphWriter(sink: $0) }
    }

    func testXML() throws {
        try assertGolden("scrapbook.xml") { XMLGraphWriter(sink: $0) }
    }

    func testXMLElementStylePretty() throws {
        try assertGolden("scrapbook-elements-pretty.xml") {
            XMLGraphWriter(sink: $0, options: XMLOptions(pretty: true, style: .elements))
        }
    }

    func testYAML() throws {
        try assertGolden("scrapbook.yaml") { YAMLGraphWriter(sink: $0) }
    }

    func testJSONLines() throws {
        try assertGolden("scrapbook.jsonl") { JSONLinesGraphWriter(sink: $0) }
    }

    func testPropertyList() throws {
        try assertGolden("scrapbook.plist") { PlistGraphWriter(sink: $0) }
    }

    func testTheHeaderDiffersFromTheStoresOnlyInThePaths() throws {
        let (sample, renamed) = try scrapbook()
        var expected = sample.store.document
        expected.source = "Samples/Scrapbook/Scrapbook.sqlite"
        expected.model = "Samples/Scrapbook/Scrapbook.xcdatamodeld"
        XCTAssertEqual(renamed.document, expected)
        XCTAssertEqual(sample.store.storeUUID, HostileStore.uuid)
        XCTAssertEqual(sample.store.document.modelVersion, "Scrapbook", "a bundle names its version, even of one")
    }

    /// The Scrapbook store, opened in a copy, and the same with the repository's paths in its header.
    private func scrapbook() throws -> (StoreSample, RenamedSource) {
        let sample = try StoreSample(
            copying: Inputs.scrapbook, store: "Scrapbook.sqlite", model: "Scrapbook.xcdatamodeld", for: self)
        var document = sample.store.document
        document.source = "Samples/Scrapbook/Scrapbook.sqlite"
        document.model = "Samples/Scrapbook/Scrapbook.xcdatamodeld"
        return (sample, RenamedSource(sample.store, document: document))
    }

    private func assertGolden(
        _ name: String, file: StaticString = #filePath, line: UInt = #line,
        writer: (any ByteSink) -> any GraphWriter
    ) throws {
        let (_, source) = try scrapbook()
        let export = try Export(source, shape: .tree) { sink, _ in writer(sink) }
        let url = Inputs.golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["GRAPHEXPORT_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Inputs.golden, withIntermediateDirectories: true)
            try Data(export.bytes).write(to: url)
            return XCTFail(
                "recorded Golden/\(name) (GRAPHEXPORT_RECORD_GOLDEN=1): check it and run again", file: file, line: line)
        }
        guard let golden = FileManager.default.contents(atPath: url.path).map(Array.init) else {
            return XCTFail("Golden/\(name) is missing: run with GRAPHEXPORT_RECORD_GOLDEN=1", file: file, line: line)
        }
        guard golden != export.bytes else { return }
        let offset =
            zip(golden, export.bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(golden.count, export.bytes.count)
        func excerpt(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, offset - 60)..<min(bytes.count, offset + 60)], as: UTF8.self).debugDescription
        }
        XCTFail(
            """
            the export differs from Golden/\(name) at byte \(offset) (\(export.bytes.count) bytes, golden \
            \(golden.count)); re-record with GRAPHEXPORT_RECORD_GOLDEN=1 if the change is intended
            golden: \(excerpt(golden))
            export: \(excerpt(export.bytes))
            """, file: file, line: line)
    }
}
