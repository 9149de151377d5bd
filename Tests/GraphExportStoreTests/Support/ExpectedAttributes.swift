import GraphExport

/// Short forms for the attributes of expected models.
extension AttributeInfo {
    /// An attribute that may be nil.
    static func optional(_ name: String, _ type: AttributeType) -> AttributeInfo {
        AttributeInfo(name: name, type: type)
    }

    /// An attribute that must have a value.
    static func required(_ name: String, _ type: AttributeType) -> AttributeInfo {
        AttributeInfo(name: name, type: type, isOptional: false)
    }
}
