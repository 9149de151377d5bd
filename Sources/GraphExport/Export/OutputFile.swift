#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file an export is written to (`-o`, ``GraphExporter/write(toFile:format:)``): a regular
/// file appears only once complete and nothing else is ever replaced.
///
/// What the path names once its links are followed (``OutputTarget``) decides how:
/// - **A regular file, or nothing yet**: the bytes go to a new file in the same folder that has no
///   name (Linux `O_TMPFILE`), linked into place by ``commit()``, so a failed, interrupted or even
///   killed export leaves the folder as it was. Where the file system cannot make unnamed files,
///   the new file is hidden as `.<name>.graphexport-<random>` and removed on failure and on SIGINT,
///   SIGTERM, SIGHUP and SIGQUIT (``InterruptCleanup``); only SIGKILL leaves that one behind. A new
///   output gets the permissions `0666` less the umask. An output that replaces a file keeps that
///   file's permission bits, and its owner and group where the process may give them (root, or a
///   group the user is in), as when `cp` or the shell write into it; another hard link to the old
///   file keeps the old content.
/// - **A link, or a chain of links**: the file at its end is replaced as above; the links stay.
/// - **An open descriptor** (`/dev/stdout`, `/dev/fd/N`, a shell's `>(…)`): written as it is.
/// - **A device or a FIFO**: opened and written in place. Bytes written before a failure stay
///   written there.
///
/// Every error is a ``OutputError/writeFailed(errno:reason:)`` whose reason starts with the path.
package final class OutputFile {
    /// The path as given.
    package let path: String
    /// Writes the output.
    package let sink: FileDescriptorSink
    /// The folder the file goes to (`.` for the working folder, else ending in `/`), once links
    /// are followed; `nil` for a descriptor, a device or a FIFO, which are written in place.
    package let folderPath: String?
    private let placement: Placement
    private var isOpen = true

    /// Where the written file goes at the end.
    private enum Placement {
        /// Written in place: nothing to move.
        case direct
        /// An unnamed file, to link as `name` in the folder open as `folder`.
        case unnamed(folder: Int32, folderPath: String, name: String)
        /// A hidden file `temporaryName`, to rename to `name` in the folder open as `folder`.
        case hidden(folder: Int32, name: String, temporaryName: String, cleanup: InterruptCleanup.Registration?)
    }

    /// Opens the output at `path`; `allowsUnnamedFile: false` uses the hidden file even where
    /// unnamed files work (for tests of that path).
    package init(path: String, allowsUnnamedFile: Bool = true) throws {
        self.path = path
        switch try OutputTarget.resolve(path) {
        case .descriptor(let number):
            let descriptor = fcntl(number, F_DUPFD_CLOEXEC, 0)
            guard descriptor >= 0 else { throw OutputTarget.failure(path, errno) }
            placement = .direct
            sink = FileDescriptorSink(descriptor: descriptor, name: path)
            folderPath = nil
        case .node(let nodePath):
            let descriptor = open(nodePath, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw OutputTarget.failure(path, errno) }
            placement = .direct
            sink = FileDescriptorSink(descriptor: descriptor, name: path)
            folderPath = nil
        case .file(let folderPath, let name, let existing):
            let folder = open(folderPath.isEmpty ? "." : folderPath, Self.folderFlags)
            guard folder >= 0 else { throw OutputTarget.failure(path, errno) }
            let (descriptor, newPlacement) = try Self.create(
                in: folder, folderPath: folderPath, name: name, path: path, allowsUnnamedFile: allowsUnnamedFile)
            placement = newPlacement
            sink = FileDescriptorSink(descriptor: descriptor, name: path)
            self.folderPath = folderPath.isEmpty ? "." : folderPath
            if let existing { Self.give(descriptor, existing) }
        }
    }

    deinit {
        discard()
    }

    /// Puts the complete output in place: flushes a new file to disk and gives it its name; closes
    /// the descriptor or device. On failure, the new file is removed.
    package func commit() throws {
        guard isOpen else { return }
        isOpen = false
        let descriptor = sink.descriptor
        switch placement {
        case .direct:
            guard close(descriptor) == 0 || errno == EINTR else { throw OutputTarget.failure(path, errno) }
        case .unnamed(let folder, let folderPath, let name):
            defer {
                close(descriptor)
                close(folder)
            }
            guard fsync(descriptor) == 0 else { throw OutputTarget.failure(path, errno) }
            try link(descriptor, into: folder, folderPath: folderPath, as: name)
        case .hidden(let folder, let name, let temporaryName, let cleanup):
            defer {
                InterruptCleanup.unregister(cleanup)
                close(folder)
            }
            var failure: OutputError?
            if fsync(descriptor) != 0 { failure = OutputTarget.failure(path, errno) }
            if close(descriptor) != 0, failure == nil { failure = OutputTarget.failure(path, errno) }
            if failure == nil, renameat(folder, temporaryName, folder, name) != 0 {
                failure = OutputTarget.failure(path, errno)
            }
            if let failure {
                unlinkat(folder, temporaryName, 0)
                throw failure
            }
        }
    }

    /// Abandons the output, unless it was committed: a new file is removed (an unnamed one just
    /// closed); a descriptor or device keeps what was written.
    package func discard() {
        guard isOpen else { return }
        isOpen = false
        close(sink.descriptor)
        switch placement {
        case .direct:
            break
        case .unnamed(let folder, _, _):
            close(folder)
        case .hidden(let folder, _, let temporaryName, let cleanup):
            unlinkat(folder, temporaryName, 0)
            InterruptCleanup.unregister(cleanup)
            close(folder)
        }
    }

    /// Creates the new file in `folder`: unnamed where the system can, else hidden.
    private static func create(
        in folder: Int32, folderPath: String, name: String, path: String, allowsUnnamedFile: Bool
    ) throws -> (Int32, Placement) {
        if allowsUnnamedFile, let unnamedFlags, access(descriptorFolder, F_OK) == 0 {
            let descriptor = openat(folder, ".", unnamedFlags | O_WRONLY | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, .unnamed(folder: folder, folderPath: folderPath, name: name)) }
            let code = errno
            guard code == EOPNOTSUPP || code == EISDIR || code == EINVAL else {
                close(folder)
                throw OutputTarget.failure(path, code)
            }
        }
        for _ in 0..<8 {
            let temporaryName = hiddenName(for: name)
            let descriptor = openat(folder, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 {
                let cleanup = InterruptCleanup.register(file: folderPath + temporaryName)
                return (
                    descriptor, .hidden(folder: folder, name: name, temporaryName: temporaryName, cleanup: cleanup)
                )
            }
            let code = errno
            guard code == EEXIST else {
                close(folder)
                throw OutputTarget.failure(path, code)
            }
        }
        close(folder)
        throw OutputTarget.failure(path, EEXIST)
    }

    /// Gives the unnamed file `descriptor` the name `name` in `folder`: directly when the name is
    /// free, else under a hidden name that is then renamed over it (a link cannot replace a name).
    private func link(_ descriptor: Int32, into folder: Int32, folderPath: String, as name: String) throws {
        let source = "\(Self.descriptorFolder)/\(descriptor)"
        if linkat(AT_FDCWD, source, folder, name, AT_SYMLINK_FOLLOW) == 0 { return }
        guard errno == EEXIST else { throw OutputTarget.failure(path, errno) }
        for _ in 0..<8 {
            let temporaryName = Self.hiddenName(for: name)
            guard linkat(AT_FDCWD, source, folder, temporaryName, AT_SYMLINK_FOLLOW) == 0 else {
                if errno == EEXIST { continue }
                throw OutputTarget.failure(path, errno)
            }
            let cleanup = InterruptCleanup.register(file: folderPath + temporaryName)
            defer { InterruptCleanup.unregister(cleanup) }
            guard renameat(folder, temporaryName, folder, name) == 0 else {
                let code = errno
                unlinkat(folder, temporaryName, 0)
                throw OutputTarget.failure(path, code)
            }
            return
        }
        throw OutputTarget.failure(path, EEXIST)
    }

    /// Gives the new file the permission bits of the file it replaces, and its owner and group
    /// where the process may; where it may not, the new file stays the user's.
    private static func give(_ descriptor: Int32, _ existing: OutputTarget.FileStatus) {
        fchmod(descriptor, existing.permissions)
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_uid != existing.owner || info.st_gid != existing.group else {
            return
        }
        if fchown(descriptor, existing.owner, existing.group) != 0 {
            _ = fchown(descriptor, uid_t.max, existing.group)
        }
    }

    /// `.<name>.graphexport-<random>`.
    private static func hiddenName(for name: String) -> String {
        "." + name + ".graphexport-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// Where the process's descriptors appear as links to their files (what `linkat` names an
    /// unnamed file by).
    private static let descriptorFolder = "/proc/self/fd"

    // `O_TMPFILE` and `O_PATH`, which Glibc's Swift module leaves out, with the values of Linux's
    // `asm-generic/fcntl.h` (x86-64, ARM64, RISC-V). Elsewhere the folder is opened for reading and
    // the new file is hidden.
    #if os(Linux) && (arch(x86_64) || arch(arm64) || arch(riscv64))
        /// `open` flags for the folder, used only to name files in it: `O_PATH | O_DIRECTORY`.
        private static let folderFlags: Int32 = 0o10_000_000 | O_DIRECTORY | O_CLOEXEC
        /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`).
        private static let unnamedFlags: Int32? = 0o20_000_000 | O_DIRECTORY
    #else
        /// `open` flags for the folder, used only to name files in it.
        private static let folderFlags: Int32 = O_RDONLY | O_DIRECTORY | O_CLOEXEC
        /// No unnamed files here.
        private static let unnamedFlags: Int32? = nil
    #endif
}
