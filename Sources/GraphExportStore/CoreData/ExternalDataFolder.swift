import GraphExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The side files of Binary attributes that allow external storage (`coredata-format.md` §1.7).
///
/// Such a value starts with a marker byte: `0x01` and the bytes themselves, or `0x02`, a file name
/// and `0x00`, the bytes then living in `.<store name>_SUPPORT/_EXTERNAL_DATA/<file name>` beside
/// the store (the store name without its extension).
///
/// Nothing outside that folder is ever read. The two folders are opened one below the other from
/// the store's folder without following a symbolic link (a link there, even one that stays inside
/// the store's folder, is refused), and each file by name inside the open folder with
/// `O_NOFOLLOW | O_NONBLOCK`, then checked with `fstat` to be a regular file of at most
/// ``sizeLimit`` bytes. A link, a FIFO, a device, a folder, a larger file or a file that cannot be
/// read is a warning naming the object and the file, and the value is null; so is a missing file.
final class ExternalDataFolder {
    /// The largest side file read (256 MiB): one value is held in memory whole, so a larger one
    /// is written as null, with a warning.
    static let sizeLimit = 256 << 20

    /// `…/.<store name>_SUPPORT/_EXTERNAL_DATA/`, for messages.
    let path: String
    /// The folder the store is in (`.` for a bare file name).
    private let storeFolder: String
    /// `.<store name>_SUPPORT`, inside ``storeFolder``.
    private let supportName: String
    /// The folder of the side files, inside ``supportName``.
    private static let externalName = "_EXTERNAL_DATA"
    /// The open `_EXTERNAL_DATA` folder, or why it cannot be used; opened on first use.
    private var folder: Result<Int32, Refusal>?

    init(storePath: String) {
        let slash = storePath.lastIndex(of: "/")
        let folder = slash.map { String(storePath[...$0]) } ?? ""
        var name = slash.map { String(storePath[storePath.index(after: $0)...]) } ?? storePath
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        storeFolder = folder.isEmpty ? "." : folder
        supportName = "." + name + "_SUPPORT"
        path = folder + supportName + "/" + Self.externalName + "/"
    }

    deinit {
        if case .success(let descriptor) = folder { close(descriptor) }
    }

    /// The value's bytes: inline ones without their marker, external ones read from their file.
    /// Bytes without a marker are returned as they are; a reference that names no file is kept
    /// as stored, with a warning; a side file that cannot be read is a warning and null.
    func resolve(_ stored: [UInt8], context: @autoclosure () -> String, onWarning: WarningHandler) -> Value {
        switch stored.first {
        case 0x01:
            return .binary(Array(stored.dropFirst()))
        case 0x02:
            guard let end = stored.lastIndex(of: 0), end > 1,
                let name = String(validating: stored[1..<end], as: UTF8.self),
                !name.contains("/"), !name.contains("\0"), name != ".", name != ".."
            else {
                onWarning(
                    Warning(
                        "\(context()): the external-storage reference names no file in \(path); "
                            + "written as the stored bytes"))
                return .binary(stored)
            }
            switch contents(of: name) {
            case .success(let bytes):
                return .binary(bytes)
            case .failure(let refusal):
                onWarning(Warning("\(context()): external data file \(path + name) \(refusal); written as null"))
                return .null
            }
        default:
            return .binary(stored)
        }
    }

    /// Why a side file is not read; each completes "external data file <path> …".
    private enum Refusal: Error, CustomStringConvertible {
        case missing
        case symbolicLink
        case notRegular(kind: String)
        case tooLarge(size: Int64)
        case unreadable(reason: String)
        case folderRefused(folder: String, reason: String)

        var description: String {
            switch self {
            case .missing: "is missing"
            case .symbolicLink: "is a symbolic link, which is never followed"
            case .notRegular(let kind): "is \(kind), not a regular file"
            case .tooLarge(let size):
                "is \(size) bytes, more than the \(ExternalDataFolder.sizeLimit)-byte limit for one value"
            case .unreadable(let reason): "cannot be read (\(reason))"
            case .folderRefused(let folder, let reason): "is not read: \(folder) \(reason)"
            }
        }
    }

    /// The bytes of the side file `name`, read through the open folder.
    private func contents(of name: String) -> Result<[UInt8], Refusal> {
        let folder: Int32
        switch self.folder ?? openFolder() {
        case .success(let descriptor): folder = descriptor
        case .failure(let refusal): return .failure(refusal)
        }
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT: return .failure(.missing)
            case ELOOP: return .failure(.symbolicLink)
            default: return .failure(.unreadable(reason: Self.message(code)))
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(reason: Self.message(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular(kind: Self.kind(info.st_mode))) }
        guard info.st_size <= Self.sizeLimit else { return .failure(.tooLarge(size: Int64(info.st_size))) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(.unreadable(reason: Self.message(errno))) }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return .success(bytes)
    }

    /// Opens the folder on first use and remembers the outcome.
    private func openFolder() -> Result<Int32, Refusal> {
        let outcome = Self.openedFolder(supportName, in: storeFolder)
        folder = outcome
        return outcome
    }

    /// Opens `<store folder>/<support>/_EXTERNAL_DATA`, the last two neither through a symbolic
    /// link.
    private static func openedFolder(_ support: String, in storeFolder: String) -> Result<Int32, Refusal> {
        let store = open(storeFolder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard store >= 0 else {
            return .failure(.folderRefused(folder: storeFolder, reason: "cannot be opened (\(message(errno)))"))
        }
        defer { close(store) }
        return openedSubfolder(support, in: store, label: support).flatMap { supportFolder in
            defer { close(supportFolder) }
            return openedSubfolder(externalName, in: supportFolder, label: support + "/" + externalName)
        }
    }

    /// Opens the folder `name` inside `parent`, refusing a symbolic link; `label` names it in
    /// messages.
    private static func openedSubfolder(_ name: String, in parent: Int32, label: String) -> Result<Int32, Refusal> {
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor >= 0 { return .success(descriptor) }
        let code = errno
        if code == ENOENT { return .failure(.missing) }
        var info = stat()
        if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
            return .failure(.folderRefused(folder: label, reason: "is a symbolic link, which is never followed"))
        }
        return .failure(.folderRefused(folder: label, reason: "cannot be opened as a folder (\(message(code)))"))
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
