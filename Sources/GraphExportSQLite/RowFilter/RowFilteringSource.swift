public import GraphExport

/// A source whose objects can be chosen by an SQL condition on their rows (`--where`).
///
/// The condition runs on the source's read-only connection, as `WHERE (<expression>)` on the
/// entity's rows and nothing else, prepared first under an authorizer that allows reading only
/// (``ReadOnlyStatement``).
public protocol RowFilteringSource: GraphSource {
    /// The objects of the concrete entity `entity` whose rows satisfy `expression`, in key order.
    /// Names in `expression` are the columns of the entity's table; a Core Data store also takes
    /// the model's names of `root`'s attributes and to-one relationships (`root` is `entity` or
    /// an entity it inherits from: the one the objects are chosen from).
    ///
    /// Throws ``RowFilterError`` for an expression SQLite does not accept or that does more than
    /// read, and for an entity whose rows SQL cannot reach (a view).
    func keys(of entity: Int, where expression: String, namesOf root: Int) throws -> [ObjectKey]
}
