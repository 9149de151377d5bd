import GraphExport

@testable import GraphExportCoreData

/// The keyed-archive readers: an input is a `Z_MODELCACHE.Z_CONTENT` blob (compressed or not) or a
/// legacy Xcode 3 `elements` file. Each input goes to both readers, and a model either yields goes
/// through the core's model checks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyedArchive(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    if let version = try? ModelCacheReader.model(fromModelCache: bytes, storePath: "fuzz.sqlite") {
        _ = try? GraphModel(entities: version.entities)
    }
    if let version = try? LegacyModelReader.model(fromLegacyElements: bytes, path: "elements", versionName: "fuzz") {
        _ = try? GraphModel(entities: version.entities)
    }
    return 0
}
