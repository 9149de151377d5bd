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
            "coredata", "--shape", "flat", "--nest", "A.b", "--nest", "C.d", "--no-nest", "E.f", "--include-views",
            "--infer-relations", "--compact", "--busy-timeout", "2.5", "--quiet", "--strict", "--verbose",
            "--xml-style", "elements", "store.sqlite",
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
        expected.includeViews = true
        expected.inferRelations = true
        expected.pretty = false
        expected.busyTimeout = .milliseconds(2500)
        expected.quiet = true
        expected.strict = true
        expected.verbose = true
        expected.formatOptions = ["xml-style": "elements"]
        expected.given = request.given
        XCTAssertEqual(request, expected)
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
        XCTAssertEqual(try Invocation(parsing: ["formats"], formats: builtInFormats), .listFormats)
        XCTAssertEqual(try Invocation(parsing: ["--generate-man"], formats: builtInFormats), .manPage)
        XCTAssertEqual(
            try Invocation(parsing: ["--generate-completion", "zsh"], formats: builtInFormats),
            .completion(shell: "zsh"))
        XCTAssertEqual(
            usageError(["help", "frobnicate"]),
            "no command 'frobnicate' (commands: inspect, schema, diff, formats, help)")
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

    /// The options that do not apply to the kind of store are refused when parsing (the format's
    /// and the shape's are checked once the format is known: `CommandLineContractTests`).
    func testOptionsForTheOtherKindOfStoreAreRefused() throws {
        XCTAssertEqual(
            usageError(["inspect", "--nest", "A.b", "--model", "M", "s"]),
            "'--nest' applies to a Core Data store in an export only: inspect shows the nesting of the store's own "
                + "model")
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
            "unknown schema format 'xml' (values: json-schema, xsd, mermaid, dot)")
        XCTAssertEqual(
            usageError(["schema", "-f", "dot", "--xml-style", "elements", "s"]),
            "'--xml-style' is for --format xsd, not dot: it is an option of the xml format")
        XCTAssertEqual(
            usageError(["schema", "--shape", "flat", "--no-nest", "A.b", "s"]),
            "'--no-nest' does not apply with --shape flat: in that shape no object nests in another")
        XCTAssertEqual(usageError(["schema"]), "missing the store to describe")
    }
}
