import Glibc

extension ModelFile {
    /// The few file system questions the model loader asks, answered with `stat(2)`, `opendir(3)`
    /// and `read(2)`.
    package enum FileSystem {
        /// What a path names.
        enum Kind {
            case missing
            case directory
            case file
            case other
        }

        /// What `path` names, following symbolic links.
        static func kind(of path: String) -> Kind {
            var info = stat()
            guard stat(path, &info) == 0 else { return .missing }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .directory
            case S_IFREG: return .file
            default: return .other
            }
        }

        /// The names in a directory, without `.` and `..`, in no particular order.
        package static func entries(of path: String) throws -> [String] {
            guard let directory = opendir(path) else {
                throw error(errno, path: path)
            }
            defer { closedir(directory) }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
                if name != "." && name != ".." { names.append(name) }
            }
            return names
        }

        /// The whole content of a regular file.
        static func contents(of path: String) throws -> [UInt8] {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw error(errno, path: path) }
            defer { close(descriptor) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes {
                    read(descriptor, $0.baseAddress, $0.count)
                }
                if count < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    throw error(code, path: path)
                }
                if count == 0 { return bytes }
                bytes.append(contentsOf: chunk[..<count])
            }
        }

        /// `directory` and `name` joined with one slash.
        static func join(_ directory: String, _ name: String) -> String {
            directory.hasSuffix("/") ? directory + name : directory + "/" + name
        }

        /// The last component of a path, ignoring trailing slashes.
        static func lastComponent(of path: String) -> String {
            let trimmed = withoutTrailingSlashes(path)
            return String(trimmed.split(separator: "/").last ?? trimmed)
        }

        /// The path without its last component, or `nil` for a single component.
        static func parent(of path: String) -> String? {
            let trimmed = withoutTrailingSlashes(path)
            guard let slash = trimmed.lastIndex(of: "/") else { return nil }
            return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        }

        private static func withoutTrailingSlashes(_ path: String) -> Substring {
            var trimmed = Substring(path)
            while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
            return trimmed
        }

        private static func error(_ code: Int32, path: String) -> ModelFileError {
            if code == ENOENT { return .notFound(path: path) }
            return .unreadable(path: path, reason: String(cString: strerror(code)))
        }
    }
}
