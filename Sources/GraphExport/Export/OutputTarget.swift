#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an output path names once its symbolic links are followed, which decides how an export is
/// written there (``OutputFile``).
///
/// A chain of links is followed to its end, as shell redirection and `cp` do, also when the last
/// link dangles: the export then goes to the file the chain ends at. A path that names one of the
/// process's own descriptors (`/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/3`, the `/dev/fd/63` of a
/// shell's `>(…)`) is that descriptor, whatever it is open on.
enum OutputTarget: Equatable {
    /// A descriptor the process has open, by its number.
    case descriptor(Int32)
    /// A device or a FIFO, at the path given: written in place, never replaced.
    case node(path: String)
    /// A regular file, or nothing yet: the name `name` in `folder` (`""` for the working folder,
    /// else ending in `/`), with the file's status when it exists.
    case file(folder: String, name: String, existing: FileStatus?)

    /// The status of an existing regular file that an export replaces.
    struct FileStatus: Equatable {
        /// Its permission bits.
        var permissions: mode_t
        /// Its owner.
        var owner: uid_t
        /// Its group.
        var group: gid_t
    }

    /// How many links a chain may have (Linux's own limit).
    private static let linkLimit = 40

    /// What `path` names for writing.
    ///
    /// Throws ``OutputError/writeFailed(errno:reason:)`` naming `path` for a folder, a socket, a
    /// regular file the process may not write, a chain of links that loops, and a path whose
    /// folders cannot be searched.
    static func resolve(_ path: String) throws -> OutputTarget {
        var current = path
        for _ in 0...linkLimit {
            if let descriptor = descriptorNumber(named: current) { return .descriptor(descriptor) }
            var info = stat()
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else { throw failure(path, errno) }
                return .file(folder: PathText.folder(of: current), name: PathText.name(of: current), existing: nil)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                let target = try linkTarget(current, outputPath: path)
                current = target.hasPrefix("/") ? target : PathText.folder(of: current) + target
            case S_IFREG:
                guard faccessat(AT_FDCWD, current, W_OK, AT_EACCESS) == 0 else { throw failure(path, errno) }
                let status = FileStatus(
                    permissions: info.st_mode & 0o777, owner: info.st_uid, group: info.st_gid)
                return .file(folder: PathText.folder(of: current), name: PathText.name(of: current), existing: status)
            case S_IFDIR:
                throw failure(path, EISDIR)
            case S_IFSOCK:
                throw OutputError.writeFailed(
                    errno: ENXIO,
                    reason: "\(path): is a socket, which cannot be opened as a file; pipe the export to a program "
                        + "that connects to it")
            default:
                return .node(path: current)
            }
        }
        throw failure(path, ELOOP)
    }

    /// The descriptor `path` names when it is an entry of the process's own descriptor folder.
    private static func descriptorNumber(named path: String) -> Int32? {
        let last = PathText.name(of: path)
        guard !last.isEmpty, last.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let number = Int32(last), let ownFolder = PathText.realPath("/proc/self/fd"),
            PathText.realPath(PathText.folder(of: path)) == ownFolder
        else { return nil }
        return number
    }

    /// What the link at `path` points to.
    private static func linkTarget(_ path: String, outputPath: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw failure(outputPath, errno) }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The error for `code` on the output `path`.
    static func failure(_ path: String, _ code: Int32) -> OutputError {
        OutputError.writeFailed(errno: code, reason: "\(path): \(String(cString: strerror(code)))")
    }
}
