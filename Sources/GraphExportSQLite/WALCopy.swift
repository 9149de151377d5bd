#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A copy of a store in WAL mode and of its `-wal`, made so that the pair is one state the store
/// was in, however a writer commits and checkpoints meanwhile.
///
/// Why a copy that passes the check is consistent (wal.html, "Checkpointing"; fileformat2.html §4):
/// the store file changes only when a checkpoint copies committed frames of the log back into it,
/// and frames of the log are only overwritten after the log is restarted, which first writes a new
/// header (`salt-1` plus one, a new `salt-2`) over the old one; a checkpoint in TRUNCATE mode
/// empties the file. So the log's first 32 bytes are read before the store is copied and again
/// after the log is copied, and when they are the same, every page a checkpoint may have written
/// into the store during the copy is still in the copied log, whose committed frames SQLite reads
/// in place of the store's pages. Frames a writer was appending during the copy fail their
/// checksums and are dropped, as after a crash. When the log has no valid header (absent, empty or
/// damaged) the state is the store file alone, so the store's size, times and inode must be
/// unchanged instead. A copy that fails the check is thrown away and made again.
///
/// So that a writer that checkpoints often cannot make every attempt fail, the copies are made under
/// a ``CheckpointLock``: no checkpoint runs meanwhile, so the store file stays as it is and the log
/// can be restarted at most once (a restart needs the log checkpointed to its end), and the second
/// attempt succeeds. Without a `-shm` to lock, only the check stands.
///
/// The copy writes nothing of the store's: reading in place would, since SQLite writes a WAL
/// store's `-shm` even through a read-only connection (its read marks) and creates it, and the
/// `-wal`, when they are missing (wal.html, "Read-Only Databases"); and a reader in place would hold
/// back the app's checkpoints for the whole export rather than for the copy.
package enum WALCopy {
    /// How many copies are tried before giving up with ``SQLiteError/walKeepsChanging(path:attempts:)``.
    package static let attempts = 10

    /// Copies `store`, and `wal` when there is one, into `folder`; returns what the copied log
    /// holds and whether another process was writing a transaction as it was copied, or `nil` when
    /// there was no log. Waits up to `timeout` for a checkpoint to end.
    package static func make(store: String, wal: String, into folder: PrivateFolder, timeout: Duration) throws
        -> (log: WALContents, writing: Bool)?
    {
        let lock = try CheckpointLock(shm: store + "-shm", timeout: timeout)
        defer { withExtendedLifetime(lock) {} }
        for attempt in 1...attempts {
            let logBefore = try LogMark(wal)
            let storeBefore = try storeIdentity(store)
            try folder.copy(store, to: folder.storePath)
            var writing = lock?.isWriting ?? false
            if logBefore.identity != nil {
                do {
                    try folder.copy(wal, to: folder.storePath + "-wal")
                } catch {
                    // Gone: its last connection checkpointed and deleted it. The check below fails.
                    guard try LogMark(wal).identity == nil else { throw error }
                }
            }
            writing = writing || lock?.isWriting ?? false
            let logAfter = try LogMark(wal)
            let storeAfter = try storeIdentity(store)
            let storeIsSame =
                storeBefore.isSameFile(as: storeAfter) && (logBefore.hasValidHeader || storeBefore == storeAfter)
            if logBefore.isSameLog(as: logAfter), storeIsSame {
                guard logBefore.identity != nil else { return nil }
                let descriptor = open(folder.storePath + "-wal", O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    throw SQLiteError.cannotRead(path: wal, reason: String(cString: strerror(errno)))
                }
                defer { close(descriptor) }
                return (try WALContents(descriptor: descriptor, path: wal), writing)
            }
            folder.removeCopies()
            usleep(UInt32(attempt) * 2_000)
        }
        throw SQLiteError.walKeepsChanging(path: wal, attempts: attempts)
    }

    /// The store's identity; it must still be a regular file.
    private static func storeIdentity(_ store: String) throws -> FileIdentity {
        switch try FileStatus(path: store) {
        case .regular(let identity): return identity
        case .other(let kind): throw SQLiteError.storeNotAFile(path: store, kind: kind)
        case .missing: throw SQLiteError.cannotRead(path: store, reason: String(cString: strerror(ENOENT)))
        }
    }
}

/// What the check compares of a `-wal` before and after a copy: which file it is and its first 32 bytes.
private struct LogMark {
    /// `nil` when there is no log.
    package let identity: FileIdentity?
    package let header: [UInt8]

    package init(_ path: String) throws {
        switch try FileStatus(path: path) {
        case .missing:
            identity = nil
            header = []
        case .other(let kind):
            throw SQLiteError.sideFileNotAFile(path: path, kind: kind)
        case .regular(let identity):
            let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else {
                guard errno == ENOENT else {
                    throw SQLiteError.cannotRead(path: path, reason: String(cString: strerror(errno)))
                }
                self.identity = nil
                header = []
                return
            }
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: WALHeader.size)
            let count = try readBytes(descriptor, into: &bytes, at: 0, path: path)
            self.identity = identity
            header = Array(bytes[0..<count])
        }
    }

    /// Whether SQLite would read frames after this header.
    package var hasValidHeader: Bool {
        header.withUnsafeBytes { WALHeader($0) } != nil
    }

    /// Whether both looks saw the same file (or no file) with the same header.
    package func isSameLog(as other: LogMark) -> Bool {
        guard header == other.header else { return false }
        switch (identity, other.identity) {
        case (nil, nil): return true
        case (let first?, let second?): return first.isSameFile(as: second)
        default: return false
        }
    }
}
