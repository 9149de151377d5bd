import GraphExport
import GraphExportCoreData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files an export of a store reads, so that an output path can be checked against every one
/// of them before anything is written.
///
/// They are the store, its SQLite side files (`-wal`, `-shm`, `-journal`), every file of the model
/// (all the files below it when it is a folder) and the store's external data files
/// (``ExternalDataFolder``). Only the files that exist count.
package struct ExportInputs: Sendable {
    /// What an input file is to the export, in words for a message (`the store's write-ahead log`).
    package enum Role: String, Sendable, Hashable, CustomStringConvertible {
        /// The store file.
        case store = "the store"
        /// The store's `-wal`, which may hold rows the store does not yet.
        case writeAheadLog = "the store's write-ahead log"
        /// The store's `-shm`.
        case sharedMemory = "the store's shared-memory index"
        /// The store's `-journal`.
        case rollbackJournal = "the store's rollback journal"
        /// A file of `--model`.
        case model = "the model file"
        /// A file of the store's external data folder.
        case externalData = "the external data file"

        /// The words for a message.
        package var description: String { rawValue }
    }

    /// One input file.
    package struct File: Sendable, Hashable {
        /// The path it is read at.
        package let path: String
        /// What it is to the export.
        package let role: Role
    }

    /// The store's path.
    package let storePath: String
    /// The model's path (`--model`), if one is given.
    package let modelPath: String?

    /// The inputs of an export of the store at `storePath` with the model at `modelPath`.
    package init(storePath: String, modelPath: String?) {
        self.storePath = storePath
        self.modelPath = modelPath
    }

    /// The input that is the same file as `path` (the same device and inode once links are
    /// followed, so a hard link or a symbolic link to an input is caught), or `nil`: always `nil`
    /// when nothing exists at `path`.
    package func file(sameAs path: String) -> File? {
        guard let output = Self.identity(of: path) else { return nil }
        var found: File?
        forEachFile { file in
            if Self.identity(of: file.path) == output { found = file }
            return found == nil
        }
        return found
    }

    /// What the folder at `path` is to the export when it is the store's folder, the store's
    /// support folder (`.<store name>_SUPPORT`, which holds its external data) or a folder inside
    /// it, or the model's folder or one inside it: in words for a message (`the store's folder`);
    /// else `nil`. A folder not made yet is judged by where it would be made, so `path` may name
    /// `_EXTERNAL_DATA` of a store that has none yet.
    package func folderRole(of path: String) -> String? {
        guard let target = Self.resolvedFolder(path) else { return nil }
        let storeFolder = Self.resolvedFolder(PathText.folder(of: storePath)) ?? ""
        if target == storeFolder { return "the store's folder" }
        let inside = { (folder: String?) in folder.map { target == $0 || target.hasPrefix($0 + "/") } ?? false }
        let support = ExternalDataFolder(storePath: storePath).supportPath
        if inside(Self.resolvedFolder(support)) { return "the store's support folder, which holds its external data" }
        var info = stat()
        if let modelPath, stat(modelPath, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
            inside(Self.resolvedFolder(modelPath))
        {
            return "the model's folder"
        }
        return nil
    }

    /// `path` with its links and `.`/`..` resolved, or, when it does not exist, its resolved
    /// parent and its last component; `nil` when neither exists.
    private static func resolvedFolder(_ path: String) -> String? {
        if let resolved = PathText.realPath(path) { return resolved }
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        let name = PathText.name(of: String(trimmed))
        guard name != ".", name != "..", let parent = PathText.realPath(PathText.folder(of: String(trimmed))) else {
            return nil
        }
        return (parent == "/" ? "" : parent) + "/" + name
    }

    /// Calls `body` with every input until it returns `false`.
    private func forEachFile(_ body: (File) -> Bool) {
        let sides: [(String, Role)] = [
            ("", .store), ("-wal", .writeAheadLog), ("-shm", .sharedMemory), ("-journal", .rollbackJournal),
        ]
        for (suffix, role) in sides {
            guard body(File(path: storePath + suffix, role: role)) else { return }
        }
        if let modelPath {
            var visited: Set<Identity> = []
            guard Self.walk(modelPath, visited: &visited, { body(File(path: $0, role: .model)) }) else { return }
        }
        let external = ExternalDataFolder(storePath: storePath).path
        for name in Self.entries(of: external) {
            guard body(File(path: external + name, role: .externalData)) else { return }
        }
    }

    /// Calls `body` with `path` when it is a file, with every file below it when it is a folder
    /// (following links, each folder once); `false` once `body` returned `false`.
    private static func walk(_ path: String, visited: inout Set<Identity>, _ body: (String) -> Bool) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        guard info.st_mode & S_IFMT == S_IFDIR else { return body(path) }
        guard visited.insert(Identity(info)).inserted else { return true }
        let folder = path.hasSuffix("/") ? path : path + "/"
        for name in entries(of: folder) {
            guard walk(folder + name, visited: &visited, body) else { return false }
        }
        return true
    }

    /// The names in a folder, without `.` and `..`; none when it cannot be read.
    private static func entries(of folder: String) -> [String] {
        (try? ModelFile.FileSystem.entries(of: folder)) ?? []
    }

    /// A file's device and inode.
    private struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// The identity of the file at `path`, links followed; `nil` when there is none.
    private static func identity(of path: String) -> Identity? {
        var info = stat()
        return stat(path, &info) == 0 ? Identity(info) : nil
    }
}
