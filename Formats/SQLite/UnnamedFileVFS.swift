import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A SQLite VFS that opens a main database by a name the system follows, such as
/// `/proc/self/fd/N`, and reads and writes it itself; every other file (the sorter's temporary
/// files) goes to the system's default VFS.
///
/// The output's new file has no name until the export is complete (Linux's `O_TMPFILE`,
/// ``OutputFile``), and the only path to it is the link `/proc/self/fd/N`, which the default
/// `unix` VFS will not open: it resolves links itself (to `/folder/#123 (deleted)`, no file) and
/// opens with `O_NOFOLLOW`. The database's connection holds the file alone, without a journal and
/// with an exclusive lock, so the file needs no locks and the methods are plain `pread`, `pwrite`,
/// `ftruncate`, `fsync` and `fstat`.
enum UnnamedFileVFS {
    /// The VFS's name, for `sqlite3_open_v2`.
    static let name = "graphexport-unnamed-file"

    /// Whether the VFS is registered (once, at first use).
    static let isRegistered: Bool = {
        guard let base = sqlite3_vfs_find(nil), let name = strdup(name) else { return false }
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        // The default VFS's methods, none of which reads `pAppData` but `xOpen`, called with the
        // default VFS itself.
        vfs.initialize(to: base.pointee)
        vfs.pointee.zName = UnsafePointer(name)
        vfs.pointee.pNext = nil
        vfs.pointee.pAppData = UnsafeMutableRawPointer(base)
        vfs.pointee.szOsFile = max(base.pointee.szOsFile, Int32(failureOffset + MemoryLayout<Int32>.size))
        vfs.pointee.xOpen = { vfs, path, file, flags, outputFlags in
            let base = vfs!.pointee.pAppData.assumingMemoryBound(to: sqlite3_vfs.self)
            guard flags & SQLITE_OPEN_MAIN_DB != 0, let path, let file else {
                return base.pointee.xOpen(base, path, file, flags, outputFlags)
            }
            let descriptor = open(path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else {
                file.pointee.pMethods = nil
                return SQLITE_CANTOPEN
            }
            UnsafeMutableRawPointer(file).storeBytes(of: descriptor, toByteOffset: descriptorOffset, as: Int32.self)
            UnsafeMutableRawPointer(file).storeBytes(of: 0, toByteOffset: failureOffset, as: Int32.self)
            file.pointee.pMethods = UnsafePointer(methods)
            outputFlags?.pointee = flags
            return SQLITE_OK
        }
        vfs.pointee.xFullPathname = { _, path, capacity, output in
            guard let path, let output else { return SQLITE_CANTOPEN }
            let count = strlen(path)
            guard count < Int(capacity) else { return SQLITE_CANTOPEN }
            memcpy(output, path, count + 1)
            return SQLITE_OK
        }
        return sqlite3_vfs_register(vfs, 0) == SQLITE_OK
    }()

    /// Where a file's descriptor is kept, after the `sqlite3_file` that SQLite reads.
    private static let descriptorOffset = MemoryLayout<sqlite3_file>.stride
    /// Where the `errno` of the file's first failed write, truncation or sync is kept (0: none).
    private static let failureOffset = descriptorOffset + MemoryLayout<Int32>.size

    /// The `errno` of the first write, truncation or sync of `connection`'s main database that
    /// failed, when the database is opened through this VFS; `nil` when none failed (SQLite's
    /// sorter files, which the default VFS writes, are not counted).
    static func failedWriteErrno(of connection: OpaquePointer) -> Int32? {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
            let file, file.pointee.pMethods == UnsafePointer(methods)
        else { return nil }
        let code = UnsafeRawPointer(file).load(fromByteOffset: failureOffset, as: Int32.self)
        return code == 0 ? nil : code
    }

    /// Records `code` as the failure of `file`, unless one is recorded; returns `status`.
    private static func failed(_ file: UnsafeMutablePointer<sqlite3_file>?, _ code: Int32, _ status: Int32) -> Int32 {
        let raw = UnsafeMutableRawPointer(file!)
        if raw.load(fromByteOffset: failureOffset, as: Int32.self) == 0 {
            raw.storeBytes(of: code, toByteOffset: failureOffset, as: Int32.self)
        }
        return status
    }

    /// The descriptor of `file`.
    private static func descriptor(_ file: UnsafeMutablePointer<sqlite3_file>?) -> Int32 {
        UnsafeRawPointer(file!).load(fromByteOffset: descriptorOffset, as: Int32.self)
    }

    // Extended result codes, macros Swift does not import.
    private static let readFailed: Int32 = SQLITE_IOERR | 1 << 8
    private static let shortRead: Int32 = SQLITE_IOERR | 2 << 8
    private static let writeFailed: Int32 = SQLITE_IOERR | 3 << 8
    private static let syncFailed: Int32 = SQLITE_IOERR | 4 << 8
    private static let truncateFailed: Int32 = SQLITE_IOERR | 6 << 8
    private static let statusFailed: Int32 = SQLITE_IOERR | 7 << 8

    /// The file methods of a main database.
    nonisolated(unsafe) private static let methods: UnsafeMutablePointer<sqlite3_io_methods> = {
        var methods = sqlite3_io_methods()
        methods.iVersion = 1
        methods.xClose = { file in
            close(descriptor(file))
            return SQLITE_OK
        }
        methods.xRead = { file, buffer, count, offset in
            var done = 0
            while done < Int(count) {
                let read = pread(descriptor(file), buffer! + done, Int(count) - done, off_t(offset) + off_t(done))
                if read < 0 && errno == EINTR { continue }
                if read < 0 { return readFailed }
                if read == 0 { break }
                done += read
            }
            guard done == Int(count) else {
                // SQLite reads past the end as zeros.
                memset(buffer! + done, 0, Int(count) - done)
                return shortRead
            }
            return SQLITE_OK
        }
        methods.xWrite = { file, buffer, count, offset in
            var done = 0
            while done < Int(count) {
                let written = pwrite(
                    descriptor(file), buffer! + done, Int(count) - done, off_t(offset) + off_t(done))
                if written < 0 && errno == EINTR { continue }
                if written < 0 {
                    let code = errno
                    return failed(file, code, code == ENOSPC ? SQLITE_FULL : writeFailed)
                }
                done += written
            }
            return SQLITE_OK
        }
        methods.xTruncate = { file, size in
            ftruncate(descriptor(file), off_t(size)) == 0 ? SQLITE_OK : failed(file, errno, truncateFailed)
        }
        methods.xSync = { file, _ in
            fsync(descriptor(file)) == 0 ? SQLITE_OK : failed(file, errno, syncFailed)
        }
        methods.xFileSize = { file, size in
            var status = stat()
            guard fstat(descriptor(file), &status) == 0 else { return statusFailed }
            size!.pointee = sqlite3_int64(status.st_size)
            return SQLITE_OK
        }
        // The connection holds the file alone: every lock is granted.
        methods.xLock = { _, _ in SQLITE_OK }
        methods.xUnlock = { _, _ in SQLITE_OK }
        methods.xCheckReservedLock = { _, reserved in
            reserved!.pointee = 0
            return SQLITE_OK
        }
        methods.xFileControl = { _, _, _ in SQLITE_NOTFOUND }
        methods.xSectorSize = { _ in 4096 }
        methods.xDeviceCharacteristics = { _ in 0 }
        let pointer = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        pointer.initialize(to: methods)
        return pointer
    }()
}
