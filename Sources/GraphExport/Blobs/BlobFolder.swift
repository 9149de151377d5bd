#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder `--blobs` writes binary values to, one file each (``BlobFileName``), and what the
/// export says in their place: the file's path relative to a base folder.
///
/// **Nothing is replaced.** The folder is made when missing (its parent must exist), else it must
/// be a folder (a link to one is followed). Each file is created new inside the open folder
/// (`O_CREAT | O_EXCL | O_NOFOLLOW`): a name that is taken — by any file, link or folder, an
/// earlier export's file included — is an error, ``BlobFolderError/fileExists(folder:name:)``.
///
/// **Nothing is left behind.** Until ``commit()``, the files are the run's own: each one's name goes
/// to a journal (an unnamed temporary file) just before it is created, and ``discard()`` (also on
/// `deinit`) removes every file the journal lists and the folder if this run made it; on SIGINT,
/// SIGTERM, SIGHUP or SIGQUIT the signal handler does the same (``InterruptCleanup``). Memory stays
/// flat however many files there are. Only SIGKILL leaves them.
package final class BlobFolder {
    /// The folder as given, for messages.
    package let path: String
    /// What goes before a file's name in the export: the folder's path relative to the base
    /// folder, ending with `/`; empty when they are the same folder.
    package let prefix: String
    /// How many files have been written.
    package private(set) var count = 0
    private let folder: Int32
    private let journal: Int32
    /// How many bytes of the journal name the files made.
    private var journalLength = 0
    /// Whether this run made the folder, so that a discard removes it.
    private let madeFolder: Bool
    private var registrations: [InterruptCleanup.Registration?] = []
    private var isOpen = true

    /// Opens the folder at `path`, made when missing, for files named relative to the folder
    /// `base` (which exists).
    package init(path: String, relativeTo base: String) throws(BlobFolderError) {
        self.path = path
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: path) }
            madeFolder = false
        } else {
            guard errno == ENOENT, mkdir(path, 0o777) == 0 else {
                throw .cannotCreate(path: path, reason: Self.message(errno))
            }
            madeFolder = true
        }
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            let code = errno
            if madeFolder { rmdir(path) }
            throw .cannotOpen(path: path, reason: Self.message(code))
        }
        guard let journal = Self.makeJournal() else {
            let code = errno
            close(folder)
            if madeFolder { rmdir(path) }
            throw .cannotOpen(path: path, reason: "cannot make a temporary file: " + Self.message(code))
        }
        self.folder = folder
        self.journal = journal
        prefix = Self.relativePath(from: PathText.realPath(base) ?? base, to: PathText.realPath(path) ?? path)
        if madeFolder { registrations.append(InterruptCleanup.register(folder: path)) }
        registrations.append(InterruptCleanup.register(journal: journal, folder: folder))
    }

    deinit {
        discard()
    }

    /// Writes `bytes` to a new file named by `stem` (``BlobFileName/stem(entity:id:attribute:position:)``)
    /// and the extension they show; returns the file's path for the export.
    package func write(_ bytes: UnsafeRawBufferPointer, stem: String) throws(BlobFolderError) -> String {
        let name = BlobFileName.name(
            stem: stem,
            fileExtension: BlobFileName.sniffedExtension(of: UnsafeRawBufferPointer(rebasing: bytes.prefix(64))))
        let file = try create(name)
        defer { close(file) }
        try write(bytes, to: file, name: name)
        return prefix + name
    }

    /// Writes the bytes of `file` to a new file named by `stem` and the extension they show, one
    /// chunk at a time, never whole; returns the new file's path for the export.
    ///
    /// Throws ``BlobFolderError``: the folder's own, or what reading `file` throws.
    package func write(_ file: FileBytes, stem: String) throws -> String {
        var output: (descriptor: Int32, name: String)?
        defer { if let output { close(output.descriptor) } }
        try file.forEachChunk { chunk in
            if output == nil {
                let name = BlobFileName.name(
                    stem: stem,
                    fileExtension: BlobFileName.sniffedExtension(of: UnsafeRawBufferPointer(rebasing: chunk.prefix(64)))
                )
                output = (try create(name), name)
            }
            try write(chunk, to: output!.descriptor, name: output!.name)
        }
        if let output { return prefix + output.name }
        let name = BlobFileName.name(stem: stem, fileExtension: "bin")
        close(try create(name))
        return prefix + name
    }

    /// Keeps the files: the export that names them is complete.
    package func commit() {
        guard isOpen else { return }
        isOpen = false
        registrations.forEach(InterruptCleanup.unregister)
        close(journal)
        close(folder)
    }

    /// Removes the files written, and the folder if this run made it, unless committed.
    package func discard() {
        guard isOpen else { return }
        isOpen = false
        InterruptCleanup.removeFiles(listedIn: journal, from: folder)
        if madeFolder { rmdir(path) }
        registrations.forEach(InterruptCleanup.unregister)
        close(journal)
        close(folder)
    }

    /// Creates the file `name`, which must not exist, listing it in the journal first, so that a
    /// signal that comes between the two finds the file listed; the name is taken off the journal
    /// again when the file cannot be made.
    private func create(_ name: String) throws(BlobFolderError) -> Int32 {
        var info = stat()
        if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 { throw .fileExists(folder: path, name: name) }
        let line = Array((name + "\n").utf8)
        let listed = line.withUnsafeBytes { Self.writeAll($0, to: journal) }
        guard listed == 0 else {
            unlistLastName()
            throw .cannotWrite(
                folder: path, name: name, reason: "cannot note it for cleanup: " + Self.message(listed))
        }
        let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            // The name is not this run's file: a cleanup must not remove it.
            unlistLastName()
            if code == EEXIST { throw .fileExists(folder: path, name: name) }
            throw .cannotWrite(folder: path, name: name, reason: Self.message(code))
        }
        journalLength += line.count
        count += 1
        return descriptor
    }

    /// Cuts the journal back to the names of the files made, dropping a line written after them.
    private func unlistLastName() {
        _ = ftruncate(journal, off_t(journalLength))
        _ = lseek(journal, off_t(journalLength), SEEK_SET)
    }

    private func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, name: String) throws(BlobFolderError) {
        let code = Self.writeAll(bytes, to: descriptor)
        guard code == 0 else { throw .cannotWrite(folder: path, name: name, reason: Self.message(code)) }
    }

    /// Writes all of `bytes` to `descriptor`; 0, or the `errno` of the write that failed.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var written = 0
        while written < bytes.count {
            let result = writeBytes(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return result < 0 ? errno : ENOSPC }
            written += result
        }
        return 0
    }

    /// An unnamed temporary file in `TMPDIR` (or `/tmp`), open for reading and writing; `nil`
    /// when none can be made.
    private static func makeJournal() -> Int32? {
        let variable = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        var template = Array(((variable.isEmpty ? "/tmp" : variable) + "/graphexport-blobs.XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { return nil }
        unlink(template)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
    }

    /// The path of the folder `target` from the folder `base` (both absolute, resolved), with a
    /// final `/`, or empty when they are the same: `../` for each folder of `base` below what
    /// they share, then the rest of `target`.
    package static func relativePath(from base: String, to target: String) -> String {
        let from = base.split(separator: "/")
        let to = target.split(separator: "/")
        var shared = 0
        while shared < min(from.count, to.count) && from[shared] == to[shared] { shared += 1 }
        let parts = Array(repeating: "..", count: from.count - shared) + to[shared...].map(String.init)
        return parts.map { $0 + "/" }.joined()
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// The system's `write`, which the methods of ``BlobFolder`` named `write` hide.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
