/// Why the SQL format could not write its script.
public enum SQLWriterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A join table's rows could not be kept in a temporary file in `directory`.
    case temporaryFileFailed(directory: String, reason: String)

    /// One sentence that names what failed.
    public var description: String {
        switch self {
        case .temporaryFileFailed(let directory, let reason):
            "cannot keep a join table's rows in a temporary file in \(directory): \(reason); set TMPDIR to a "
                + "folder with room"
        }
    }
}
