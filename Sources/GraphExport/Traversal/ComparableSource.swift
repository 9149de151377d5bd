/// A source whose objects can be matched, one by one, with those of another copy of it (a backup
/// and today's store, for `graphexport diff`): it says what identifies an object of each entity,
/// and reads an entity's objects in the order of any of its attributes.
///
/// A source that is not one is matched by ``ObjectKey/row``, read in ``GraphSource/scan(_:)``'s
/// order, which must then be increasing rows.
public protocol ComparableSource: GraphSource {
    /// What identifies an object of the concrete entity `entity` in every copy of the source: `[]`
    /// for its ``ObjectKey/row`` (a Core Data `Z_PK`, a table's `INTEGER PRIMARY KEY` or rowid),
    /// read in increasing order by ``GraphSource/scan(_:)``; or the values of these attributes
    /// (indexes into ``GraphModel/attributes(of:)``, a declared primary key whose values the rows
    /// are not numbered by), from which ``GraphSource/id(of:)`` is made; or `nil` when nothing
    /// does (a view's rows).
    ///
    /// ``GraphSource/id(of:)`` of an object identified by its row (`[]`) reads nothing that reading
    /// the source changes: a diff may ask for it on one thread while another reads the source.
    func identifyingAttributes(of entity: Int) -> [Int]?

    /// The objects of the concrete entity `entity` in the order of the values of `attributes`
    /// (indexes into ``GraphModel/attributes(of:)``), then of their rows: SQLite's order of the
    /// stored values, `NULL` first, then numbers, then text by its bytes (whatever collation a
    /// column declares), then bytes.
    func scan(_ entity: Int, orderedBy attributes: [Int]) throws -> any ObjectCursor
}
