import CSQLite
package import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store in rollback-journal mode whose `-journal` is hot: a writer stopped in mid-transaction,
/// perhaps after writing some of its pages into the store (lockingv3.html, "Hot Journals"). SQLite
/// rolls such a journal back before it reads, which it cannot do through graphexport's read-only
/// connection ("attempt to write a readonly database") and must not do in place: the user's files
/// stay as they are. So the store and its journal are copied into a private folder while a
/// ``SharedLock`` keeps every other process from rolling back or committing, and SQLite rolls the
/// copy back.
package enum HotJournal {
    /// The first 8 bytes of a rollback journal's header (fileformat2.html §3).
    private static let magic: [UInt8] = [0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7]

    /// When `journal` is hot, copies it and `store` into a private folder, rolls the copy back,
    /// reports it to `onWarning` and returns the folder; otherwise returns `nil` and copies nothing.
    ///
    /// Hot means what it means to SQLite (pager.c, `hasHotJournal`): the journal exists and its
    /// first byte is not zero, and no process holds the RESERVED lock (a live writer's journal is
    /// not hot; SQLite waits for that writer instead). Checked under the shared lock, which waits up
    /// to `timeout` for a writer that is committing.
    package static func rolledBackCopy(store: String, journal: String, timeout: Duration, onWarning: WarningHandler)
        throws -> PrivateFolder?
    {
        let lock = try SharedLock(path: store, timeout: timeout)
        guard !lock.reservedElsewhere, let first = try firstBytes(of: journal), first.first != 0 else { return nil }
        let folder = try PrivateFolder(for: store)
        try folder.copy(from: lock.descriptor, source: store, to: folder.storePath)
        try folder.copy(journal, to: folder.storePath + "-journal")
        withExtendedLifetime(lock) {}
        try rollBack(folder.storePath, displayPath: store)
        if first == magic {
            onWarning(
                Warning(
                    "\(journal): an unfinished transaction was rolled back in a private copy",
                    detail: "the store is read as last committed; \(store) and its journal are left as they are"))
        } else {
            onWarning(
                Warning(
                    "\(journal): not a rollback journal, so the store is read without it",
                    detail: "its header is not one, so SQLite discards it; \(store) and the file are left as they are"))
        }
        return folder
    }

    /// The first 8 bytes of the journal, `nil` when it is gone or empty.
    private static func firstBytes(of journal: String) throws -> [UInt8]? {
        guard case .regular(let identity) = try FileStatus(path: journal), identity.size > 0 else { return nil }
        let descriptor = open(journal, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SQLiteError.cannotRead(path: journal, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: magic.count)
        let count = try readBytes(descriptor, into: &bytes, at: 0, path: journal)
        return Array(bytes[0..<count])
    }

    /// Has SQLite play the copied journal back: the one connection graphexport opens read-write,
    /// on its private copy, closed before the copy is read.
    private static func rollBack(_ copy: String, displayPath: String) throws {
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        var status = sqlite3_open_v2(copy, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        if status == SQLITE_OK {
            status = sqlite3_exec(connection, "SELECT count(*) FROM sqlite_schema", nil, nil, nil)
        }
        guard status == SQLITE_OK else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            throw SQLiteError.failed(
                code: status, message: "cannot roll back the private copy: \(message)", path: displayPath)
        }
    }
}
