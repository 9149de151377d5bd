/// The formats a program offers, in the order it lists them.
public struct FormatRegistry: Sendable {
    /// Every registered format.
    public let formats: [ExportFormat]

    /// Creates a registry of `formats`.
    public init(_ formats: [ExportFormat]) {
        self.formats = formats
    }

    /// The format with this name or alias, in any case, if registered.
    public func format(named name: String) -> ExportFormat? {
        formats.first { $0.isNamed(name) }
    }

    /// The format whose file extension ends `path`, in any case, if any (`out.JSON` → json).
    public func format(forPath path: String) -> ExportFormat? {
        Self.fileExtension(of: path).flatMap { fileExtension in formats.first { $0.isNamed(byExtension: fileExtension) }
        }
    }

    /// The names of all formats, comma-separated, for help and error texts (`json, xml, yaml`).
    public var names: String {
        formats.map(\.name).joined(separator: ", ")
    }

    /// The extension of the last component of `path`, lowercased, without the dot; `nil` when it has none.
    public static func fileExtension(of path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return path[path.index(after: dot)...].lowercased()
    }
}
