/// One field a source adds to an export's header (``DocumentInfo/sourceFields``): a Core Data
/// store's `storeUUID`, say. Writers write it as they write the core's own fields, its key as the
/// name and its value as text.
public struct DocumentField: Sendable, Hashable {
    /// The field's name in the header (`storeUUID`): not empty, and none of
    /// ``DocumentInfo/coreKeys``.
    public var key: String
    /// The field's text.
    public var value: String

    /// Creates a field.
    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
