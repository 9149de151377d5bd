// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for the store readers (issue 11), built and run by `make fuzz` only: a package
// of its own, so `swift build` and `swift test` of graphexport never see them and never rebuild
// with sanitizers.
//
// The readers under test (binary property lists, keyed archives, model XML; the Notes decoder's
// protocol buffers) are internal to GraphExportCoreData and GraphExportDecoders, and stay internal: the fuzzers reach them with `@testable import`, for which
// `make fuzz` builds with `-enable-testing`, so the product API gains nothing for their sake. Store
// files go through the public `CoreDataStore` and `SQLiteDatabaseSource`, as users' do.
//
// A path dependency's identity is its folder's name (`graphexport`, or a worktree's name), so the
// manifest reads it rather than spelling one.
let rootFolder = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "graphexport"

/// A fuzzer: an executable that defines `LLVMFuzzerTestOneInput`, linked by
/// `swift build --sanitize fuzzer` with libFuzzer's `main`.
func fuzzer(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: dependencies)
}

let coreData = Target.Dependency.product(name: "GraphExportCoreData", package: rootFolder)
let plainSQLite = Target.Dependency.product(name: "GraphExportPlainSQLite", package: rootFolder)
let core = Target.Dependency.product(name: "GraphExport", package: rootFolder)
let decoders = Target.Dependency.product(name: "GraphExportDecoders", package: rootFolder)

let package = Package(
    name: "graphexport-fuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // A writer that drops every event, a private scratch file.
        .target(name: "FuzzSupport", dependencies: [core]),
        fuzzer("FuzzModelXML", [core, coreData]),
        fuzzer("FuzzPropertyList", [coreData]),
        fuzzer("FuzzKeyedArchive", [core, coreData]),
        fuzzer("FuzzStore", ["FuzzSupport", core, coreData, plainSQLite]),
        fuzzer("FuzzNotes", [decoders]),
    ]
)
