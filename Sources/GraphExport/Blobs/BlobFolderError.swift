/// The folder of `--blobs` cannot be used, or a value's file cannot be written in it; a command exits
/// with ``ExitStatus/failure``.
public enum BlobFolderError: ExitStatusError, Sendable, Hashable {
    /// The folder does not exist and cannot be made (its parent is missing, not writable, …).
    case cannotCreate(path: String, reason: String)
    /// Something other than a folder is at the path.
    case notAFolder(path: String)
    /// The folder cannot be opened or searched.
    case cannotOpen(path: String, reason: String)
    /// A file of that name is already in the folder; nothing is ever replaced there.
    case fileExists(folder: String, name: String)
    /// Writing a value's file failed.
    case cannotWrite(folder: String, name: String, reason: String)
    /// The folder is one the export reads, or inside one (the store's folder, its external data).
    case isInput(path: String, what: String)

    /// `--blobs <folder>: …`: a sentence saying what to do.
    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason):
            return Self.blobs(path, "cannot make the folder (\(reason)); its parent folder must exist")
        case .notAFolder(let path):
            return Self.blobs(path, "is not a folder")
        case .cannotOpen(let path, let reason):
            return Self.blobs(path, "cannot open the folder (\(reason))")
        case .fileExists(let folder, let name):
            return Self.blobs(
                folder,
                "\(name) is there already, and --blobs never replaces a file: give an empty or new folder, "
                    + "or remove the files of an earlier export")
        case .cannotWrite(let folder, let name, let reason):
            return Self.blobs(folder, "cannot write \(name) (\(reason))")
        case .isInput(let path, let what):
            return Self.blobs(path, "is \(what), which the export reads; give a folder of its own")
        }
    }

    /// `--blobs <folder>: <explanation>`.
    private static func blobs(_ folder: String, _ explanation: String) -> String {
        ErrorMessage.option("--blobs", folder, explanation)
    }
}
