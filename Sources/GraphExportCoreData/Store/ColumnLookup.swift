import GraphExport
import GraphExportSQLite

/// One name looked for in one table of the store, and what was found.
struct ColumnLookup {
    /// The table looked in.
    let table: String
    /// The name looked for.
    let request: NameRequest
    /// What the table has for it.
    let match: NameMatch
    /// Whether the table exists at all.
    let tableExists: Bool

    /// The column found. A column chosen among several that fit adds a warning naming them all.
    ///
    /// - Throws: ``failure(for:path:present:)`` when nothing fits.
    func column(
        for property: String, path: String, present: [String]? = nil, warnings: inout [Warning]
    ) throws -> String {
        switch match {
        case .found(let name):
            return name
        case .chosen(let name, let candidates):
            warnings.append(
                Warning(
                    "\(path): \(table) has no column \(request.expected) for \(property), and "
                        + "\(candidates.joined(separator: ", ")) could each hold it; \(name) is read"))
            return name
        case .missing:
            throw failure(for: property, path: path, present: present)
        }
    }

    /// Why nothing fits: ``CoreDataError/missingTable(path:table:entity:)`` when the table does not
    /// exist, ``CoreDataError/unmatchedColumn(path:table:column:property:present:)`` when columns
    /// that could be meant are there (`present`, by default the free columns that start with the
    /// stem), else ``CoreDataError/missingColumn(path:table:column:property:)``.
    func failure(for property: String, path: String, present: [String]? = nil) -> CoreDataError {
        guard tableExists else { return .missingTable(path: path, table: table, entity: property) }
        var similar: [String] = []
        if case .missing(let free) = match { similar = free }
        let instead = present ?? similar
        guard instead.isEmpty else {
            return .unmatchedColumn(
                path: path, table: table, column: request.expected, property: property, present: instead)
        }
        return .missingColumn(path: path, table: table, column: request.expected, property: property)
    }
}
