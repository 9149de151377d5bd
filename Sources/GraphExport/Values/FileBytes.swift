#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a file, as a value (``Value/binaryFile(_:)``): read in chunks while a writer
/// writes them, never whole, so that memory stays flat whatever their size.
///
/// **Made** from a regular file, opened by its name inside its folder without following a symbolic
/// link and without blocking (a FIFO is refused before anything waits for it), and checked with
/// `fstat`: its device, inode and size are kept, and the file is closed again. The folder stays
/// open for as long as a value made in it exists, so renaming or replacing the folder changes
/// nothing.
///
/// **Read** by ``forEachChunk(_:)`` and ``forEachBase64Chunk(_:)``, as often as needed: each read
/// opens the file again by its name inside the kept folder, the same way, checks that it is still
/// the file that was checked, at the same size, and reads ``count`` bytes with `pread` in chunks
/// of ``chunkLength`` bytes. A file that was replaced or changed size, a read the system refuses
/// and a file that ends early throw ``FileValueError``, naming the file and ``owner``. A value
/// holds no open file, only its folder: any number of values may wait in memory.
///
/// **Equality**: two values are equal when they were made from the same file (device and inode)
/// at the same size; contents are never compared, and a file value never equals a
/// ``Value/binary(_:)`` value.
public struct FileBytes: Sendable, Hashable, CustomStringConvertible {
    /// An open folder, closed when the last value made in it and its maker are gone.
    package final class Folder: Sendable {
        /// The folder's descriptor, opened by the maker.
        package let descriptor: Int32
        /// The folder's path, ending with `/`, for messages.
        package let path: String

        /// Takes over `descriptor`, an open folder at `path` (with or without a final `/`).
        package init(adopting descriptor: Int32, path: String) {
            self.descriptor = descriptor
            self.path = path.hasSuffix("/") ? path : path + "/"
        }

        deinit {
            close(descriptor)
        }
    }

    /// The length of the chunks the bytes are read in: 48 KiB, a multiple of 3, so that the
    /// base64 of the chunks, one after the other, is the base64 of the whole (64 KiB of text per
    /// chunk).
    public static let chunkLength = 3 << 14

    /// The number of bytes: the file's size when it was checked.
    public let count: Int
    /// What the bytes are the value of, for messages (`Photo p8 image`), if the maker said.
    public let owner: String?
    private let folder: Folder
    private let name: String
    private let device: UInt64
    private let inode: UInt64

