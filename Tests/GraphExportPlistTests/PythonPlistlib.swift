import Foundation
import GraphExportTestSupport
import Prerequisites
import XCTest

/// One property-list value as Python's `plistlib` reads it, in document order.
enum PlistNode: Sendable, CustomStringConvertible {
    case dict([(key: String, value: PlistNode)])
    case array([PlistNode])
    case string(String)
    case data([UInt8])
    /// An `<integer>`, as Python prints it.
    case integer(String)
    /// A `<real>`, as Python's `repr` prints it: the shortest text that reads back, or `nan`,
    /// `inf`, `-inf`.
    case real(String)
    case bool(Bool)
    /// A `<date>`, as whole seconds since 2001-01-01T00:00:00Z.
    case date(Int64)

    var members: [(key: String, value: PlistNode)]? {
        if case .dict(let members) = self { return members }
        return nil
    }

    var description: String {
        switch self {
        case .dict(let members): return "{" + members.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .string(let text): return text.debugDescription
        case .data(let bytes): return "<data \(bytes)>"
        case .integer(let text), .real(let text): return text
        case .bool(let value): return String(value)
        case .date(let seconds): return "<date \(seconds)>"
        }
    }
}

/// Runs Python's `plistlib`, the reference reader here, on documents.
enum PythonPlistlib {
    /// The Python interpreter itself, found once through `python3` on the `PATH` (so that later runs
    /// skip version-manager shims), or `nil` when there is none.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard
            path.split(separator: ":").contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }
            ),
            let output = try? run("/usr/bin/env", ["python3", "-c", "import sys; print(sys.executable)"])
        else { return nil }
        let found = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return FileManager.default.isExecutableFile(atPath: found) ? found : nil
    }()

    /// Whether Python runs here (`plistlib` is part of its standard library).
    static var isAvailable: Bool { executable != nil }

    /// Skips the test when there is no Python.
    static func require() throws {
        guard isAvailable else { throw Prerequisite.missing("python3 is not available") }
    }

    /// Converts what `plistlib.loads` reads into JSON, keeping each value's plist type; a document
    /// `plistlib` rejects gives `["error", message]`.
    private static let convert = #"""
        import base64, datetime, json, plistlib, sys

        EPOCH = datetime.datetime(2001, 1, 1)
        sys.setrecursionlimit(20000)

        def tag(value):
            if isinstance(value, bool): return ["bool", value]
            if isinstance(value, int): return ["integer", str(value)]
            if isinstance(value, float): return ["real", repr(value)]
            if isinstance(value, str): return ["string", value]
            if isinstance(value, bytes): return ["data", base64.b64encode(value).decode()]
            if isinstance(value, datetime.datetime):
                delta = value - EPOCH
                assert delta.microseconds == 0
                return ["date", str(delta.days * 86400 + delta.seconds)]
            if isinstance(value, list): return ["array", [tag(item) for item in value]]
            if isinstance(value, dict): return ["dict", [[key, tag(item)] for key, item in value.items()]]
            raise TypeError(type(value))

        results = []
        for path in sys.argv[1:]:
            with open(path, "rb") as file:
                data = file.read()
            try:
                results.append(tag(plistlib.loads(data, fmt=plistlib.FMT_XML)))
            except Exception as error:
                results.append(["error", repr(error)])
        sys.stdout.write(json.dumps(results))
        """#

    /// Reads each document with `plistlib.loads`, in one Python process; throws for a document
    /// `plistlib` rejects.
    static func load(_ documents: [[UInt8]]) throws -> [PlistNode] {
        let files = try WriterDocumentFiles(documents, prefix: "plist", fileExtension: "plist")
        defer { files.remove() }
        let output = try run(script: convert, arguments: files.paths)
        let parsed = try JSONSerialization.jsonObject(with: output) as? [Any]
        return try (parsed ?? []).map(node)
    }

    /// Reads one document with `plistlib.loads`.
    static func load(_ document: [UInt8]) throws -> PlistNode {
        try load([document])[0]
    }

    /// Runs a short script that walks a document without recursion and prints the deepest nesting
    /// of `<dict>`s in it: for documents too deep for the converter.
    static func dictDepth(_ document: [UInt8]) throws -> Int {
        let script = #"""
            import plistlib, sys
            root = plistlib.loads(sys.stdin.buffer.read(), fmt=plistlib.FMT_XML)
            deepest, stack = 0, [(root, 0)]
            while stack:
                value, depth = stack.pop()
                if isinstance(value, dict):
                    depth += 1
                    deepest = max(deepest, depth)
                    stack.extend((item, depth) for item in value.values())
                elif isinstance(value, list):
                    stack.extend((item, depth) for item in value)
            print(deepest)
            """#
        let output = try run(script: script, arguments: [], input: document)
        return Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `script` with the interpreter, without site packages or environment settings.
    private static func run(script: String, arguments: [String], input: [UInt8] = []) throws -> Data {
        guard let executable else { throw Failure(description: "python3 is not available") }
        return try run(executable, ["-S", "-E", "-c", script] + arguments, input: input)
    }

    private static func run(_ executable: String, _ arguments: [String], input: [UInt8] = []) throws -> Data {
        let run = try ProgramRun.run(URL(fileURLWithPath: executable), arguments, input: Data(input))
        guard run.status == 0 else { throw Failure(description: "python3 failed: " + run.standardError) }
        return run.standardOutput
    }

    private static func node(_ any: Any) throws -> PlistNode {
        guard let pair = any as? [Any], pair.count == 2, let tag = pair[0] as? String else {
            throw Failure(description: "bad converter output \(any)")
        }
        switch (tag, pair[1]) {
        case ("dict", let members as [[Any]]):
            return .dict(
                try members.map { member in
                    guard member.count == 2, let key = member[0] as? String else {
                        throw Failure(description: "bad member \(member)")
                    }
                    return (key, try node(member[1]))
                })
        case ("array", let elements as [Any]): return .array(try elements.map(node))
        case ("string", let text as String): return .string(text)
        case ("data", let text as String):
            guard let data = Data(base64Encoded: text) else { throw Failure(description: "bad base64") }
            return .data(Array(data))
        case ("integer", let text as String): return .integer(text)
        case ("real", let text as String): return .real(text)
        case ("bool", let value as Bool): return .bool(value)
        case ("date", let text as String): return .date(Int64(text) ?? .min)
        case ("error", let message as String): throw Failure(description: "plistlib rejected the document: \(message)")
        default: throw Failure(description: "bad converter output \(any)")
        }
    }
}
