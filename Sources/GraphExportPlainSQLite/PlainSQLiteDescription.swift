public import GraphExportSQLite

/// What a plain SQLite database tells of itself beside the ``GraphExportSQLite/StoreDescription``
/// every reader gives: each attribute's column (its declared type, and how its values are typed),
/// and the tables read as many-to-many relationships. `graphexport inspect` prints it with the
/// description.
public struct PlainSQLiteDescription: Sendable, Hashable {
    /// The column of each attribute, by the name of its entity, then its own name.
    public var columns: [String: [String: Column]]
    /// The tables read as many-to-many relationships rather than as entities, in schema order.
    public var linkTables: [LinkTable]

    /// One attribute's column.
    public struct Column: Sendable, Hashable {
        /// The column's declared type (`NVARCHAR(160)`), empty when none is declared.
        public var declaredType: String
        /// How the column's values are typed.
        public var typing: PlainColumnTyping
    }

    /// A table whose rows are the pairs of a many-to-many relationship.
    public struct LinkTable: Sendable, Hashable {
        /// The table's name.
        public var name: String
        /// The tables its two foreign keys point at, in key order.
        public var linkedTables: [String]
        /// The relationships it holds, as `Entity.relationship`.
        public var relationships: [String]
    }

    /// The column `attribute` is read from; `nil` for an attribute a value decoder adds.
    public func column(of attribute: StoreDescription.Attribute) -> Column? {
        attribute.decoder == nil ? columns[attribute.declaredBy]?[attribute.info.name] : nil
    }
}
