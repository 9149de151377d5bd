/// The stable, unique identifier of an object in an export: what references point at.
///
/// For a Core Data store it is Core Data's own URI, `x-coredata://<store UUID>/<Entity>/p<Z_PK>`.
public struct ObjectID: Sendable, Hashable, CustomStringConvertible {
    /// The identifier's text.
    public let text: String

    /// Creates an identifier from its text.
    public init(_ text: String) {
        self.text = text
    }

    /// The identifier's text.
    public var description: String { text }
}
