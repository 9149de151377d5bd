#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parts of a path as text, and the path the system resolves it to: for the output's and the
/// blob folder's checks.
package enum PathText {
    /// The folder part of `path`, with its final `/`; `""` for a bare name.
    package static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    }

    /// The last component of `path`.
    package static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The path with every link and `.`/`..` resolved (`""` is the working folder), or `nil` when
    /// it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path.isEmpty ? "." : path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
