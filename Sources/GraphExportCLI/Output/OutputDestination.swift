import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command's output goes: standard output, or `-o`'s file, which appears only when
/// complete (``GraphExport/OutputFile``), gzip-compressed when its name ends in `.gz`. One ending for
/// all three: ``endWriting()`` once the output is written, ``commit()`` once nothing can fail.
struct OutputDestination {
    /// Where the bytes go.
    let sink: any ByteSink
    /// Whether the output goes to a terminal (standard output, when it is one).
    let onTerminal: Bool
    /// `-o`'s file, until it is committed.
    private let file: OutputFile?
    /// The compression of a `.gz` file.
    private let compression: GzipSink?

    /// The destination of `path` (`-o`'s value; `nil`, standard output).
    init(path: String?) throws {
        guard let path else {
            (sink, onTerminal, file, compression) = (FileDescriptorSink.standardOutput(), isatty(1) != 0, nil, nil)
            return
        }
        let file = try OutputFile(path: path)
        let compression = Self.isGzip(path) ? try GzipSink(into: file.sink, path: path) : nil
        (sink, onTerminal, self.file, self.compression) = (compression ?? file.sink, false, file, compression)
    }

    /// `-o`'s folder, which paths of `--blobs` are relative to; `nil` for standard output.
    var folderPath: String? {
        file?.folderPath
    }

    /// Ends the compressed stream, when there is one: the output is written.
    func endWriting() throws {
        try compression?.finish()
    }

    /// Gives `-o`'s file its name: the output is complete.
    func commit() throws {
        try file?.commit()
    }

    /// Whether `path` asks for gzip-compressed output: it ends in `.gz`, in any case.
    static func isGzip(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".gz")
    }

    /// `path` without a `.gz` at its end: the name whose extension names the format.
    static func withoutGzipSuffix(_ path: String) -> String {
        isGzip(path) ? String(path.dropLast(3)) : path
    }
}
