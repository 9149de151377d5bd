public import GraphExportPlainSQLite

/// How a schema types the values of attributes.
public enum ValueTyping: Sendable, Hashable {
    /// By each attribute's declared type, as a Core Data store's values are: the store reader
    /// decodes a value by its attribute's type. A value that does not fit is exported as stored,
    /// with a warning, and does not validate.
    case declared
    /// By each attribute's declared type, as ``declared``, except that a Transformable attribute's
    /// values may be anything: a Core Data store's Transformable values decoded into the structured
    /// values they hold (an array, a map, a string, a number, …), or their bytes where they are not
    /// decodable (the store reader's default; ``declared`` describes `--raw-values`).
    case decoded
    /// By SQLite's storage classes, as a plain SQLite database's values are with `--raw-values`: a
    /// column of an ordinary table holds a value of any class whatever its declared type, and the
    /// reader writes what is stored (an integer, a real, text, or a blob as base64).
    case storageClass
    /// By each column's typing, as a plain SQLite database's reader types them
    /// (`SQLiteDatabaseSource.columnTypings`): per entity, one ``GraphExportPlainSQLite/PlainColumnTyping`` per
    /// attribute of ``GraphExport/GraphModel/attributes(of:)``. A typed column's values are the typed
    /// values or, where a stored value does not fit, the value as stored (``storageClass``), so
    /// that every export validates; a stored column's are ``storageClass``'s.
    case columns([[PlainColumnTyping]])
}
