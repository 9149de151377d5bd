/// The type of an attribute, as Core Data names them; plain SQLite columns map onto the same set.
public enum AttributeType: String, Sendable, Hashable, CaseIterable {
    /// A 16-bit signed integer (`Integer 16`).
    case integer16 = "Integer 16"
    /// A 32-bit signed integer (`Integer 32`).
    case integer32 = "Integer 32"
    /// A 64-bit signed integer (`Integer 64`).
    case integer64 = "Integer 64"
    /// An exact decimal number (`Decimal`), written as exact decimal text.
    case decimal = "Decimal"
    /// A 64-bit binary floating-point number (`Double`).
    case double = "Double"
    /// A 32-bit binary floating-point number (`Float`); stored by SQLite as a 64-bit value.
    case float = "Float"
    /// Unicode text (`String`).
    case string = "String"
    /// A truth value (`Boolean`).
    case boolean = "Boolean"
    /// A point in time (`Date`), stored as seconds since 2001-01-01T00:00:00Z.
    case date = "Date"
    /// Raw bytes (`Binary`).
    case binary = "Binary"
    /// A 128-bit universally unique identifier (`UUID`).
    case uuid = "UUID"
    /// A uniform resource identifier (`URI`).
    case uri = "URI"
    /// A value stored through a value transformer (`Transformable`), kept as its bytes.
    case transformable = "Transformable"

    /// The type named by a Core Data model file's `attributeType`, or `nil` for a name that has no
    /// stored value (`Undefined`, `ObjectID`, `Composite`) or that this version does not know.
    public init?(modelName: String) {
        self.init(rawValue: modelName)
    }
}
