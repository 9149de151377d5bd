#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read lock on the checkpoint lock of a store in WAL mode, which keeps every process from
/// checkpointing the store while it is held, so that the store file does not change: in WAL mode
/// only a checkpoint writes it (wal.html, "Checkpointing").
///
/// The processes that have the store open share its `-shm`, whose bytes 120 to 127 carry the WAL
/// locks as POSIX advisory locks (walformat.html, "The WAL-Index File Format"): WAL_WRITE_LOCK at
/// 120, WAL_CKPT_LOCK at 121, WAL_RECOVER_LOCK at 122, the read marks after. A checkpoint needs the
/// checkpoint lock exclusively and fails with SQLITE_BUSY, without waiting, when it cannot get it
/// (wal.c, `sqlite3WalCheckpoint`): the app's writes go on, its checkpoints wait for this lock to
/// go. The `-shm` is only locked, never read or written. See ``ByteRangeLock`` for what a holder
/// must not do. ``isWriting`` looks at the write lock.
package final class CheckpointLock {
    private let descriptor: Int32

    private static let writeByte: off_t = 120
    private static let checkpointByte: off_t = 121

    /// Locks the `-shm` at `path`, waiting up to `timeout` for a checkpoint that is running to end;
    /// `nil` when there is no `-shm` (no process has the store open in WAL mode, or one holds it in
    /// exclusive locking mode, without a `-shm`) or it is not a regular file (looked at with `stat`
    /// before it is opened, and again once open).
    package init?(shm path: String, timeout: Duration) throws {
        guard try FileStatus(path: path).identity != nil else { return nil }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, FileStatus(status).identity != nil else {
            close(descriptor)
            return nil
        }
        try ByteRangeLock.hold(through: descriptor, path: path, timeout: timeout) {
            ByteRangeLock.readLock(descriptor, start: Self.checkpointByte, length: 1)
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Whether another process holds the write lock: a transaction is being written, so frames
    /// after the log's last commit are its own, not a writer's remains.
    package var isWriting: Bool {
        ByteRangeLock.isLockedElsewhere(descriptor, start: Self.writeByte, length: 1)
    }
}
