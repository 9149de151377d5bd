public import GraphExport

/// Collects the warnings a writer reports, for tests that check them.
///
/// Pass `{ log.warnings.append($0) }` as a writer's warning handler.
public final class WarningLog {
    /// Every warning reported, in order.
    public var warnings: [Warning] = []

    /// The message of each warning, in order.
    public var messages: [String] { warnings.map(\.message) }

    /// Creates an empty log.
    public init() {}
}
