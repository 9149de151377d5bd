import XCTest

@testable import GraphExportCLI

/// The option table's parser, without a process: every option and every GNU form.
final class OptionParsingTests: XCTestCase {
    private func export(_ arguments: [String]) throws -> ExportRequest {
        guard case .export(let request) = try Invocation(parsing: arguments, formats: builtInFormats) else {
            throw XCTSkip("not an export: \(arguments)")
        }
        return request
    }

    private func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try Invocation(parsing: arguments, formats: builtInFormats)
            return nil
        } catch {
            return error.message
        }
    }

    func testEveryGNUFormOfAnOptionWithAValue() throws {
        for arguments in [
            ["-fyaml", "s"], ["-f", "yaml", "s"], ["-f=yaml", "s"], ["--format=yaml", "s"], ["--format", "yaml", "s"],
            ["s", "--format", "yaml"],
        ] {
            let request = try export(arguments)
            XCTAssertEqual(request.format, "yaml", "\(arguments)")
            XCTAssertEqual(request.store, "s", "\(arguments)")
        }
        XCTAssertEqual(try export(["-o", "-", "s"]).output, nil)
        XCTAssertEqual(try export(["-o-", "s"]).output, nil)
        XCTAssertEqual(try export(["-oout.json", "s"]).output, "out.json")
        XCTAssertEqual(try export(["-o=out.json", "s"]).output, "out.json")
        XCTAssertEqual(try export(["--output=out.json", "s"]).output, "out.json")
        // A value that starts with a dash is still the value.
        XCTAssertEqual(try export(["--output", "-weird.json", "s"]).output, "-weird.json")
    }

    /// `--json-columns` takes the next argument as a column unless it is an option or there is
    /// none; when the command line then has no store, the last column so taken was the store.
    func testAnOptionalValueIsTakenUnlessItIsAnOptionOrTheOnlyStore() throws {
        let cases: [(arguments: [String], store: String, all: Bool, names: [String])] = [
            (["s", "--json-columns"], "s", true, []),
            (["--json-columns", "s"], "s", true, []),
            (["s", "--json-columns", "-f", "yaml"], "s", true, []),
            (["--json-columns", "A.b", "s"], "s", false, ["A.b"]),
            (["s", "--json-columns", "A.b"], "s", false, ["A.b"]),
            (["--json-columns", "A.b", "--json-columns", "s"], "s", true, ["A.b"]),
            (["--json-columns=A.b", "--json-columns", "C.d", "s"], "s", false, ["A.b", "C.d"]),
            (["--json-columns", "--", "-s"], "-s", true, []),
        ]
        for (arguments, store, all, names) in cases {
            let request = try export(arguments)
            XCTAssertEqual(request.store, store, "\(arguments)")
            XCTAssertEqual(request.jsonColumns, all, "\(arguments)")
            XCTAssertEqual(request.jsonColumnNames, names, "\(arguments)")
        }
        guard
            case .inspect(let inspect) = try Invocation(
                parsing: ["inspect", "--json-columns", "s"], formats: builtInFormats)
        else { return XCTFail("not inspect") }
        XCTAssertEqual(inspect.source.store, "s")
        XCTAssertEqual(usageError(["--json-columns"]), "missing the store to export")
        XCTAssertEqual(
            usageError(["--raw-values", "--json-columns", "s"]),
            "'--json-columns' reads text as JSON and '--raw-values' writes every value as stored: give one of them")
        XCTAssertTrue(try export(["--raw-transformable", "s"]).rawValues, "the old name of --raw-values")
    }

    func testDoubleDashEndsTheOptions() throws {
        XCTAssertEqual(try export(["--", "-store.sqlite"]).store, "-store.sqlite")
        XCTAssertEqual(try export(["--pretty", "--", "--help"]).store, "--help")
        XCTAssertEqual(try export(["-"]).store, "-")
    }

    func testFlagsTogetherAndFlagsTakeNoValue() throws {
        let request = try export(["-qo", "out.json", "s"])
        XCTAssertTrue(request.quiet)
        XCTAssertEqual(request.output, "out.json")
        XCTAssertEqual(usageError(["--pretty=no", "s"]), "'--pretty' takes no value (given '--pretty=no')")
        XCTAssertEqual(
            usageError(["--include-views=no", "s"]), "'--include-views' takes no value (given '--include-views=no')")
        XCTAssertEqual(usageError(["--strict=yes", "s"]), "'--strict' takes no value (given '--strict=yes')")
    }

    func testEveryOptionIsParsed() throws {
        let request = try export([
            "--format", "xml", "-o", "out.xml", "--model", "M.xcdatamodeld", "--model-version", "M 2", "--source",
            "coredata", "--shape", "flat", "--nest", "A.b", "--nest", "C.d", "--no-nest", "E.f", "--compact",
            "--busy-timeout", "2.5", "--quiet", "--strict", "--verbose", "--xml-style", "elements", "store.sqlite",
        ])
        var expected = ExportRequest(store: "store.sqlite")
        expected.format = "xml"
        expected.output = "out.xml"
        expected.model = "M.xcdatamodeld"
        expected.modelVersion = "M 2"
        expected.source = .coredata
        expected.shape = .flat
        expected.nest = ["A.b", "C.d"]
        expected.noNest = ["E.f"]
        expected.pretty = false
        expected.busyTimeout = .milliseconds(2500)
        expected.quiet = true
        expected.strict = true
        expected.verbose = true
        expected.formatOptions = ["xml-style": "elements"]
        expected.given = request.given
        expected.givenValues = request.givenValues
        XCTAssertEqual(request, expected)
        XCTAssertEqual(request.givenValues["model-version"], "M 2")
        // The options of plain SQLite databases, which --model and --source coredata refuse.
        let plain = try export(["--include-views", "--infer-relations", "s"])
        XCTAssertTrue(plain.includeViews)
        XCTAssertTrue(plain.inferRelations)
        XCTAssertEqual(try export(["--compact", "--pretty", "s"]).pretty, true)
        XCTAssertEqual(try export(["--pretty", "--compact", "s"]).pretty, false)
        XCTAssertNil(try export(["s"]).pretty)
    }

    func testChoicesAreMatchedInAnyCase() throws {
        XCTAssertEqual(try export(["--shape", "FLAT", "s"]).shape, .flat)
        XCTAssertEqual(try export(["--xml-style=Elements", "s"]).formatOptions, ["xml-style": "elements"])
        XCTAssertEqual(
            usageError(["--shape", "round", "s"]), "unknown value 'round' for '--shape' (values: tree, flat)")
    }

    func testActionsAndCommands() throws {
        XCTAssertEqual(try Invocation(parsing: ["--help", "--frobnicate"], formats: builtInFormats), .help(.export))
        XCTAssertEqual(try Invocation(parsing: ["help"], formats: builtInFormats), .help(.export))
        XCTAssertEqual(try Invocation(parsing: ["help", "inspect"], formats: builtInFormats), .help(.inspect))
        XCTAssertEqual(try Invocation(parsing: ["inspect", "-h"], formats: builtInFormats), .help(.inspect))
        XCTAssertEqual(try Invocation(parsing: ["--version"], formats: builtInFormats), .version)
        XCTAssertEqual(try Invocation(parsing: ["formats"], formats: builtInFormats), .listFormats(.text))
        XCTAssertEqual(
            try Invocation(parsing: ["formats", "-f", "JSON"], formats: builtInFormats), .listFormats(.json))
        XCTAssertEqual(usageError(["formats", "--format", "xml"]), "unknown formats format 'xml' (values: text, json)")
        XCTAssertEqual(try Invocation(parsing: ["--generate-man"], formats: builtInFormats), .manPage)
        XCTAssertEqual(try Invocation(parsing: ["--generate-cli-reference"], formats: builtInFormats), .cliReference)
        XCTAssertEqual(
            try Invocation(parsing: ["--generate-completion", "zsh"], formats: builtInFormats),
            .completion(shell: "zsh"))
        XCTAssertEqual(
            usageError(["help", "frobnicate"]),
            "no command 'frobnicate' (commands: inspect, schema, log, diff, sync, formats, help)")
        XCTAssertEqual(
            usageError(["--generate-completion", "fish"]),
            "unknown value 'fish' for '--generate-completion' (values: bash, zsh)")
        // A store named like a command is reached with a path.
        XCTAssertEqual(try export(["./help"]).store, "./help")
    }

    func testMisuseIsNamed() throws {
        XCTAssertEqual(usageError(["--frobnicate", "s"]), "unknown option '--frobnicate'")
        XCTAssertEqual(usageError(["-z", "s"]), "unknown option '-z'")
        XCTAssertEqual(usageError(["s", "--model"]), "missing value for '--model'")
        XCTAssertEqual(usageError(["a", "b"]), "more than one store given: 'b'")
        XCTAssertEqual(usageError([]), "missing the store to export")
        XCTAssertEqual(
            usageError(["inspect", "--shape", "flat", "s"]), "'--shape' is not an option of 'graphexport inspect'")
        XCTAssertEqual(
            usageError(["--busy-timeout", "soon", "s"]),
            "invalid value 'soon' for '--busy-timeout': give seconds, 0 or more (e.g. 2.5)")
    }

    /// The options that do not apply to the kind of store asked for are refused when parsing (the
    /// format's and the shape's are checked once the format is known, the store's kind once it is
    /// open: `CommandLineContractTests`, `ApplicabilityEndToEndTests`).
    func testOptionsForTheOtherKindOfStoreAreRefused() throws {
        XCTAssertNil(usageError(["inspect", "--nest", "A.b", "--model", "M", "s"]), "a Core Data store's nesting too")
        XCTAssertEqual(
            usageError(["--source", "sqlite", "--model", "M", "s"]),
            "'--model' applies to Core Data stores, and --source sqlite reads the store as a plain SQLite database")
        XCTAssertEqual(
            usageError(["--model", "M", "--json-columns", "s"]),
            "'--json-columns' applies to plain SQLite databases, and --model reads the store as a Core Data store")
        XCTAssertEqual(
            usageError(["--exact", "s"]), "'--exact' goes with --entity or --exclude-entity: give one of them too")
        XCTAssertEqual(
            usageError(["formats", "--model", "M"]), "'--model' is not an option of 'graphexport formats'")
        XCTAssertEqual(
            usageError(["inspect", "--source", "sqlite", "--model", "M", "s"]),
            "'--model' applies to Core Data stores, and --source sqlite reads the store as a plain SQLite database")
        XCTAssertEqual(
            usageError(["inspect", "--model-version", "V", "s"]),
            "'--model-version' goes with --model: give --model too")
    }

    /// `schema` takes inspect's options, --shape, -o and --xml-style; its --format names a schema
    /// format, else -o's extension does (before a .gz), and --xml-style needs the XML Schema.
    func testSchemaTakesItsOptionsFromTheTable() throws {
        guard
            case .schema(let request) = try Invocation(
                parsing: ["schema", "-f", "XSD", "--xml-style=elements", "--shape", "flat", "-m", "M", "s"],
                formats: builtInFormats)
        else { return XCTFail("not a schema") }
        XCTAssertEqual(request.format, .xsd)
        XCTAssertEqual(request.xmlStyle, .elements)
        XCTAssertEqual(request.source.shape, .flat)
        XCTAssertEqual(request.source.model, "M")
        XCTAssertEqual(request.source.formatOptions, [:])
        guard
            case .schema(let fromPath) = try Invocation(
                parsing: ["schema", "-o", "m.dot.gz", "s"], formats: builtInFormats)
        else { return XCTFail("not a schema") }
        XCTAssertEqual(fromPath.format, .dot)
        XCTAssertEqual(
            usageError(["schema", "--strict", "s"]), "'--strict' is not an option of 'graphexport schema'")
        XCTAssertEqual(
            usageError(["schema", "-f", "xml", "s"]),
            "unknown schema format 'xml' (values: json-schema, xsd, mermaid, dot, sql; json is json-schema)")
        XCTAssertEqual(
            usageError(["schema", "-f", "dot", "--xml-style", "elements", "s"]),
            "'--xml-style' is for --format xsd, not dot: it is an option of the xml format")
        XCTAssertEqual(
            usageError(["schema", "--shape", "flat", "--no-nest", "A.b", "s"]),
            "'--no-nest' does not apply with --shape flat: in that shape no object nests in another")
        XCTAssertEqual(usageError(["schema"]), "missing the store to describe")
    }
}
