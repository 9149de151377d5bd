// swift-tools-version:6.0
import PackageDescription

/// Swift settings shared by every Swift target: C stays out of public APIs.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("ExistentialAny"),
]

/// A C library found through pkg-config, its module map and shim header in `Sources/<name>`;
/// Debian's `aptPackage` provides it.
func cLibrary(_ name: String, pkgConfig: String, apt aptPackage: String) -> Target {
    .systemLibrary(name: name, path: "Sources/\(name)", pkgConfig: pkgConfig, providers: [.apt([aptPackage])])
}

let package = Package(
    name: "graphexport",
    products: [
        .executable(name: "graphexport", targets: ["GraphExportCLI"]),
        .library(name: "GraphExport", targets: ["GraphExport"]),
        .library(name: "GraphExportSQLite", targets: ["GraphExportSQLite"]),
        .library(name: "GraphExportCoreData", targets: ["GraphExportCoreData"]),
        .library(name: "GraphExportPlainSQLite", targets: ["GraphExportPlainSQLite"]),
        .library(name: "GraphExportStore", targets: ["GraphExportStore"]),
        .library(name: "GraphExportJSON", targets: ["GraphExportJSON"]),
        .library(name: "GraphExportPlugin", targets: ["GraphExportPlugin"]),
        .library(name: "GraphExportXML", targets: ["GraphExportXML"]),
        .library(name: "GraphExportYAML", targets: ["GraphExportYAML"]),
        .library(name: "GraphExportJSONLines", targets: ["GraphExportJSONLines"]),
        .library(name: "GraphExportPlist", targets: ["GraphExportPlist"]),
        .library(name: "GraphExportGraphML", targets: ["GraphExportGraphML"]),
        .library(name: "GraphExportSQLiteFormat", targets: ["GraphExportSQLiteFormat"]),
        .library(name: "GraphExportSQL", targets: ["GraphExportSQL"]),
        .library(name: "GraphExportRelational", targets: ["GraphExportRelational"]),
        .library(name: "GraphExportSchema", targets: ["GraphExportSchema"]),
        .library(name: "GraphExportDiff", targets: ["GraphExportDiff"]),
        .library(name: "GraphExportSync", targets: ["GraphExportSync"]),
        .library(name: "GraphExportDecoders", targets: ["GraphExportDecoders"]),
    ],
    targets: [
        // Test-only: what the tests need from outside the repository (skip, or fail under CI).
        .target(name: "Prerequisites", path: "Tests/Support/Prerequisites"),

        // C libraries, through pkg-config, each behind a small shim header.
        cLibrary("CSQLite", pkgConfig: "sqlite3", apt: "libsqlite3-dev"),
        cLibrary("CLibPQ", pkgConfig: "libpq", apt: "libpq-dev"),
        cLibrary("CLibXML2", pkgConfig: "libxml-2.0", apt: "libxml2-dev"),
        cLibrary("CZlib", pkgConfig: "zlib", apt: "zlib1g-dev"),
        cLibrary("CYAML", pkgConfig: "yaml-0.1", apt: "libyaml-dev"),

        // The core: entity model, values, events, traversal. No C, no Foundation.
        .target(name: "GraphExport", swiftSettings: swiftSettings),

        // The store readers, split as the formats are. What both readers share: SQLite, wrapped
        // once (statements, the snapshot and the WAL copy, locks, the row filter), and the
        // description of a store every reader gives (`inspect`; each reader's own part is its own).
        .target(
            name: "GraphExportSQLite",
            dependencies: ["GraphExport", "CSQLite"],
            swiftSettings: swiftSettings
        ),
        // DEFLATE decompression through zlib, capped: what the Core Data reader (Z_MODELCACHE) and
        // the value decoders (Apple Notes' gzip) share. Not a product.
        .target(
            name: "GraphExportInflate",
            dependencies: ["GraphExport", "CZlib"],
            swiftSettings: swiftSettings
        ),
        // The Core Data reader: the store's layout, model files, archives and Transformables,
        // persistent history.
        .target(
            name: "GraphExportCoreData",
            dependencies: ["GraphExport", "GraphExportSQLite", "GraphExportInflate", "CSQLite", "CLibXML2"],
            swiftSettings: swiftSettings
        ),
        // The plain SQLite reader: any database, through its foreign keys.
        .target(
            name: "GraphExportPlainSQLite",
            dependencies: ["GraphExport", "GraphExportSQLite", "CSQLite"],
            swiftSettings: swiftSettings
        ),
        // A store opened as the command opens it: the reader chosen (Core Data or plain SQLite),
        // what it can do (a description, persistent history, column typings), and the selection
        // stacked on it (--since, value decoders, properties left out, --root, --where, --limit);
        // the files an export reads, the libraries linked.
        .target(
            name: "GraphExportStore",
            dependencies: [
                "GraphExport", "GraphExportSQLite", "GraphExportCoreData", "GraphExportPlainSQLite",
                "GraphExportDecoders", "CSQLite", "CLibXML2",
            ],
            swiftSettings: swiftSettings
        ),

        // The JSON text of strings, numbers and values, written once: what the JSON and JSON Lines
        // formats, the plugin event stream, diff, schema and the command's JSON output share, and
        // the text of arrays and maps in the XML family. Not a product: embedders get it with those
        // formats.
        .target(
            name: "GraphExportJSONText",
            dependencies: ["GraphExport"],
            path: "Formats/JSONText",
            swiftSettings: swiftSettings
        ),

        // What the XML, property list and GraphML formats share: libxml2's text writer, wrapped
        // once, and XML 1.0's character rules. Not a product: embedders get it with those formats.
        .target(
            name: "GraphExportLibXML",
            dependencies: ["GraphExport", "GraphExportJSONText", "CLibXML2"],
            path: "Formats/LibXML",
            swiftSettings: swiftSettings
        ),

        // One module per format, each depending on the core and the shared modules above only.
        .target(
            name: "GraphExportJSON",
            dependencies: ["GraphExport", "GraphExportJSONText"],
            path: "Formats/JSON",
            swiftSettings: swiftSettings
        ),

        // External plugins (docs/PLUGINS.md): the event stream a format plugin reads, and the runner
        // that finds plugins, runs them and reads their answers (formats and value decoders), for
        // graphexport and any other tool.
        .target(
            name: "GraphExportPlugin",
            dependencies: ["GraphExport", "GraphExportJSONText", "GraphExportDecoders"],
            path: "Formats/Plugin",
            swiftSettings: swiftSettings
        ),

        .target(
            name: "GraphExportXML",
            dependencies: ["GraphExport", "GraphExportJSONText", "GraphExportLibXML"],
            path: "Formats/XML",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "GraphExportYAML",
            dependencies: ["GraphExport", "GraphExportJSONText", "CYAML"],
            path: "Formats/YAML",
            swiftSettings: swiftSettings
        ),

        .target(
            name: "GraphExportJSONLines",
            dependencies: ["GraphExport", "GraphExportJSONText"],
            path: "Formats/JSONLines",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "GraphExportPlist",
            dependencies: ["GraphExport", "GraphExportLibXML"],
            path: "Formats/Plist",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "GraphExportGraphML",
            dependencies: ["GraphExport", "GraphExportJSONText", "GraphExportLibXML"],
            path: "Formats/GraphML",
            swiftSettings: swiftSettings
        ),

        // What the SQLite and SQL formats and `schema --format sql` share: the model as tables
        // (docs/RELATIONAL.md), with its SQL dialects.
        .target(
            name: "GraphExportRelational",
            dependencies: ["GraphExport"],
            path: "Formats/Relational",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "GraphExportSQLiteFormat",
            dependencies: ["GraphExport", "GraphExportJSONText", "GraphExportRelational", "CSQLite"],
            path: "Formats/SQLite",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "GraphExportSQL",
            dependencies: ["GraphExport", "GraphExportJSONText", "GraphExportRelational"],
            path: "Formats/SQL",
            swiftSettings: swiftSettings
        ),

        // Value decoders, the second kind of plugin: what turns a stored attribute's bytes into
        // attributes of their own (Apple Notes' ICNoteData.data → text, markdown), and the source
        // that adds them to any other.
        .target(
            name: "GraphExportDecoders",
            dependencies: ["GraphExport", "GraphExportInflate"],
            swiftSettings: swiftSettings
        ),

        // The shape of an export: JSON Schema, XML Schema, Mermaid and Graphviz, from the model. The
        // XML format's module gives its name encoding and styles, so that the XSD cannot drift; the
        // plain SQLite reader its column typing, by which a plain database's values are typed.
        .target(
            name: "GraphExportSchema",
            dependencies: ["GraphExport", "GraphExportJSONText", "GraphExportXML", "GraphExportPlainSQLite"],
            swiftSettings: swiftSettings
        ),

        // What differs between two copies of a graph (`graphexport diff`), as text or JSON Lines.
        .target(
            name: "GraphExportDiff",
            dependencies: ["GraphExport", "GraphExportJSONText"],
            swiftSettings: swiftSettings
        ),

        // Helpers for tests of the core and of writers: a recording writer, random graphs, and the
        // one reader of each format that tests read output back with (strict JSON, XML, YAML, GraphML).
        // Test-only, beside Prerequisites in Tests/Support: not a product.
        .target(
            name: "GraphExportTestSupport",
            dependencies: ["GraphExport", "GraphExportXML", "CLibXML2", "CYAML"],
            path: "Tests/Support/GraphExportTestSupport",
            swiftSettings: swiftSettings
        ),

        // A relational copy of a store kept current (`graphexport sync`, docs/SYNC.md): the rows
        // written by the SQLite and SQL formats, applied to a SQLite file or a PostgreSQL server.
        .target(
            name: "GraphExportSync",
            dependencies: [
                "GraphExport", "GraphExportCoreData", "GraphExportRelational", "GraphExportSQLiteFormat",
                "GraphExportSQL", "GraphExportJSONText", "CSQLite", "CLibPQ",
            ],
            swiftSettings: swiftSettings
        ),

        // The dispatcher command line.
        .executableTarget(
            name: "GraphExportCLI",
            dependencies: [
                "GraphExport", "GraphExportSQLite", "GraphExportCoreData", "GraphExportPlainSQLite", "GraphExportStore",
                "GraphExportJSON", "GraphExportXML", "GraphExportYAML", "GraphExportJSONLines", "GraphExportPlist",
                "GraphExportGraphML", "GraphExportSchema", "GraphExportSQLiteFormat", "GraphExportSQL",
                "GraphExportRelational",
                "GraphExportPlugin", "GraphExportDiff", "GraphExportDecoders", "GraphExportJSONText", "GraphExportSync",
                "CZlib",
            ],
            swiftSettings: swiftSettings
        ),

        // A program that exports its own Swift objects with the core and one format, and a store
        // through the library's entry points (GraphExportStore).
        .executableTarget(
            name: "EmbeddingExample",
            dependencies: [
                "GraphExport", "GraphExportJSON", "GraphExportStore", "GraphExportDecoders", "GraphExportPlugin",
            ],
            path: "Samples/Embedding",
            exclude: ["README.md"],
            swiftSettings: swiftSettings
        ),

        .testTarget(
            name: "GraphExportTests",
            dependencies: ["GraphExport", "GraphExportTestSupport"]
        ),
        .testTarget(
            name: "GraphExportStoreTests",
            dependencies: [
                "Prerequisites", "GraphExport", "GraphExportSQLite", "GraphExportCoreData", "GraphExportPlainSQLite",
                "GraphExportStore", "GraphExportInflate", "GraphExportTestSupport", "CSQLite", "CZlib",
            ]
        ),
        .testTarget(
            name: "GraphExportJSONTests",
            dependencies: ["GraphExport", "GraphExportJSON", "GraphExportTestSupport"]
        ),
        .testTarget(
            name: "GraphExportLibXMLTests",
            dependencies: ["GraphExport", "GraphExportLibXML", "CLibXML2"]
        ),
        .testTarget(
            name: "GraphExportXMLTests",
            dependencies: ["GraphExport", "GraphExportXML", "GraphExportTestSupport"]
        ),
        .testTarget(
            name: "GraphExportYAMLTests",
            dependencies: [
                "Prerequisites", "GraphExport", "GraphExportYAML", "GraphExportJSON", "GraphExportTestSupport", "CYAML",
            ]
        ),
        .testTarget(
            name: "GraphExportJSONLinesTests",
            dependencies: ["GraphExport", "GraphExportJSONLines", "GraphExportJSON", "GraphExportTestSupport"]
        ),
        .testTarget(
            name: "GraphExportPlistTests",
            dependencies: ["Prerequisites", "GraphExport", "GraphExportPlist", "GraphExportTestSupport"]
        ),
        .testTarget(
            name: "GraphExportGraphMLTests",
            dependencies: ["Prerequisites", "GraphExport", "GraphExportGraphML", "GraphExportTestSupport"]
        ),
        .testTarget(
            name: "GraphExportFormatEquivalenceTests",
            dependencies: [
                "Prerequisites",
                "GraphExport", "GraphExportSQLite", "GraphExportCoreData", "GraphExportPlainSQLite", "GraphExportJSON",
                "GraphExportXML", "GraphExportYAML", "GraphExportJSONLines", "GraphExportPlist", "GraphExportGraphML",
                "GraphExportPlugin",
                "GraphExportTestSupport",
                "CSQLite",
            ],
            exclude: ["Golden"]
        ),
        // The event stream's grammar: one suite of streams, run against every writer.
        .testTarget(
            name: "GraphExportWriterContractTests",
            dependencies: [
                "Prerequisites", "GraphExport", "GraphExportJSON", "GraphExportXML", "GraphExportYAML",
                "GraphExportJSONLines", "GraphExportPlist", "GraphExportGraphML", "GraphExportPlugin",
                "GraphExportTestSupport",
            ]
        ),
        .testTarget(
            name: "GraphExportRelationalTests",
            dependencies: [
                "GraphExport", "GraphExportRelational", "GraphExportSQLiteFormat", "GraphExportSQL",
                "GraphExportTestSupport", "CSQLite",
            ]
        ),
        .testTarget(
            name: "GraphExportSchemaTests",
            dependencies: [
                "Prerequisites", "GraphExport", "GraphExportSchema", "GraphExportJSON", "GraphExportXML",
                "GraphExportTestSupport",
            ]
        ),
        .testTarget(
            name: "GraphExportDiffTests",
            dependencies: [
                "Prerequisites", "GraphExport", "GraphExportDiff", "GraphExportSQLite", "GraphExportCoreData",
                "GraphExportPlainSQLite", "GraphExportTestSupport",
                "GraphExportJSON", "GraphExportJSONText", "CSQLite",
            ]
        ),
        .testTarget(
            name: "GraphExportSyncTests",
            dependencies: [
                "Prerequisites", "GraphExport", "GraphExportSync", "GraphExportSQLite", "GraphExportCoreData",
                "GraphExportPlainSQLite", "GraphExportSQLiteFormat", "GraphExportSQL", "GraphExportTestSupport",
                "CSQLite",
            ]
        ),
        .testTarget(
            name: "GraphExportDecodersTests",
            dependencies: [
                "Prerequisites", "GraphExport", "GraphExportCoreData", "GraphExportDecoders", "GraphExportInflate",
                "GraphExportTestSupport", "CZlib",
            ]
        ),
        .testTarget(
            name: "GraphExportCLITests",
            dependencies: [
                "Prerequisites", "GraphExportCLI", "GraphExportPlugin", "EmbeddingExample", "GraphExportTestSupport",
                "CSQLite",
            ],
            exclude: ["Inspect/Golden"]
        ),
    ]
)
