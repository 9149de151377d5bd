/// A foreign key that `--infer-relations` guessed from a column's name, for the report.
public struct InferredRelation: Sendable, Hashable, CustomStringConvertible {
    /// The table holding the column (`Track`).
    public let table: String
    /// The column taken as a foreign key (`AlbumId`).
    public let column: String
    /// The table it is taken to point at (`Album`).
    public let referencedTable: String
    /// That table's primary-key column (`AlbumId`).
    public let referencedColumn: String

    /// Creates a report entry.
    public init(table: String, column: String, referencedTable: String, referencedColumn: String) {
        self.table = table
        self.column = column
        self.referencedTable = referencedTable
        self.referencedColumn = referencedColumn
    }

    /// `Track.AlbumId → Album.AlbumId`.
    public var description: String {
        "\(table).\(column) → \(referencedTable).\(referencedColumn)"
    }
}
