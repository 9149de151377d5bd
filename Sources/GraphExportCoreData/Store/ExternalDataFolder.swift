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
/// `O_NOFOLLOW | O_NONBLOCK`, then checked with `fstat` to be a regular file. A link, a FIFO, a
/// device, a folder or a file that cannot be opened is a warning naming the object and the file,
/// and the value is null; so is a missing file. A regular file of any size becomes a
/// ``Value/binaryFile(_:)`` value, which writers stream in chunks (``FileBytes``): memory stays
/// flat whatever its size.
package final class ExternalDataFolder {
    /// `…/.<store name>_SUPPORT/_EXTERNAL_DATA/`, for messages.
    package let path: String
    /// `…/.<store name>_SUPPORT`, the folder Core Data keeps beside the store.
    package let supportPath: String
    /// The folder the store is in (`.` for a bare file name).
    private let storeFolder: String
    /// `.<store name>_SUPPORT`, inside ``storeFolder``.
    private let supportName: String
    /// The folder of the side files, inside ``supportName``.
    private static let externalName = "_EXTERNAL_DATA"
    /// The open `_EXTERNAL_DATA` folder, or why it cannot be used; opened on first use, and kept
    /// open by the values made in it.
    private var folder: Result<FileBytes.Folder, Refusal>?

    package init(storePath: String) {
        let slash = storePath.lastIndex(of: "/")
        let folder = slash.map { String(storePath[...$0]) } ?? ""
        var name = slash.map { String(storePath[storePath.index(after: $0)...]) } ?? storePath
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        storeFolder = folder.isEmpty ? "." : folder
        supportName = "." + name + "_SUPPORT"
        supportPath = folder + supportName
        path = supportPath + "/" + Self.externalName + "/"
    }

    /// The value's bytes: inline ones without their marker, external ones as their file (which
    /// writers read while they write it). Bytes without a marker are returned as they are; a
    /// reference that names no file is kept as stored, with a warning; a side file that cannot be
    /// read is a warning and null.
    func resolve(_ stored: [UInt8], context: @autoclosure () -> String, onWarning: WarningHandler) -> Value {
        switch stored.first {
        case Self.inlineMarker:
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
            switch file(named: name, owner: context()) {
            case .success(let file):
                return .binaryFile(file)
            case .failure(let refusal):
                onWarning(Warning("\(context()): external data file \(path + name) \(refusal); written as null"))
                return .null
            }
        default:
            return .binary(stored)
        }
    }

    /// The marker byte of a value stored inline, its bytes after it.
    private static let inlineMarker: UInt8 = 0x01

    /// The bytes of a value stored inline, without their marker, borrowed from `stored`; `nil` for
    /// a value stored in any other way, which ``resolve(_:context:onWarning:)`` reads. What a row
    /// hands on as it is, without a copy.
    static func inlineBytes(of stored: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        stored.first == inlineMarker ? UnsafeRawBufferPointer(rebasing: stored.dropFirst()) : nil
    }

    /// Why a side file is not read; each completes "external data file <path> …".
    private enum Refusal: Error, CustomStringConvertible {
        case missing
        case symbolicLink
        case notRegular(kind: String)
        case unreadable(reason: String)
        case folderRefused(folder: String, reason: String)

        var description: String {
            switch self {
            case .missing: "is missing"
            case .symbolicLink: "is a symbolic link, which is never followed"
            case .notRegular(let kind): "is \(kind), not a regular file"
            case .unreadable(let reason): "cannot be read (\(reason))"
            case .folderRefused(let folder, let reason): "is not read: \(folder) \(reason)"
            }
        }
    }

    /// The side file `name`, opened and checked through the open folder; `owner` names the object
    /// and attribute in the errors of a later read.
    private func file(named name: String, owner: String) -> Result<FileBytes, Refusal> {
        let folder: FileBytes.Folder
        switch self.folder ?? openFolder() {
        case .success(let opened): folder = opened
        case .failure(let refusal): return .failure(refusal)
        }
        do {
            return .success(try FileBytes(name: name, in: folder, owner: owner))
        } catch {
            switch error {
            case .missing: return .failure(.missing)
            case .symbolicLink: return .failure(.symbolicLink)
            case .notRegularFile(_, let kind): return .failure(.notRegular(kind: kind))
            case .unreadable(_, _, let reason): return .failure(.unreadable(reason: reason))
            default: return .failure(.unreadable(reason: error.description))
            }
        }
    }

    /// Opens the folder on first use and remembers the outcome.
    private func openFolder() -> Result<FileBytes.Folder, Refusal> {
        let outcome = Self.openedFolder(supportName, in: storeFolder).map { FileBytes.Folder(adopting: $0, path: path) }
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

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
