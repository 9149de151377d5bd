import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The private file of `$TMPDIR` (or `/tmp`) a SQLite run stages its rows in (docs/SYNC.md,
/// *Nothing left behind*): written by `-f sqlite`'s writer through ``sink``, then attached to the
/// target's connection by ``attach(to:as:)``.
///
/// On Linux the file has no name (`O_TMPFILE`), so that a run killed at any moment leaves nothing;
/// it is linked under a random name only while SQLite opens it, and unlinked at once. Elsewhere
/// (or where the file system makes no unnamed files) it is named from the start, removed on the
/// signals an export cleans up after (``InterruptCleanup``), and unlinked once attached.
final class StagingFile {
    /// The bytes of the staged database go here.
    let sink: FileDescriptorSink
    private let descriptor: Int32
    private let directory: String
    /// The file's name while it has one.
    private var path: String?
    private var cleanup: InterruptCleanup.Registration?

    /// Makes the file, or throws ``SyncError/stagingFailed(directory:reason:)``.
    init() throws {
        let configured = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        let directory = configured.isEmpty ? "/tmp" : configured
        self.directory = directory
        if let flags = Self.unnamedFlags {
            let descriptor = open(directory, flags | O_RDWR | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                self.descriptor = descriptor
                sink = FileDescriptorSink(descriptor: descriptor, name: directory)
                return
            }
            let code = errno
            guard code == EOPNOTSUPP || code == EISDIR || code == EINVAL else {
                throw SyncError.stagingFailed(directory: directory, reason: String(cString: strerror(code)))
            }
        }
        var template = Array((directory + "/graphexport-sync-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw SyncError.stagingFailed(directory: directory, reason: String(cString: strerror(errno)))
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.descriptor = descriptor
        self.path = path
        cleanup = InterruptCleanup.register(file: path)
        sink = FileDescriptorSink(descriptor: descriptor, name: path)
    }

    deinit {
        removeName()
        close(descriptor)
    }

    /// Attaches the staged database to `connection` as `name`, and takes its name away: SQLite
    /// keeps its own descriptor of the file.
    func attach(to connection: SQLiteTargetConnection, as name: String) throws {
        if path == nil { try link() }
        guard let path else { return }
        defer { removeName() }
        try connection.attach(path, as: name)
    }

    /// Gives the unnamed file a random name in its folder.
    private func link() throws {
        for _ in 0..<8 {
            let name = directory + "/graphexport-sync-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 {
                cleanup = InterruptCleanup.register(file: name)
                path = name
                return
            }
            guard errno == EEXIST else { break }
        }
        throw SyncError.stagingFailed(directory: directory, reason: String(cString: strerror(errno)))
    }

    private func removeName() {
        guard let path else { return }
        unlink(path)
        InterruptCleanup.unregister(cleanup)
        cleanup = nil
        self.path = nil
    }

    #if os(Linux)
        /// `O_TMPFILE` (with `O_DIRECTORY`, as Linux defines it), which Glibc's module does not export.
        private static let unnamedFlags: Int32? = 0o20_000_000 | O_DIRECTORY
    #else
        /// No unnamed files here.
        private static let unnamedFlags: Int32? = nil
    #endif
}
