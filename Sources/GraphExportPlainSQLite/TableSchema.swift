import GraphExport
import GraphExportSQLite

/// One column of a table or view, as `PRAGMA table_xinfo` describes it.
struct ColumnSchema {
    /// The column's name, exactly as the schema spells it.
    let name: String
    /// The declared type (`NVARCHAR(160)`), empty when none is declared.
    let declaredType: String
    let affinity: ColumnAffinity
    let isNotNull: Bool
    /// The column's place in the primary key, from 1; 0 when it is not part of it.
    let primaryKeyPosition: Int

    /// The typing the declared type asks for (docs/SQLITE.md): ``PlainColumnTyping/boolean`` for a
    /// column of NUMERIC affinity declared `BOOL…` (`BOOLEAN`), ``PlainColumnTyping/date`` for one
    /// declared with `DATE` or `TIME` in its type (`DATE`, `DATETIME`, `TIMESTAMP`, `TIME`),
    /// ``PlainColumnTyping/stored`` for every other.
    var declaredTyping: PlainColumnTyping {
        guard affinity == .numeric else { return .stored }
        let type = declaredType.uppercased()
        if type.contains("BOOL") { return .boolean }
        if type.contains("DATE") || type.contains("TIME") { return .date }
        return .stored
    }

    /// The attribute type the column is described with when its values are typed by `typing`:
    /// Boolean or Date for a column typed so, else its affinity's (INTEGER → Integer 64, TEXT →
    /// String, BLOB or none → Binary, REAL → Double, NUMERIC → Decimal), which its values, written
    /// by their storage class, need not have.
    func attributeType(typedAs typing: PlainColumnTyping) -> AttributeType {
        switch (typing, affinity) {
        case (.boolean, _): return .boolean
        case (.date, _): return .date
        case (_, .integer): return .integer64
        case (_, .text): return .string
        case (_, .blob): return .binary
        case (_, .real): return .double
        case (_, .numeric): return .decimal
        }
    }
}

/// An index of a table that plain column lookups can use: not partial, no expressions.
struct IndexSchema {
    /// The indexed columns, as indexes into ``TableSchema/columns``, in index order.
    let columns: [Int]
    /// The collation of each indexed column (`BINARY`, `NOCASE`, …).
    let collations: [String]
    let isUnique: Bool
    /// Whether SQLite made it for the table's PRIMARY KEY.
    let isPrimaryKey: Bool
}

/// A foreign key whose both ends are known and usable: the child columns point at a key of the
/// parent table (its primary key or a unique index).
struct ForeignKeySchema {
    /// The child's columns, as indexes into its ``TableSchema/columns``.
    let columns: [Int]
    /// The parent table, as an index into the schema's tables.
    let parent: Int
    /// The parent's columns, pairwise with ``columns``.
    let parentColumns: [Int]
    /// SQLite's `ON DELETE` action, uppercased (`CASCADE`, `SET NULL`, `NO ACTION`, …); `NO ACTION`
    /// for a guessed one.
    let onDelete: String
}

/// How a table's rows become objects: what ``GraphExport/ObjectKey/row`` holds.
enum RowKeying: Equatable {
    /// The value of an integer key column: an `INTEGER PRIMARY KEY` (the rowid), or the single
    /// integer primary key of a WITHOUT ROWID table that holds only integers.
    case integerKey(column: String)
    /// The rowid, reached through `name` (`rowid`, `_rowid_` or `oid`, whichever no column hides).
    /// `key` names the declared primary key columns, empty for a table without one.
    case rowid(name: String, key: [String])
    /// The position in primary-key order of a WITHOUT ROWID table, kept in a private temporary
    /// table of the connection (`temp.<keyTable>`), so memory does not grow with the table.
    /// `declarations` declare the key table's columns with the key columns' affinities and
    /// collations (`TEXT COLLATE "NOCASE"`).
    case ordinal(key: [String], declarations: [String], keyTable: String)
    /// The position in the order SQLite returns the rows: views, and rowid tables whose rowid every
    /// alias name hides. Nothing can point at such rows.
    case position
}

/// A table or view of the database, with what the source needs to know about it.
struct TableSchema {
    /// The name, exactly as the schema spells it.
    let name: String
    let isView: Bool
    let isWithoutRowid: Bool
    /// The columns, in table order (generated columns included).
    let columns: [ColumnSchema]
    /// The primary key's columns, as indexes into ``columns``, in key order.
    let primaryKey: [Int]
    /// The usable indexes.
    let indexes: [IndexSchema]
    /// How rows become objects.
    let keying: RowKeying
    /// The usable foreign keys, declared ones first (by their first column's position), then
    /// inferred ones.
    var foreignKeys: [ForeignKeySchema] = []

    /// The index of the column with this name, compared as SQLite does (ASCII case-insensitively).
    func column(named name: String) -> Int? {
        let folded = SQLName.folded(name)
        return columns.firstIndex { SQLName.folded($0.name) == folded }
    }

    /// Whether these columns are a key of the table: the primary key or a unique index, as a set.
    func isKey(_ columnSet: [Int]) -> Bool {
        let wanted = Set(columnSet)
        if !primaryKey.isEmpty, Set(primaryKey) == wanted { return true }
        return indexes.contains { $0.isUnique && Set($0.columns) == wanted }
    }
}

/// SQLite's rules for names.
enum SQLName {
    /// The name with ASCII letters lowercased: SQLite compares identifiers this way.
    static func folded(_ name: String) -> String {
        String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { scalar in
                    ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
                }))
    }
}
