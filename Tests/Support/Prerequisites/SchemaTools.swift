import Foundation

/// The tools users check an export's schema with, run on files: Python's `jsonschema`
/// (Draft202012Validator, with format checking), `xmllint --schema` (libxml2-utils) and Graphviz's
/// `dot`. A missing tool is ``Prerequisite/missing(_:)``: a skip, or a failure under CI, where
/// `make test` installs them.
public enum SchemaTools {
    /// Why `instance` (a JSON file) does not validate against `schema` (a JSON Schema file), one
    /// line per error (`$.@graph[0].title: 5 is not of type 'string'`); empty when it validates.
    /// Fails when the schema itself is not a valid draft 2020-12 schema.
    public static func jsonSchemaErrors(schema: URL, instance: URL) throws -> [String] {
        let program = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                sys.exit(3)
            schema = json.load(open(sys.argv[1], encoding="utf-8"))
            instance = json.load(open(sys.argv[2], encoding="utf-8"))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(
                schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
            for error in validator.iter_errors(instance):
                print(error.json_path + ": " + error.message[:300].replace("\\n", " "))
            """
        let run = try Tool.run(["python3", "-c", program, schema.path, instance.path])
        switch run.status {
        case 0: return run.output.split(separator: "\n").map(String.init)
        case 3, 127: throw Prerequisite.missing("python3 with jsonschema is not available (pip install jsonschema)")
        default: throw ToolFailure(description: "jsonschema failed (status \(run.status)): \(run.errors)")
        }
    }

    /// Why `document` (an XML file) does not validate against `schema` (an XSD file), as
    /// `xmllint --noout --schema` reports it; empty when it validates. Fails when the schema
    /// does not compile.
    public static func xmlSchemaErrors(schema: URL, document: URL) throws -> [String] {
        let run = try Tool.run(["xmllint", "--noout", "--huge", "--schema", schema.path, document.path])
        switch run.status {
        case 0: return []
        case 3, 4:
            return run.errors.split(separator: "\n").map(String.init).filter { !$0.hasSuffix("fails to validate") }
        case 127: throw Prerequisite.missing("xmllint is not installed (apt-get install libxml2-utils)")
        default:
            throw ToolFailure(description: "xmllint could not use the schema (status \(run.status)): \(run.errors)")
        }
    }

    /// The SVG `dot -Tsvg` renders from the DOT file `graph`; fails on any error or warning.
    public static func renderSVG(_ graph: URL) throws -> String {
        let run = try Tool.run(["dot", "-Tsvg", graph.path])
        switch run.status {
        case 0 where run.errors.isEmpty: return run.output
        case 127: throw Prerequisite.missing("dot is not installed (apt-get install graphviz)")
        default: throw ToolFailure(description: "dot failed (status \(run.status)): \(run.errors)")
        }
    }

    /// A tool that ran but could not do its job.
    public struct ToolFailure: Error, CustomStringConvertible {
        public let description: String
    }
}

/// One run of a command found on `PATH`, its output collected in files so that it never blocks.
private struct Tool {
    var status: Int32
    var output: String
    var errors: String

    static func run(_ arguments: [String]) throws -> Tool {
        let scratch = FileManager.default.temporaryDirectory
        let outputFile = scratch.appendingPathComponent("tool-\(UUID().uuidString).out")
        let errorFile = scratch.appendingPathComponent("tool-\(UUID().uuidString).err")
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        defer {
            try? FileManager.default.removeItem(at: outputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        return Tool(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }
}