    /// The bytes of the regular file at `path`, whose last component is never followed if it is
    /// a symbolic link (the folders before it are); `owner` says, in messages, what the bytes are
    /// the value of.
    ///
    /// Throws ``FileValueError`` when there is no such file, when it is a symbolic link or not a
    /// regular file, or when it cannot be opened.
    public init(path: String, owner: String? = nil) throws(FileValueError) {
        let slash = path.lastIndex(of: "/")
        let folderPath = slash.map { String(path[...$0]) } ?? "./"
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != ".." else {
            throw .notRegularFile(path: path, kind: "a folder")
        }
        let descriptor = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .missing(path: path) }
            throw .unreadable(path: path, owner: owner, reason: Self.message(code))
        }
        try self.init(name: name, in: Folder(adopting: descriptor, path: slash == nil ? "" : folderPath), owner: owner)
    }

    /// The bytes of the regular file `name` (no `/`) inside `folder`, opened and checked as the
    /// type's documentation says.
    package init(name: String, in folder: Folder, owner: String?) throws(FileValueError) {
        let (descriptor, info) = try Self.openRegularFile(name, in: folder, owner: owner)
        close(descriptor)
        self.folder = folder
        self.name = name
        self.owner = owner
        count = Int(info.st_size)
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }

    /// The file's path, for messages.
    public var path: String { folder.path + name }

    /// `<count> bytes in <path>`.
    public var description: String { "\(count) bytes in \(path)" }

    /// Reads the bytes from the start and hands them to `body` in chunks of ``chunkLength``
    /// bytes, the last one shorter (none for an empty file); the buffer is reused, valid only
    /// during the call.
    ///
    /// Throws ``FileValueError`` when the file is no longer the one checked or cannot be read in
    /// full, and what `body` throws.
    public func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let descriptor = try reopen()
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkLength, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < count {
            let chunk = try read(descriptor, at: offset, into: buffer)
            try body(chunk)
            offset += chunk.count
        }
    }

    /// Whether `other` holds the same bytes: a value made from the same file at the same size
    /// does without reading; otherwise both files are read side by side, in chunks of
    /// ``chunkLength`` bytes, up to the first that differs.
    ///
    /// Throws as ``forEachChunk(_:)`` does, for either file.
    package func hasSameBytes(as other: FileBytes) throws -> Bool {
        if self == other { return true }
        guard count == other.count else { return false }
        let mine = try reopen()
        defer { close(mine) }
        let theirs = try other.reopen()
        defer { close(theirs) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * Self.chunkLength, alignment: 16)
        defer { buffer.deallocate() }
        let (first, second) = (buffer[..<Self.chunkLength], buffer[Self.chunkLength...])
        var offset = 0
        while offset < count {
            let left = try read(mine, at: offset, into: UnsafeMutableRawBufferPointer(rebasing: first))
            let right = try other.read(theirs, at: offset, into: UnsafeMutableRawBufferPointer(rebasing: second))
            guard left.count == right.count, memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 else {
                return false
            }
            offset += left.count
        }
        return true
    }

    /// Reads the chunk at `offset` (``chunkLength`` bytes, fewer at the end) of the open file
    /// into the start of `buffer`, and returns that part of it.
    private func read(
        _ descriptor: Int32, at offset: Int, into buffer: UnsafeMutableRawBufferPointer
    ) throws(FileValueError) -> UnsafeRawBufferPointer {
        let wanted = min(Self.chunkLength, count - offset)
        var filled = 0
        while filled < wanted {
            let read = pread(descriptor, buffer.baseAddress! + filled, wanted - filled, off_t(offset + filled))
            if read < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .unreadable(path: path, owner: owner, reason: Self.message(code))
            }
            if read == 0 { throw .endedEarly(path: path, owner: owner, read: offset + filled, count: count) }
            filled += read
        }
        return UnsafeRawBufferPointer(rebasing: buffer[..<wanted])
    }

    /// Hands `body` the base64 text of the bytes (RFC 4648 §4, padded), in pieces of at most 64 KiB whose
    /// concatenation is the text of the whole; an empty file gives one empty piece, so that a
    /// writer that starts an element's content with the first piece writes empty bytes as it
    /// writes them from memory. The buffer is reused, valid only during the call.
    ///
    /// Throws as ``forEachChunk(_:)`` does.
    public func forEachBase64Chunk(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let text = UnsafeMutablePointer<UInt32>.allocate(capacity: Base64.encodedCount(Self.chunkLength) / 4)
        defer { text.deallocate() }
        try forEachChunk { chunk in
            try body(UnsafeRawBufferPointer(start: text, count: Base64.write(chunk, to: text)))
        }
        if count == 0 { try body(UnsafeRawBufferPointer(start: text, count: 0)) }
    }

    /// All the bytes, in memory: for a writer that cannot write them in pieces.
    ///
    /// Throws as ``forEachChunk(_:)`` does.
    public func readAll() throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        try forEachChunk { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Equal when made from the same file at the same size.
    public static func == (left: FileBytes, right: FileBytes) -> Bool {
        left.device == right.device && left.inode == right.inode && left.count == right.count
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(device)
        hasher.combine(inode)
        hasher.combine(count)
    }

    /// Opens the file again and checks that it is the one this value was made from: a name that
    /// is now missing, a link or no regular file is a file that changed too.
    private func reopen() throws(FileValueError) -> Int32 {
        let opened: OpenFile
        do {
            opened = try Self.openRegularFile(name, in: folder, owner: owner)
        } catch {
            if case .unreadable = error { throw error }
            throw .changed(path: path, owner: owner, count: count)
        }
        let (descriptor, info) = opened
        guard UInt64(truncatingIfNeeded: info.st_dev) == device, UInt64(truncatingIfNeeded: info.st_ino) == inode,
            Int(info.st_size) == count
        else {
            close(descriptor)
            throw .changed(path: path, owner: owner, count: count)
        }
        return descriptor
    }

    /// An open file's descriptor, which the caller closes, and what `fstat` said of it.
    private typealias OpenFile = (descriptor: Int32, info: stat)

    /// Opens `name` inside `folder`, read-only, never through a symbolic link, without blocking,
    /// and checks that it is a regular file.
    private static func openRegularFile(_ name: String, in folder: Folder, owner: String?) throws(FileValueError)
        -> OpenFile
    {
        let path = folder.path + name
        let descriptor = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw .missing(path: path)
            case ELOOP: throw .symbolicLink(path: path)
            default: throw .unreadable(path: path, owner: owner, reason: message(code))
            }
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw .unreadable(path: path, owner: owner, reason: message(code))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notRegularFile(path: path, kind: kind(info.st_mode))
        }
        return (descriptor, info)
    }

    /// A phrase for a file type that is not a regular file: `a FIFO`, `a folder`.
    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
