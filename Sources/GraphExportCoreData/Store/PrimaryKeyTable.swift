import GraphExportSQLite

/// The store's `Z_PRIMARYKEY`, read once and checked to agree with itself: every `Z_ENT` an
/// integer, every row named, no name and no number listed twice.
///
/// A table that contradicts itself is an error, never a guess: with a name listed twice, the rows
/// of one of its numbers would silently be nobody's objects.
struct PrimaryKeyTable {
    /// Numbers from here up are Core Data's persistent-history pseudo-entities (`CHANGE`,
    /// `TRANSACTION`, `TRANSACTIONSTRING`), which no model defines.
    static let firstHistoryNumber: Int64 = 16000

    /// The number of each entity below ``firstHistoryNumber``, by name.
    let numbers: [String: Int64]
    /// The name of every entity the table lists, by number.
    let names: [Int64: String]

    init(database: SQLiteDatabase) throws {
        let path = database.path
        let statement = try database.prepare("SELECT Z_ENT, Z_NAME FROM Z_PRIMARYKEY")
        var numbers: [String: Int64] = [:]
        var names: [Int64: String] = [:]
        while try statement.step() {
            guard statement.storage(at: 0) == .integer else {
                throw CoreDataError.nonIntegerKey(
                    path: path, table: "Z_PRIMARYKEY", column: "Z_ENT", value: statement.valueText(at: 0), rows: 1)
            }
            let number = statement.int64(at: 0)
            guard statement.storage(at: 1) == .text, let name = statement.text(at: 1), !name.isEmpty else {
                throw CoreDataError.malformedStore(
                    path: path, reason: "Z_PRIMARYKEY row Z_ENT \(number) has no entity name (Z_NAME)")
            }
            if let other = numbers[name] {
                throw CoreDataError.duplicateEntityName(path: path, name: name, numbers: [other, number].sorted())
            }
            if let other = names[number] {
                throw CoreDataError.duplicateEntityNumber(path: path, number: number, names: [other, name])
            }
            numbers[name] = number
            names[number] = name
        }
        self.numbers = numbers.filter { $0.value < Self.firstHistoryNumber }
        self.names = names
    }
}
