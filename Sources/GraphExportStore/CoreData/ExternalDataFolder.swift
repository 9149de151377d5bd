import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The side files of Binary attributes that allow external storage (`coredata-format.md` §1.7).
///
/// Such a value starts with a marker byte: `0x01` and the bytes themselves, or `0x02`, a file name
/// and `0x00`, the bytes then living in `.<store name>_SUPPORT/_EXTERNAL_DATA/<file name>` beside
/// the store (the store name without its extension).
struct ExternalDataFolder {
    /// `…/.<store name>_SUPPORT/_EXTERNAL_DATA/`.
    let path: String

    init(storePath: String) {
        let slash = storePath.lastIndex(of: "/")
        let folder = slash.map { String(storePath[...$0]) } ?? ""
        var name = slash.map { String(storePath[storePath.index(after: $0)...]) } ?? storePath
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        path = folder + "." + name + "_SUPPORT/_EXTERNAL_DATA/"
    }

    /// The value's bytes: inline ones without their marker, external ones read from their file.
    /// Bytes without a marker are returned as they are; a missing file is a warning and null.
    func resolve(_ stored: [UInt8], context: @autoclosure () -> String, onWarning: WarningHandler) -> Value {
        switch stored.first {
        case 0x01:
            return .binary(Array(stored.dropFirst()))
        case 0x02:
            guard let end = stored.lastIndex(of: 0), end > 1,
                let name = String(validating: stored[1..<end], as: UTF8.self), !name.contains("/")
            else { return .binary(stored) }
            guard let bytes = Self.contents(of: path + name) else {
                onWarning(Warning("\(context()): external data file \(path + name) is missing; written as null"))
                return .null
            }
            return .binary(bytes)
        default:
            return .binary(stored)
        }
    }

    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}
