import FuzzSupport
import Glibc
import GraphExport
import GraphExportCoreData
import GraphExportPlainSQLite

/// The models a store is tried with: its own model cache (`nil`), then each model named in
/// `GRAPHEXPORT_FUZZ_MODELS` (paths separated by `:`; `make fuzz` names Scrapbook's and those of
/// the shared samples). Loaded once, before the first input.
nonisolated(unsafe) private var models: [ModelBundle?] = [nil]
nonisolated(unsafe) private var scratch: ScratchFile?

@_cdecl("LLVMFuzzerInitialize")
public func initializeStoreFuzzer(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
) -> CInt {
    let paths = getenv("GRAPHEXPORT_FUZZ_MODELS").map { String(cString: $0) } ?? ""
    models += paths.split(separator: ":").compactMap { try? ModelFile.load(path: String($0)) }
    scratch = ScratchFile(name: "store.sqlite")
    // libFuzzer ends the process with exit(3), which runs no deinitializer: remove the folder then.
    atexit { scratch = nil }
    return 0
}

/// The store readers over whole SQLite files: each input is written to a private scratch file and
/// opened as a Core Data store with each model, then as a plain SQLite database; every source that
/// opens is exported in both shapes into a writer that drops the events. The file is removed after
/// every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStore(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    scratch?.with(bytes) { path in
        for model in models {
            if let store = try? CoreDataStore(path: path, model: model) { export(store) }
        }
        // Both settings of the options that change how the schema is read, chosen by the input so
        // that a finding reproduces from its file alone.
        let guessing = bytes.count % 2 == 1
        let options = SQLiteSourceOptions(includeViews: guessing, inferRelations: guessing)
        if let database = try? SQLiteDatabaseSource(path: path, options: options) { export(database) }
    }
    return 0
}

private func export(_ source: any GraphSource) {
    for shape in ExportShape.allCases {
        _ = try? GraphTraversal(source: source, shape: shape).run(into: NullWriter())
    }
}
