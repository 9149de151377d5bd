/// Something an export did not stop for but that its user should know: a dangling reference, a
/// value a format could not hold as such, a missing side file.
public struct Warning: Sendable, Hashable, CustomStringConvertible {
    /// One sentence naming the file, the entity or the object concerned.
    public let message: String

    /// Creates a warning with its message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// Where warnings go: the command line prints them to standard error, tests collect them.
public typealias WarningHandler = (Warning) -> Void
