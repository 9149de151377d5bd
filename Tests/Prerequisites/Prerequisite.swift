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

    /// A prerequisite that CI must have.
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }
}
