import GraphExport
import GraphExportSQLite

/// The attribute type an inferred model gives a column (`docs/COREDATA.md`, "No model anywhere").
///
/// Core Data declares each attribute's column by its type: `INTEGER` (integers and Booleans),
/// `FLOAT` (Double, Float), `VARCHAR` (String, URI), `TIMESTAMP` (Date), `BLOB` (Binary,
/// Transformable, UUID), `DECIMAL`. When every stored value fits the declared type, the column
/// gets the type that writes each value as it is stored: `INTEGER` → Integer 64, `FLOAT` →
/// Double, `VARCHAR` → String, `TIMESTAMP` → Date, `BLOB` → Binary, `DECIMAL` → Decimal. A name
/// is never evidence: a `FLOAT` column named `date` stays a Double. Otherwise the stored values
/// decide: only integers → Integer 64, only reals → Double, both → Decimal (exact for either),
/// only text → String, only blobs → Binary, a mix with text or blobs → String (the others are
/// then written as stored, with a warning each); an empty column takes its affinity's type.
enum ColumnTyping {
    /// The type of a column declared `declaredType` whose non-null values have `storage`.
    static func type(declaredType: String, storage: StorageClasses) -> AttributeType {
        switch declaredType.uppercased() {
        case "TIMESTAMP" where storage.isSubset(of: [.integer, .real]): return .date
        case "INTEGER" where storage.isSubset(of: .integer): return .integer64
        case "FLOAT" where storage.isSubset(of: .real): return .double
        case "VARCHAR" where storage.isSubset(of: .text): return .string
        case "BLOB" where storage.isSubset(of: .blob): return .binary
        case "DECIMAL" where storage.isSubset(of: [.integer, .real, .text]): return .decimal
        default: break
        }
        switch storage {
        case []:
            switch ColumnAffinity(declaredType: declaredType, isStrict: false) {
            case .integer: return .integer64
            case .text: return .string
            case .real: return .double
            case .numeric: return .decimal
            case .blob: return .binary
            }
        case .integer: return .integer64
        case .real: return .double
        case [.integer, .real]: return .decimal
        case .blob: return .binary
        default: return .string
        }
    }
}
