#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SQLite's SHARED lock on a database file in rollback-journal mode, taken as SQLite's unix VFS
/// takes it, so that other SQLite processes respect it: while it is held no process can get the
/// EXCLUSIVE lock it needs to commit or to roll back a hot journal, so the store and its journal
/// stay as they are.
///
/// The locks lie on the lock-byte page (offset 1 073 741 824, which never holds data:
/// fileformat2.html §1.3), where os_unix.c (`unixLock`) takes a read lock on the PENDING byte
/// (refused while a writer is waiting to commit), then a read lock on the 510-byte SHARED range,
/// then lets the PENDING byte go. See ``ByteRangeLock`` for what a holder must not do.
package final class SharedLock {
    /// The descriptor the lock is held through, open read-only.
    package let descriptor: Int32

    private static let pendingByte: off_t = 0x4000_0000
    private static let reservedByte: off_t = pendingByte + 1
    private static let sharedFirst: off_t = pendingByte + 2
    private static let sharedSize: off_t = 510

    /// Opens `path` and takes the lock, waiting up to `timeout` while a writer holds or waits for
    /// the EXCLUSIVE lock.
    package init(path: String, timeout: Duration) throws {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SQLiteError.cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        try ByteRangeLock.hold(through: descriptor, path: path, timeout: timeout) { Self.lockShared(descriptor) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Whether another process holds SQLite's RESERVED lock: a writer is in a transaction, so a
    /// journal beside the store is its own and not hot (lockingv3.html, "Hot Journals").
    package var reservedElsewhere: Bool {
        ByteRangeLock.isLockedElsewhere(descriptor, start: Self.reservedByte, length: 1)
    }

    /// One attempt: PENDING, then SHARED, then PENDING let go.
    private static func lockShared(_ descriptor: Int32) -> Bool {
        guard ByteRangeLock.readLock(descriptor, start: pendingByte, length: 1) else { return false }
        let locked = ByteRangeLock.readLock(descriptor, start: sharedFirst, length: sharedSize)
        ByteRangeLock.unlock(descriptor, start: pendingByte, length: 1)
        return locked
    }
}
