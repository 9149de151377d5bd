/// A stored attribute of an entity: a named, typed value slot.
public struct AttributeInfo: Sendable, Hashable {
    /// The attribute's name as the model spells it (`createdAt`).
    public var name: String
    /// The attribute's declared type.
    public var type: AttributeType
    /// Whether the model allows the attribute to be null.
    public var isOptional: Bool

    /// Creates an attribute description.
    public init(name: String, type: AttributeType, isOptional: Bool = true) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
    }
}
