import CSQLite
import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The database a ``SQLiteGraphWriter`` writes, with no journal and an exclusive lock, so that
/// SQLite needs no other file, and no syncs (the output is synced where it lands):
/// - **in the output's own file** when the sink writes to a new file that has no name yet (`-o`:
///   ``OutputFile`` makes one with Linux's `O_TMPFILE` and names it once the export is complete),
///   opened as `/proc/self/fd/N` through ``UnnamedFileVFS``: nothing is copied, and nothing is
///   ever left behind, whatever ends the process;
/// - **else in a new file in `$TMPDIR`** (or `/tmp`), unlinked as soon as SQLite has it open, so
///   that nothing is left behind however the process ends, and copied to the sink at the end
///   (``deliver(to:)``).
final class SQLiteConnection {
    /// The connection.
    let handle: OpaquePointer
    /// The directory of the temporary file, for messages; `nil` when the database is the output's.
    let directory: String?
    /// A descriptor of the temporary file, read at the end; `nil` when the database is the output's.
    private let descriptor: Int32?
    /// The output's name (``FileDescriptorSink/name``) when the database is written in its file.
    private let outputName: String?

    /// Opens the database for `sink`: in its file when that is a new unnamed one, else in a
    /// temporary file; throws ``SQLiteWriterError``, or ``GraphExport/OutputError/writeFailed(errno:reason:)``
    /// when the output's file cannot be written.
    init(for sink: any ByteSink) throws {
        if let output = (sink as? FileDescriptorSink)?.descriptor, Self.isNewUnnamedFile(output),
            UnnamedFileVFS.isRegistered,
            let connection = Self.open("/proc/self/fd/\(output)", vfs: UnnamedFileVFS.name)
        {
            handle = connection
            directory = nil
            descriptor = nil
            outputName = (sink as? FileDescriptorSink)?.name
        } else {
            let configured = getenv("TMPDIR").map { String(cString: $0) } ?? ""
            let directory = configured.isEmpty ? "/tmp" : configured
            var template = Array((directory + "/graphexport-sqlite-XXXXXX").utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else {
                throw SQLiteWriterError.temporaryFileFailed(
                    directory: directory, reason: String(cString: strerror(errno)))
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let cleanup = InterruptCleanup.register(file: path)
            defer {
                unlink(path)
                InterruptCleanup.unregister(cleanup)
            }
            var connection: OpaquePointer?
            let status = sqlite3_open_v2(path, &connection, Self.openFlags, nil)
            guard status == SQLITE_OK, let connection else {
                let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
                sqlite3_close_v2(connection)
                close(descriptor)
                throw SQLiteWriterError.sqliteFailed(code: status, message: message, sql: "open")
            }
            self.handle = connection
            self.directory = directory
            self.descriptor = descriptor
            outputName = nil
        }
        // Before the temporary file's name goes: no journal or WAL file, one lock held to the end.
        // Pages of 16 KiB, for fewer b-tree pages to split and fewer reads and writes: 1.68 times
        // sqlite3-copy's CPU time at 1 000 000 rows instead of 1.84 (docs/PERFORMANCE.md, *Into a
        // database*).
        try execute("PRAGMA page_size = 16384")
        try execute("PRAGMA journal_mode = OFF; PRAGMA locking_mode = EXCLUSIVE; PRAGMA synchronous = OFF")
        try execute("BEGIN EXCLUSIVE")
    }

    private static let openFlags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE

    /// Whether `descriptor` is open on a new, empty regular file that no name leads to (and so no
    /// one else sees until it is given one), at its start.
    private static func isNewUnnamedFile(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFREG && status.st_nlink == 0 && status.st_size == 0
            && lseek(descriptor, 0, SEEK_CUR) == 0
    }

    /// The connection to the database at `path` through `vfs`, or `nil`.
    private static func open(_ path: String, vfs: String) -> OpaquePointer? {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(path, &connection, openFlags, vfs) == SQLITE_OK, let connection else {
            sqlite3_close_v2(connection)
            return nil
        }
        return connection
    }

    deinit {
        sqlite3_close_v2(handle)
        if let descriptor { close(descriptor) }
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw failure(status, sql: sql) }
    }

    /// Runs `statements`, each returning no rows; returns how many rows they changed.
    func executeCountingChanges(_ statements: [String]) throws -> Int {
        var count = 0
        for statement in statements {
            try execute(statement)
            count += Int(sqlite3_changes(handle))
        }
        return count
    }

    /// Whether `PRAGMA foreign_key_check` finds a foreign key that names no row.
    func hasForeignKeyViolations() throws -> Bool {
        let sql = "PRAGMA foreign_key_check"
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        let status = sqlite3_step(statement)
        guard status == SQLITE_ROW || status == SQLITE_DONE else { throw failure(status, sql: sql) }
        return status == SQLITE_ROW
    }

    /// Prepares a statement for repeated use.
    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw failure(status, sql: sql) }
        return statement
    }

    /// The error of a failed call.
    /// The error of a failed call: a write to the output's own file that failed is the output's
    /// ``GraphExport/OutputError/writeFailed(errno:reason:)``, naming it, as every format's is.
    func failure(_ status: Int32, sql: String) -> any Error {
        if directory == nil, let code = UnnamedFileVFS.failedWriteErrno(of: handle) {
            let reason = String(cString: strerror(code))
            return OutputError.writeFailed(errno: code, reason: outputName.map { "\($0): \(reason)" } ?? reason)
        }
        return SQLiteWriterError.sqliteFailed(
            code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// Writes every page to the file and closes the connection's transaction.
    func commit() throws {
        try execute("COMMIT")
    }

    /// Hands the finished database to `sink`: nothing to do when it is the sink's own file; else
    /// the whole temporary file, from its start, in blocks of 64 KiB.
    func deliver(to sink: any ByteSink) throws {
        guard let descriptor else { return }
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = block.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, offset) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw SQLiteWriterError.temporaryFileFailed(
                    directory: directory ?? "", reason: String(cString: strerror(code)))
            }
            if count == 0 { return }
            offset += off_t(count)
            try block.withUnsafeBytes { try sink.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }
}
