/// Why the bytes of a file cannot be a value, or could not be read while they were written. The
/// first three cases and ``unreadable(path:owner:reason:)`` come from making a ``FileBytes``, the
/// last three from reading one, in the middle of an export: those name what the bytes are the value
/// of, when the maker said. A command exits with ``ExitStatus/failure``.
public enum FileValueError: ExitStatusError, Sendable, Hashable {
    /// No file has that name.
    case missing(path: String)
    /// The name is a symbolic link, which is never followed.
    case symbolicLink(path: String)
    /// The name is something else than a regular file: `kind` says what (`a FIFO`, `a folder`,
    /// `a device`, `a socket`).
    case notRegularFile(path: String, kind: String)
    /// The system refused to open, inspect or read the file, with its explanation.
    case unreadable(path: String, owner: String?, reason: String)
    /// The file is no longer the one checked when the value was made: another file, a link or
    /// nothing at all took its name, or its size changed.
    case changed(path: String, owner: String?, count: Int)
    /// The file ended before the size it had when it was checked: it was cut short while it was
    /// read.
    case endedEarly(path: String, owner: String?, read: Int, count: Int)

    /// A sentence naming the file, and what its bytes are the value of when that is known.
    public var description: String {
        switch self {
        case .missing(let path):
            return "the file \(path) is missing"
        case .symbolicLink(let path):
            return "the file \(path) is a symbolic link, which is never followed: name the file it points to"
        case .notRegularFile(let path, let kind):
            return "the file \(path) is \(kind), not a regular file"
        case .unreadable(let path, let owner, let reason):
            return "\(Self.subject(path, owner)) cannot be read (\(reason))"
        case .changed(let path, let owner, let count):
            return "\(Self.subject(path, owner)) changed while it was exported: it is no longer the \(count)-byte "
                + "file that was checked; export again once nothing writes to it"
        case .endedEarly(let path, let owner, let read, let count):
            return "\(Self.subject(path, owner)) ended after \(read) of its \(count) bytes while it was exported: "
                + "it was cut short; export again once nothing writes to it"
        }
    }

    /// `the file <path>`, and what its bytes are the value of when that is known.
    private static func subject(_ path: String, _ owner: String?) -> String {
        "the file \(path)" + (owner.map { ", the value of \($0)," } ?? "")
    }
}
