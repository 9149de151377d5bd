import Foundation
import Prerequisites
import XCTest

/// Where the inputs live, found from this file, never from an absolute path.
enum Inputs {
    /// The repository: `Tests/GraphExportFormatEquivalenceTests/<this file>` up three levels.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Samples/Scrapbook/`.
    static var scrapbook: URL { repository.appendingPathComponent("Samples/Scrapbook", isDirectory: true) }

    /// `Tests/GraphExportFormatEquivalenceTests/Golden/`.
    static var golden: URL {
        repository.appendingPathComponent("Tests/GraphExportFormatEquivalenceTests/Golden", isDirectory: true)
    }

    /// `shared/coredata-samples/` beside the repository (read-only: never write there), or a skip
    /// (a failure under CI) when it is missing.
    static func sharedSamples() throws -> URL {
        try Prerequisite.shared("coredata-samples")
    }
}

/// A private folder for one test, removed when the test ends.
struct ScratchFolder {
    let url: URL

    init(for test: XCTestCase) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("FormatEquivalenceTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let folder = url
        test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    /// Copies a file or a whole folder (hidden entries included) into this folder, writable,
    /// and returns the copy's path. Folders are made rather than copied with their (possibly
    /// read-only) mode.
    @discardableResult
    func copy(_ source: URL) throws -> String {
        let destination = url.appendingPathComponent(source.lastPathComponent).path
        var pending = [(source.path, destination)]
        let manager = FileManager.default
        while let (from, to) = pending.popLast() {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: from, isDirectory: &isDirectory) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: from])
            }
            if isDirectory.boolValue {
                try manager.createDirectory(atPath: to, withIntermediateDirectories: false)
                pending += try manager.contentsOfDirectory(atPath: from).map { (from + "/" + $0, to + "/" + $0) }
            } else {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: from))
                guard manager.createFile(atPath: to, contents: bytes, attributes: [.posixPermissions: 0o644]) else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: to])
                }
            }
        }
        return destination
    }
}
