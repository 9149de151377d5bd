import Foundation
import XCTest

/// A private folder for one test's files, removed when the test ends.
struct ScratchFiles {
    let folder: URL

    init(for test: XCTestCase) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("GraphExportSchemaTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let created = folder
        test.addTeardownBlock { try? FileManager.default.removeItem(at: created) }
    }

    /// Writes `text` to the file `name` in the folder and returns its URL.
    @discardableResult
    func write(_ name: String, _ text: some Collection<UInt8>) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text).write(to: url)
        return url
    }

    /// Writes `text` as UTF-8 to the file `name`.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        try write(name, Array(text.utf8))
    }
}
