import Foundation
import XCTest

/// A private folder for one test, removed (permissions restored first) when the test ends: the one
/// place tests write files.
public struct ScratchFolder {
    /// The folder.
    public let url: URL

    /// Makes the folder and registers its removal with `test`.
    public init(for test: XCTestCase) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(type(of: test))-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let folder = url
        test.addTeardownBlock {
            try? ScratchFolder.setPermissions(of: folder, directories: 0o755, files: 0o644)
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// A path inside the folder.
    public func path(_ relativePath: String) -> String {
        url.appendingPathComponent(relativePath).path
    }

    /// Copies a file or a whole folder (hidden entries included) into this folder, writable;
    /// returns the copy's path.
    ///
    /// Folders are made, not copied with their mode: `FileManager.copyItem` gives a copied
    /// folder the source's read-only mode before filling it, which fails for anyone but root.
    @discardableResult
    public func copy(_ source: URL, as name: String? = nil) throws -> String {
        let destination = url.appendingPathComponent(name ?? source.lastPathComponent).path
        let manager = FileManager.default
        var pending = [(source.path, destination)]
        while let (from, to) = pending.popLast() {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: from, isDirectory: &isDirectory) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: from])
            }
            if isDirectory.boolValue {
                try manager.createDirectory(
                    atPath: to, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
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

    /// Writes `bytes` to the file `name` in the folder and returns its URL.
    @discardableResult
    public func write(_ name: String, _ bytes: some Collection<UInt8>) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file
    }

    /// Writes `text` as UTF-8 to the file `name` in the folder and returns its URL.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> URL {
        try write(name, Array(text.utf8))
    }

    /// Every file directly in the folder with its bytes, to show that reading changed nothing.
    public func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
            files[name] = try Data(contentsOf: url.appendingPathComponent(name))
        }
        return files
    }

    /// Sets the mode of `root` and of every folder and regular file below it. Links, devices and
    /// FIFOs are left as they are: changing a link's mode changes its target's (a test's link to
    /// `/dev/null` had made the machine's `/dev/null` unwritable for other users).
    public static func setPermissions(of root: URL, directories: Int, files: Int) throws {
        let manager = FileManager.default
        var paths = [root.path]
        if let enumerator = manager.enumerator(atPath: root.path) {
            paths += enumerator.compactMap { ($0 as? String).map { root.path + "/" + $0 } }
        }
        for path in paths {
            // `attributesOfItem` does not follow a link: it describes the link itself.
            guard let type = try? manager.attributesOfItem(atPath: path)[.type] as? FileAttributeType else {
                continue
            }
            switch type {
            case .typeDirectory: try manager.setAttributes([.posixPermissions: directories], ofItemAtPath: path)
            case .typeRegular: try manager.setAttributes([.posixPermissions: files], ofItemAtPath: path)
            default: continue
            }
        }
    }
}
