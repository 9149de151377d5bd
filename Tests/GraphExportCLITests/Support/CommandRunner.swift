import Foundation
import Prerequisites
import XCTest

extension ProgramRun {
    /// The output parsed as a JSON object.
    func json(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: standardOutput)
        return try XCTUnwrap(object as? [String: Any], "output is not a JSON object", file: file, line: line)
    }

    /// The entity `name` of the output of `inspect --format json`.
    func inspectedEntity(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let entities = try XCTUnwrap(try json()["entities"] as? [[String: Any]], "no entities", file: file, line: line)
        return try XCTUnwrap(entities.first { $0["name"] as? String == name }, "no \(name)", file: file, line: line)
    }
}

/// Runs the built `graphexport` binary and collects what it printed.
enum CommandRunner {
    /// The repository's root folder.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The Scrapbook sample's model, by its full path.
    static let scrapbookModel = repository.appendingPathComponent("Samples/Scrapbook/Scrapbook.xcdatamodeld").path

    /// The arguments that read the Scrapbook sample with its model, by their paths in the
    /// repository (the folder graphexport runs in by default): the model, then the store.
    static let scrapbook = [
        "--model", "Samples/Scrapbook/Scrapbook.xcdatamodeld", "Samples/Scrapbook/Scrapbook.sqlite",
    ]

    /// The arguments that read the Scrapbook sample in `folder` (a copy of `Samples/Scrapbook`) with
    /// its model, by full paths: the model, then the store.
    static func scrapbook(in folder: URL) -> [String] {
        let (model, store) = ("Scrapbook.xcdatamodeld", "Scrapbook.sqlite")
        return ["--model", folder.appendingPathComponent(model).path, folder.appendingPathComponent(store).path]
    }

    /// Photo p8's image, one of the Scrapbook sample's external-storage files (20 480 bytes), by
    /// its path in the sample's folder.
    static let photo8Image = ".Scrapbook_SUPPORT/_EXTERNAL_DATA/DFF75363-4E0E-48D9-9857-A9AE93F265E6"

