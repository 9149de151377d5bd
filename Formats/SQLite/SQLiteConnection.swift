import CSQLite
import GraphExport

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// The database a ``SQLiteGraphWriter`` writes: a new file in `$TMPDIR` (or `/tmp`) that SQLite
/// opens and that is unlinked at once, so that nothing is left behind however the process ends,
/// with no journal and an exclusive lock, so that SQLite needs no other file. The writer copies
/// the finished file to its sink (``copyFile(to:)``).
final class SQLiteConnection {
    /// The connection.
    let handle: OpaquePointer
    /// The directory the file was made in, for messages.
    let directory: String
    /// A descriptor of the file, read at the end.
    private let descriptor: Int32

    /// Makes, opens and unlinks the file, or throws ``SQLiteWriterError``.
    init() throws {
        let configured = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        let directory = configured.isEmpty ? "/tmp" : configured
        var template = Array((directory + "/graphexport-sqlite-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw SQLiteWriterError.temporaryFileFailed(directory: directory, reason: String(cString: strerror(errno)))
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let cleanup = InterruptCleanup.register(file: path)
        defer {
            unlink(path)
            InterruptCleanup.unregister(cleanup)
        }
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(connection)
            close(descriptor)
            throw SQLiteWriterError.sqliteFailed(code: status, message: message, sql: "open")
        }
        self.handle = connection
        self.directory = directory
        self.descriptor = descriptor
        // Before the name goes: no journal or WAL file, one lock held to the end, no syncs (the
        // output is synced where it lands).
        try execute("PRAGMA journal_mode = OFF; PRAGMA locking_mode = EXCLUSIVE; PRAGMA synchronous = OFF")
        try execute("BEGIN EXCLUSIVE")
    }

    deinit {
        sqlite3_close_v2(handle)
        close(descriptor)
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
    func failure(_ status: Int32, sql: String) -> SQLiteWriterError {
        .sqliteFailed(
            code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// Writes every page to the file and closes the connection's transaction.
    func commit() throws {
        try execute("COMMIT")
    }

    /// Hands the whole file to `sink`, from its start, in blocks of 64 KiB.
    func copyFile(to sink: any ByteSink) throws {
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = block.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, offset) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw SQLiteWriterError.temporaryFileFailed(
                    directory: directory, reason: String(cString: strerror(code)))
            }
            if count == 0 { return }
            offset += off_t(count)
            try block.withUnsafeBytes { try sink.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }
}
