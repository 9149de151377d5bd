/// SQLite's type affinity of a column, decided from its declared type by SQLite's own rules
/// (https://sqlite.org/datatype3.html §3.1), in their order.
package enum ColumnAffinity {
    case integer, text, blob, real, numeric

    /// The affinity of a column declared with `declaredType` (`NVARCHAR(160)`, `INTEGER`, ``).
    /// `ANY` in a STRICT table has no affinity.
    package init(declaredType: String, isStrict: Bool) {
        let type = declaredType.uppercased()
        if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.contains("BLOB") || type.isEmpty || (isStrict && type == "ANY") {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else {
            self = .numeric
        }
    }

    /// A declared type that gives exactly this affinity, for the private key tables.
    package var canonicalType: String {
        switch self {
        case .integer: return "INTEGER"
        case .text: return "TEXT"
        case .blob: return "BLOB"
        case .real: return "REAL"
        case .numeric: return "NUMERIC"
        }
    }
}
