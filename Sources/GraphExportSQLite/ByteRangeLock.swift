#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// POSIX advisory locks on byte ranges, as SQLite's unix VFS uses them to coordinate processes
/// (os_unix.c). Taken with `F_SETLK`, which never blocks: ``hold(through:path:timeout:attempt:)`` tries
/// again.
///
/// POSIX locks belong to the process and are all released when it closes any descriptor of the
/// file: a holder reads through the descriptor it locked with, and nothing else in the process may
/// open that file while the lock is held.
package enum ByteRangeLock {
    /// Takes a read lock on `length` bytes at `start`; `false` when another process holds a write lock there.
    static func readLock(_ descriptor: Int32, start: off_t, length: off_t) -> Bool {
        var lock = range(Int16(F_RDLCK), start: start, length: length)
        return fcntl(descriptor, F_SETLK, &lock) == 0
    }

    /// Lets go of this process's locks on `length` bytes at `start`.
    static func unlock(_ descriptor: Int32, start: off_t, length: off_t) {
        var lock = range(Int16(F_UNLCK), start: start, length: length)
        _ = fcntl(descriptor, F_SETLK, &lock)
    }

    /// Whether another process holds any lock on `length` bytes at `start`.
    static func isLockedElsewhere(_ descriptor: Int32, start: off_t, length: off_t) -> Bool {
        var probe = range(Int16(F_WRLCK), start: start, length: length)
        return fcntl(descriptor, F_GETLK, &probe) == 0 && probe.l_type != Int16(F_UNLCK)
    }

    /// Calls `attempt`, which takes locks through `descriptor`, until it succeeds, every 10 ms for up
    /// to `timeout`; then closes `descriptor`, which no lock holder will own, and fails with
    /// ``SQLiteError/locked(path:waited:)`` naming `path`.
    package static func hold(through descriptor: Int32, path: String, timeout: Duration, attempt: () -> Bool) throws {
        let start = ContinuousClock.now
        while !attempt() {
            guard ContinuousClock.now - start < timeout else {
                close(descriptor)
                throw SQLiteError.locked(path: path, waited: timeout)
            }
            usleep(10_000)
        }
    }

    private static func range(_ type: Int16, start: off_t, length: off_t) -> flock {
        var lock = flock()
        lock.l_type = type
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = start
        lock.l_len = length
        return lock
    }
}
