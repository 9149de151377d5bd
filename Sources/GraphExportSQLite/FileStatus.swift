#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names, from `stat` (which follows symbolic links), found without opening it: opening
/// a FIFO would block until a writer came.
package enum FileStatus: Equatable {
    /// Nothing is there.
    case missing
    /// A regular file.
    case regular(FileIdentity)
    /// A directory, a FIFO, a device or a socket.
    case other(SQLiteError.FileKind)

    /// Looks at `path`; fails with ``SQLiteError/cannotRead(path:reason:)`` when `stat` fails for a
    /// reason other than the path being absent (a folder that cannot be searched, a symbolic link
    /// loop).
    package init(path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            guard errno == ENOENT || errno == ENOTDIR else {
                throw SQLiteError.cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            self = .missing
            return
        }
        self.init(status)
    }

    /// Classifies what `stat` or `fstat` returned.
    init(_ status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .regular(FileIdentity(status))
        case S_IFDIR: self = .other(.directory)
        case S_IFIFO: self = .other(.fifo)
        case S_IFCHR: self = .other(.characterDevice)
        case S_IFBLK: self = .other(.blockDevice)
        case S_IFSOCK: self = .other(.socket)
        default: self = .other(.unknown)
        }
    }

    /// The identity of a regular file, `nil` for anything else.
    package var identity: FileIdentity? {
        guard case .regular(let identity) = self else { return nil }
        return identity
    }
}

/// A regular file's device, inode, size and modification and change times: two looks at a file
/// give equal identities only when nothing wrote, truncated or replaced it in between.
package struct FileIdentity: Equatable {
    package let device: UInt64
    package let inode: UInt64
    package let size: Int
    /// Nanoseconds since 1970.
    package let modified: Int
    package let changed: Int

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int(status.st_size)
        #if canImport(Glibc)
            modified = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
            changed = Int(status.st_ctim.tv_sec) * 1_000_000_000 + Int(status.st_ctim.tv_nsec)
        #else
            modified = Int(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int(status.st_mtimespec.tv_nsec)
            changed = Int(status.st_ctimespec.tv_sec) * 1_000_000_000 + Int(status.st_ctimespec.tv_nsec)
        #endif
    }

    /// Whether both name the same file (device and inode), whatever happened to its contents.
    package func isSameFile(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode
    }
}
