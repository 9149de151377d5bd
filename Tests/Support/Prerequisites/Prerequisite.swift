import Foundation
import XCTest

/// What a test needs from outside the repository: the shared samples beside it, Python packages,
/// command-line tools.
///
/// On a developer's machine a missing prerequisite skips the test with one line saying what is
/// missing. Under CI (the `CI` environment variable is set), where `make test` installs every tool
/// and the shared samples are always present, a missing prerequisite fails the test instead: CI
/// can never pass by skipping.
public enum Prerequisite {
    /// Whether the tests run under CI.
    public static var isCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !value.isEmpty && value != "0" && value.lowercased() != "false"
    }

    /// The error to throw for a missing prerequisite: a skip, or under CI a failure.
    public static func missing(_ what: String) -> any Error {
        isCI ? Missing(description: "\(what) (required under CI)") : XCTSkip(what)
    }

    /// The repository's root folder.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `shared/` beside the repository (read-only: copy before opening anything in it).
    public static let sharedFolder = repository.deletingLastPathComponent()
        .appendingPathComponent("shared", isDirectory: true)

    /// A file or folder of `shared/` (`coredata-samples/wibosco-migration`,
    /// `data/chinook/Chinook.sqlite`), or ``missing(_:)`` when it is not there.
    public static func shared(_ relativePath: String) throws -> URL {
        let url = sharedFolder.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw missing("shared/\(relativePath) is missing: the shared samples lie beside the repository")
        }
        return url
    }

    /// The command-line tool `name` (`gzip`, `man`) from the folders of `PATH`, or ``missing(_:)``
    /// when none has it (`make test` installs the tools the tests use).
    public static func executable(_ name: String) throws -> URL {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in folders {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw missing("the tool '\(name)' is not on PATH: make test installs it")
    }

    /// A prerequisite that CI must have.
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }
}
