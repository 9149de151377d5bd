import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the process writes on standard error (descriptor 2, where libxml2 prints its errors)
/// while `body` runs.
func capturingStandardError(_ body: () throws -> Void) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("libxml-stderr-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: url.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: url) }
    let file = try FileHandle(forWritingTo: url)
    defer { try? file.close() }
    fflush(nil)
    let saved = dup(2)
    dup2(file.fileDescriptor, 2)
    defer {
        fflush(nil)
        dup2(saved, 2)
        close(saved)
    }
    try body()
    fflush(nil)
    return String(decoding: try Data(contentsOf: url), as: UTF8.self)
}
