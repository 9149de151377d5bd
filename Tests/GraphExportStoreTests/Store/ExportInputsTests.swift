import Foundation
import GraphExportStore
import XCTest

/// ``ExportInputs``: which file an output path would overwrite.
final class ExportInputsTests: XCTestCase {
    private let manager = FileManager.default

    func testFileDeepInTheModelIsFoundAndALoopOfFoldersEnds() throws {
        let folder = try temporaryFolder()
        let model = folder.appendingPathComponent("Model.xcdatamodeld")
        let nested = model.appendingPathComponent("Model.xcdatamodel/extra")
        try manager.createDirectory(at: nested, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: nested.appendingPathComponent("deep"))
        try manager.createSymbolicLink(
            atPath: nested.appendingPathComponent("up").path, withDestinationPath: model.path)
        let inputs = ExportInputs(
            storePath: folder.appendingPathComponent("store.sqlite").path, modelPath: model.path)
        let found = inputs.file(sameAs: nested.appendingPathComponent("deep").path)
        XCTAssertEqual(found?.role, .model)
        XCTAssertEqual(found?.path, model.path + "/Model.xcdatamodel/extra/deep")
        XCTAssertNil(inputs.file(sameAs: folder.appendingPathComponent("elsewhere").path))
    }

    func testMissingOutputIsNoInput() throws {
        let folder = try temporaryFolder()
        let store = folder.appendingPathComponent("store.sqlite").path
        XCTAssertNil(ExportInputs(storePath: store, modelPath: nil).file(sameAs: store + "-wal"))
    }

    /// A fresh empty folder, removed at the end of the test.
    private func temporaryFolder() throws -> URL {
        let folder = manager.temporaryDirectory.appendingPathComponent("graphexport-inputs-\(UUID().uuidString)")
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