    /// The objects of each entity the Scrapbook sample holds, from `Samples/Scrapbook/expected-counts.json`.
    static func scrapbookCounts() throws -> [String: Int] {
        let url = repository.appendingPathComponent("Samples/Scrapbook/expected-counts.json")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Int])
    }

    /// The built executable, beside the test bundle.
    static var executable: URL {
        get throws { try built("graphexport") }
    }

    /// The product `name` of this package's build, beside the test bundle.
    static func built(_ name: String) throws -> URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        throw Prerequisite.missing("the \(name) executable was not found beside \(Bundle.main.bundleURL.path)")
    }

    /// Runs graphexport with `arguments` in `folder` and waits for it.
    static func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws
        -> ProgramRun
    {
        try run(executable: try executable, arguments, in: folder, environment: environment)
    }

    /// Runs `executable` with `arguments` in `folder` (the repository's by default), the
    /// environment with `environment` added, and waits for it.
    static func run(
        executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
    ) throws -> ProgramRun {
        try ProgramRun.run(executable, arguments, in: folder ?? repository, environment: environment)
    }

    /// Runs graphexport as ``run(_:in:environment:)`` does and expects it to succeed (status 0);
    /// returns the run.
    @discardableResult
    static func assertSucceeds(
        _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ProgramRun {
        let result = try run(arguments, in: folder, environment: environment)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.standardError)", file: file, line: line)
        return result
    }

    /// Runs graphexport with `arguments` in `folder` (the environment with `environment` added)
    /// and expects it to end with `status` (a usage error by default) and a standard error that begins with `beginning` and contains `saying`,
    /// when given; returns the run.
    @discardableResult
    static func assertFails(
        _ arguments: [String], status: Int32 = 64, beginning: String? = nil, saying: String? = nil,
        in folder: URL? = nil, environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
    ) throws -> ProgramRun {
        let result = try run(arguments, in: folder, environment: environment)
        XCTAssertEqual(result.status, status, "\(arguments): \(result.standardError)", file: file, line: line)
        if let beginning {
            XCTAssertTrue(result.standardError.hasPrefix(beginning), result.standardError, file: file, line: line)
        }
        if let saying {
            XCTAssertTrue(result.standardError.contains(saying), result.standardError, file: file, line: line)
        }
        return result
    }

    /// Runs graphexport with `arguments` in `folder` and expects a usage error whose first line is
    /// `graphexport: error: <message>`, and nothing on standard output; returns the run.
    @discardableResult
    static func assertUsageError(
        _ arguments: [String], _ message: String, in folder: URL? = nil, environment: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ProgramRun {
        let result = try run(arguments, in: folder, environment: environment)
        XCTAssertEqual(result.status, 64, result.standardError, file: file, line: line)
        XCTAssertEqual(
            result.standardError.split(separator: "\n").first.map(String.init), "graphexport: error: " + message,
            file: file, line: line)
        XCTAssertEqual(result.standardOutput.count, 0, file: file, line: line)
        return result
    }

    /// Whether process `pid` has a file open in `folder` (its output, named or not) holding at
    /// least `bytes` bytes, as `/proc/<pid>/fd` shows.
    static func hasOutput(of pid: Int32, in folder: URL, atLeast bytes: Int) -> Bool {
        let descriptors = "/proc/\(pid)/fd"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? [] {
            let path = descriptors + "/" + name
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path),
                target.hasPrefix(folder.path + "/")
            else { continue }
            var info = stat()
            if stat(path, &info) == 0, info.st_size >= bytes { return true }
        }
        return false
    }

    /// A fresh copy of a folder of `shared/coredata-samples/` (whose files are read-only) in a
    /// temporary folder, writable, removed at the end of the test.
    static func copyOfSample(_ name: String, for test: XCTestCase) throws -> URL {
        try copy(try Prerequisite.shared("coredata-samples/" + name), for: test)
    }

    /// A fresh empty folder, removed at the end of the test.
    static func scratchFolder(for test: XCTestCase) throws -> URL {
        try ScratchFolder(for: test).url
    }

    /// A fresh, writable copy of a file or folder, removed at the end of the test.
    static func copy(_ source: URL, for test: XCTestCase) throws -> URL {
        URL(fileURLWithPath: try ScratchFolder(for: test).copy(source))
    }

    /// A fresh, writable copy of the repository's file or folder at `path`, removed at the end of
    /// the test.
    static func copyOfRepository(_ path: String, for test: XCTestCase) throws -> URL {
        try copy(repository.appendingPathComponent(path), for: test)
    }

    /// A fresh, writable copy of `shared/data/chinook/Chinook.sqlite`, removed at the end of the test.
    static func copyOfChinook(for test: XCTestCase) throws -> URL {
        try copy(try Prerequisite.shared("data/chinook/Chinook.sqlite"), for: test)
    }
}

/// What an export contains, gathered by walking its JSON.
struct ExportSummary {
    /// Objects written in full, by entity.
    var counts: [String: Int] = [:]
    /// Every id written in full, with how often.
    var ids: [String: Int] = [:]
    /// Every referenced id.
    var references: [String] = []
    /// Objects in full by id.
    var objects: [String: [String: Any]] = [:]

    init(_ document: [String: Any]) throws {
        var pending = try XCTUnwrap(document["@graph"] as? [Any])
        while let item = pending.popLast() {
            if let list = item as? [Any] {
                pending += list
                continue
            }
            guard let object = item as? [String: Any], let id = object["@id"] as? String else { continue }
            guard let type = object["@type"] as? String else {
                references.append(id)
                continue
            }
            counts[type, default: 0] += 1
            ids[id, default: 0] += 1
            objects[id] = object
            for (key, value) in object where !key.hasPrefix("@") {
                if value is [Any] || value is [String: Any] { pending.append(value) }
            }
        }
    }

    /// Ids written in full more than once, and references to ids never written in full.
    var problems: [String] {
        ids.filter { $0.value != 1 }.map { "\($0.key) written \($0.value) times" }
            + references.filter { ids[$0] == nil }.map { "reference to \($0) does not resolve" }
    }
}
