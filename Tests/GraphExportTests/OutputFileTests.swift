import Foundation
import GraphExport
import XCTest

/// ``OutputFile``: where the bytes go for each kind of path, and what is left when it fails.
final class OutputFileTests: XCTestCase {
    private let manager = FileManager.default

    func testNewFileHasNoNameUntilCommitted() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("out.json").path
        let file = try OutputFile(path: path)
        try write("new", to: file)
        XCTAssertEqual(try names(in: folder), [], "the file being written has no name")
        try assertCommit(file, bringsNewTo: path, aloneIn: folder)
    }

    func testDiscardedFileLeavesTheFolderAsItWas() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("out.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        for allowsUnnamedFile in [true, false] {
            let file = try OutputFile(path: path, allowsUnnamedFile: allowsUnnamedFile)
            try write("new", to: file)
            file.discard()
            XCTAssertEqual(try names(in: folder), ["out.json"], "unnamed: \(allowsUnnamedFile)")
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "old")
        }
    }

    func testHiddenFileIsTheFallbackAndIsRenamedIntoPlace() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("out.json").path
        let file = try OutputFile(path: path, allowsUnnamedFile: false)
        try write("new", to: file)
        let hidden = try names(in: folder)
        XCTAssertEqual(hidden.count, 1)
        XCTAssertTrue(hidden[0].hasPrefix(".out.json.graphexport-"), "\(hidden)")
        try assertCommit(file, bringsNewTo: path, aloneIn: folder)
    }

    func testReplacedFileKeepsItsPermissions() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("out.json").path
        for allowsUnnamedFile in [true, false] {
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(chmod(path, 0o640), 0)
            try commit("new", to: path, allowsUnnamedFile: allowsUnnamedFile)
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
            XCTAssertEqual(try permissions(path), 0o640, "unnamed: \(allowsUnnamedFile)")
        }
    }

    func testReplacedFileKeepsItsOwnerWhenRunAsRoot() throws {
        guard geteuid() == 0 else { throw XCTSkip("giving a file to another owner needs root") }
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("out.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(chown(path, 65534, 65534), 0)
        try commit("new", to: path)
        let attributes = try manager.attributesOfItem(atPath: path)
        XCTAssertEqual(attributes[.ownerAccountID] as? Int, 65534)
        XCTAssertEqual(attributes[.groupOwnerAccountID] as? Int, 65534)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
    }

    func testNameThatAppearsDuringTheExportIsReplaced() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("out.json").path
        let file = try OutputFile(path: path)
        try write("new", to: file)
        try Data("someone else's".utf8).write(to: URL(fileURLWithPath: path))
        try file.commit()
        XCTAssertEqual(try names(in: folder), ["out.json"])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
    }

    func testLinkIsFollowedAndStaysALink() throws {
        let folder = try temporaryFolder()
        try Data("old".utf8).write(to: folder.appendingPathComponent("target.json"))
        let link = folder.appendingPathComponent("link.json").path
        try manager.createSymbolicLink(atPath: link, withDestinationPath: "target.json")
        try commit("new", to: link)
        XCTAssertEqual(try manager.destinationOfSymbolicLink(atPath: link), "target.json")
        XCTAssertEqual(try String(contentsOfFile: link, encoding: .utf8), "new")
        XCTAssertEqual(try names(in: folder), ["link.json", "target.json"])
    }

    func testChainOfLinksEndingInAMissingFileInAnotherFolder() throws {
        let folder = try temporaryFolder()
        try manager.createDirectory(at: folder.appendingPathComponent("a"), withIntermediateDirectories: false)
        try manager.createDirectory(at: folder.appendingPathComponent("b"), withIntermediateDirectories: false)
        let first = folder.appendingPathComponent("first.json").path
        try manager.createSymbolicLink(atPath: first, withDestinationPath: "a/second.json")
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("a/second.json").path, withDestinationPath: "../b/out.json")
        try commit("new", to: first)
        XCTAssertEqual(
            try String(contentsOf: folder.appendingPathComponent("b/out.json"), encoding: .utf8), "new")
        XCTAssertEqual(try manager.destinationOfSymbolicLink(atPath: first), "a/second.json")
        XCTAssertEqual(try names(in: folder.appendingPathComponent("b")), ["out.json"])
    }

    func testLoopOfLinksIsRefused() throws {
        let folder = try temporaryFolder()
        let first = folder.appendingPathComponent("first").path
        try manager.createSymbolicLink(atPath: first, withDestinationPath: "second")
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("second").path, withDestinationPath: "first")
        XCTAssertThrowsError(try OutputFile(path: first)) {
            XCTAssertEqual(
                $0 as? OutputError,
                .writeFailed(errno: ELOOP, reason: "\(first): Too many levels of symbolic links"))
        }
        XCTAssertEqual(try names(in: folder), ["first", "second"])
    }

    func testFolderIsRefused() throws {
        let folder = try temporaryFolder()
        XCTAssertThrowsError(try OutputFile(path: folder.path)) {
            XCTAssertEqual(
                $0 as? OutputError, .writeFailed(errno: EISDIR, reason: "\(folder.path): Is a directory"))
        }
    }

    func testDescriptorPathWritesToThatDescriptor() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        for path in ["/dev/fd/\(ends[1])", "/proc/self/fd/\(ends[1])"] {
            try commit(path, to: path)
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(ends[0], &buffer, buffer.count)
            XCTAssertEqual(String(decoding: buffer[..<max(count, 0)], as: UTF8.self), path)
        }
        XCTAssertEqual(fcntl(ends[1], F_GETFD), 0, "the process's own descriptor stays open")
        close(ends[1])
    }

    func testWriteErrorNamesTheOutput() throws {
        let file = try OutputFile(path: "/dev/full")
        XCTAssertThrowsError(try write("new", to: file)) {
            XCTAssertEqual(
                $0 as? OutputError, .writeFailed(errno: ENOSPC, reason: "/dev/full: No space left on device"))
        }
    }

    func testClosedDescriptorIsRefused() throws {
        let path = "/dev/fd/987"
        XCTAssertThrowsError(try OutputFile(path: path)) {
            XCTAssertEqual($0 as? OutputError, .writeFailed(errno: EBADF, reason: "\(path): Bad file descriptor"))
        }
    }

    /// Commits `file` and checks that `path` is then the one file in `folder`, holding `new`, with
    /// the permissions a new file gets.
    private func assertCommit(
        _ file: OutputFile, bringsNewTo path: String, aloneIn folder: URL, line: UInt = #line
    ) throws {
        try file.commit()
        XCTAssertEqual(try names(in: folder), ["out.json"], line: line)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new", line: line)
        XCTAssertEqual(try permissions(path), 0o666 & ~currentUmask(), line: line)
    }

    /// Writes `text` to a new ``OutputFile`` for `path` and commits it.
    private func commit(_ text: String, to path: String, allowsUnnamedFile: Bool = true) throws {
        let file = try OutputFile(path: path, allowsUnnamedFile: allowsUnnamedFile)
        try write(text, to: file)
        try file.commit()
    }

    private func write(_ text: String, to file: OutputFile) throws {
        try Array(text.utf8).withUnsafeBytes { try file.sink.write($0) }
    }

    private func names(in folder: URL) throws -> [String] {
        try manager.contentsOfDirectory(atPath: folder.path).sorted()
    }

    private func permissions(_ path: String) throws -> mode_t {
        mode_t(try XCTUnwrap(manager.attributesOfItem(atPath: path)[.posixPermissions] as? Int))
    }

    private func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
