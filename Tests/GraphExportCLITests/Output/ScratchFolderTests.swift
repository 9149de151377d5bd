import Foundation
import Prerequisites
import XCTest

/// The tests' scratch folders leave what lies outside them alone when they are removed.
final class ScratchFolderTests: XCTestCase {
    /// Restoring the modes before removal changes the folder's own files, not a link's target: the
    /// hostile-input tests link to `/dev/null` and `/dev/zero`, whose mode it had set to 0644.
    func testRestoringModesLeavesALinksTargetAlone() throws {
        let outside = try ScratchFolder(for: self)
        let target = try outside.write("target", "kept as it is")
        XCTAssertEqual(chmod(target.path, 0o600), 0)
        let scratch = try ScratchFolder(for: self)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link"), withDestinationPath: target.path)
        let own = try scratch.write("own", "made writable again")
        XCTAssertEqual(chmod(own.path, 0o400), 0)

        try ScratchFolder.setPermissions(of: scratch.url, directories: 0o755, files: 0o644)

        XCTAssertEqual(try mode(of: target.path), 0o600, "the link's target keeps its mode")
        XCTAssertEqual(try mode(of: own.path), 0o644, "the folder's own file gets the mode asked for")
    }

    /// The permission bits of the file at `path`.
    private func mode(of path: String) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }
}
