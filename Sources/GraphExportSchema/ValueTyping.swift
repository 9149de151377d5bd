/// How a schema types the values of attributes.
public enum ValueTyping: Sendable, Hashable, CaseIterable {
    /// By each attribute's declared type, as a Core Data store's values are: the store reader
    /// decodes a value by its attribute's type. A value that does not fit is exported as stored,
    /// with a warning, and does not validate.
    case declared
    /// By SQLite's storage classes, as a plain SQLite database's values are: a column of an
    /// ordinary table holds a value of any class whatever its declared type, and the reader writes
    /// what is stored (an integer, a real, text, or a blob as base64).
    case storageClass
}
