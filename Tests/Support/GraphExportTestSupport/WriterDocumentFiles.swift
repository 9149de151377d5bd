public import Foundation

/// Exported documents written to numbered files (`0.graphml`, `1.graphml`, …) in a new temporary
/// folder, for an outside reader that takes paths; ``remove()`` deletes the folder.
public struct WriterDocumentFiles {
    /// The folder that holds the files.
    public let folder: URL
    /// The path of each document's file, in order.
    public let paths: [String]

    /// Writes each of `documents` to a file named by its index and `fileExtension`, in a new folder
    /// named after `prefix`.
    public init(_ documents: [[UInt8]], prefix: String, fileExtension: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
        paths = try documents.enumerated().map { index, document in
            let url = folder.appendingPathComponent("\(index).\(fileExtension)")
            try Data(document).write(to: url)
            return url.path
        }
    }

    /// Deletes the folder and every file in it.
    public func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
