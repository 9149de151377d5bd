import GraphExport

@testable import GraphExportCoreData

/// The model XML reader: an input is the `contents` file of an .xcdatamodel, parsed with libxml2
/// and mapped onto a model version as `ModelFile.load(path:)` does once it has the bytes; the
/// entities then go through the core's model checks (parents, inverses, destinations).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModelXML(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    guard let root = try? ModelFile.XMLElement.parse(bytes, path: "contents"),
        let version = try? ModelFile.ContentsReader.version(from: root, name: "fuzz", path: "contents")
    else { return 0 }
    _ = try? GraphModel(entities: version.entities)
    return 0
}
