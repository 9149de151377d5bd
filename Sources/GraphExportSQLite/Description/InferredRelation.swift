public import GraphExport

/// A foreign key guessed rather than declared, for the report: one that `--infer-relations` guessed
/// from a column's name in a plain database, or a to-one of a Core Data store's inferred model
/// whose destination neither its name nor Core Data's `Z<n>_` column tells.
///
/// Each guess is said once, when the source is opened, by ``warning(path:guesser:)``, and listed
/// in the source's description (`graphexport inspect`).
public struct InferredRelation: Sendable, Hashable, CustomStringConvertible {
    /// The table holding the column (`Track`).
    public let table: String
    /// The column taken as a foreign key (`AlbumId`).
    public let column: String
    /// The table it is taken to point at (`Album`).
    public let referencedTable: String
    /// That table's primary-key column (`AlbumId`).
    public let referencedColumn: String
    /// Core Data: the entity it is taken to point at, one of those stored in ``referencedTable``;
    /// `nil` for a plain database, whose tables are its entities.
    public let referencedEntity: String?
    /// What the guess rests on, as a clause (`its values are keys of ICAccount only`); `nil` when
    /// the guesser's rule says it (`--infer-relations`: the column's name).
    public let evidence: String?

    /// Creates a report entry.
    public init(
        table: String, column: String, referencedTable: String, referencedColumn: String,
        referencedEntity: String? = nil, evidence: String? = nil
    ) {
        self.table = table
        self.column = column
        self.referencedTable = referencedTable
        self.referencedColumn = referencedColumn
        self.referencedEntity = referencedEntity
        self.evidence = evidence
    }

    /// `Track.AlbumId → Album.AlbumId`; for a Core Data store with the entity,
    /// `ZNOTE.ZOWNER → ZACCOUNT.Z_PK (Account)`.
    public var description: String {
        "\(table).\(column) → \(referencedTable).\(referencedColumn)" + (referencedEntity.map { " (\($0))" } ?? "")
    }

    /// The one warning that says the guess: `<path>: <guesser> guessed <description>`, its
    /// ``evidence`` as the detail. `guesser` names what guessed (`--infer-relations`).
    public func warning(path: String, guesser: String) -> Warning {
        Warning(ErrorMessage.about(path, "\(guesser) guessed \(self)"), detail: evidence)
    }
}
