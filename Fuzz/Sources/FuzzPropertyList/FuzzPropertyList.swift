@testable import GraphExportCoreData

/// The binary property list reader: an input is a whole `bplist00` file (store metadata, an
/// inflated model cache, a legacy `elements` file).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyList(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    _ = try? BinaryPropertyList.parse(Array(UnsafeBufferPointer(start: data, count: count)), source: "fuzz")
    return 0
}
