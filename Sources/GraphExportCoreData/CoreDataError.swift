public import GraphExport
import GraphExportSQLite

/// A Core Data store whose tables cannot be read as a model says they are: not a Core Data store, a
/// model that does not fit it, or bookkeeping that contradicts itself. Each message names the store
/// as the caller gave it and says what to do; a command exits with ``GraphExport/ExitStatus/failure``.
///
/// What else the Core Data reader throws has its own type, by cause: ``ModelFileError`` (a model
/// file), ``ArchiveError`` (a property list, a model cache or a keyed archive), ``HistoryError``
/// (persistent history), ``TransformableError`` (a Transformable value, which is written as bytes).
public enum CoreDataError: ExitStatusError, Sendable, Hashable {
    /// The file is a database but not a Core Data store.
    case notCoreDataStore(path: String)
    /// The store lacks something every Core Data store has.
    case malformedStore(path: String, reason: String)
    /// An entity of the model is not listed in the store's `Z_PRIMARYKEY`.
    case entityNotInStore(path: String, entity: String, modelVersion: String)
    /// The store holds an entity that the model version does not define.
    case entityNotInModel(path: String, entity: String, modelVersion: String)
    /// An entity's table is missing.
    case missingTable(path: String, table: String, entity: String)
    /// A column the model needs is missing from its table, under its name and with any numeric
    /// suffix, and the table has no other column that could be meant. `property` is
    /// `Entity.property`, named on the entity that declares it, as every case that names one.
    case missingColumn(path: String, table: String, column: String, property: String)
    /// No candidate model fits the store: none of the versions of the bundle `model`, nor the
    /// store's own `Z_MODELCACHE` when it has one; `misfits` says what each candidate lacks, in
    /// the order they were tried.
    case noModelFits(path: String, model: String, misfits: [ModelMisfit])
    /// A column the model needs is missing from its table, under its name and with any numeric
    /// suffix; `present` lists the table's columns that could be meant instead (those starting
    /// with the same name, or the other columns of a join table) that no other property uses.
    case unmatchedColumn(path: String, table: String, column: String, property: String, present: [String])
    /// A join table the model needs is missing under either of its names (`table` lists both) and
    /// with any numeric suffix; `present` lists the tables whose names start with one of them.
    case unmatchedTable(path: String, table: String, entity: String, present: [String])
    /// The join table of a many-to-many relationship is missing under either of its names
    /// (`table` lists both) and with any numeric suffix, and no table starts like them.
    case missingJoinTable(path: String, table: String, property: String)
    /// A relationship's destinations were asked for although the store's ``ReadScope`` does not
    /// read it, so its storage was never looked for.
    case propertyNotRead(path: String, property: String)
    /// `Z_PRIMARYKEY` lists one entity name under several numbers.
    case duplicateEntityName(path: String, name: String, numbers: [Int64])
    /// `Z_PRIMARYKEY` lists one entity number under several names.
    case duplicateEntityNumber(path: String, number: Int64, names: [String])
    /// A `Z_ENT` or `Z_PK` column holds something other than an integer; `value` shows it as a
    /// message would (`'abc'`, `NULL`), `rows` says in how many rows.
    case nonIntegerKey(path: String, table: String, column: String, value: String, rows: Int64)
    /// Several rows of one entity table share a `Z_PK`, which would give their objects one id.
    case duplicatePrimaryKey(path: String, table: String, key: Int64, rows: Int64)

    /// A sentence naming the store, and the table, column or entity, saying what to do.
    public var description: String {
        switch self {
        case .notCoreDataStore(let path):
            return ErrorMessage.about(path, "not a Core Data store (it has no Z_PRIMARYKEY and Z_METADATA tables)")
        case .malformedStore(let path, let reason):
            return ErrorMessage.about(path, "damaged Core Data store: \(reason)")
        case .entityNotInStore(let path, let entity, let version):
            return ErrorMessage.about(
                path,
                "model version '\(version)' has entity '\(entity)', which the store's Z_PRIMARYKEY does not "
                    + "list: is this the store's model?"
            )
        case .entityNotInModel(let path, let entity, let version):
            return ErrorMessage.about(
                path,
                "the store has entity '\(entity)', which model version '\(version)' does not define: is this the "
                    + "store's model?"
            )
        case .missingTable(let path, let table, let entity):
            return ErrorMessage.about(path, "table \(table) for entity '\(entity)' is missing")
        case .missingColumn(let path, let table, let column, let property):
            return ErrorMessage.about(
                path,
                "column \(table).\(column) for \(property) is missing, with or without a numeric suffix: the "
                    + "model does not fit the store; \(Self.leaveOut(property))"
            )
        case .noModelFits(let path, let model, let misfits):
            let cache = misfits.contains { $0.candidate == .modelCache } ? " nor its own Z_MODELCACHE" : ""
            return ErrorMessage.about(
                path,
                "no version of '\(model)'\(cache) fits the store: " + misfits.map(\.description).joined(separator: "; ")
            )
        case .unmatchedColumn(let path, let table, let column, let property, let present):
            return ErrorMessage.about(
                path,
                "column \(table).\(column) for \(property) is missing, with or without a numeric suffix; "
                    + "\(table) has \(present.joined(separator: ", ")) instead: the model does not fit the store; "
                    + Self.leaveOut(property))
        case .unmatchedTable(let path, let table, let entity, let present):
            return ErrorMessage.about(
                path,
                "table \(table) for \(entity) is missing, with or without a numeric suffix; "
                    + "the store has \(present.joined(separator: ", ")) instead: the model does not fit the store; "
                    + Self.leaveOut(entity))
        case .missingJoinTable(let path, let table, let property):
            return ErrorMessage.about(
                path,
                "join table \(table) for \(property) is missing, with or without a numeric suffix: the model "
                    + "does not fit the store; \(Self.leaveOut(property))"
            )
        case .propertyNotRead(let path, let property):
            return ErrorMessage.about(
                path, "\(property) was left out of what the store reads, so its destinations cannot be read")
        case .duplicateEntityName(let path, let name, let numbers):
            let list = numbers.map(String.init).joined(separator: " and ")
            return ErrorMessage.about(
                path,
                "Z_PRIMARYKEY lists entity '\(name)' more than once (Z_ENT \(list)), so it is unknown which rows "
                    + "are its objects; \(Self.damaged)"
            )
        case .duplicateEntityNumber(let path, let number, let names):
            let list = names.map { "'\($0)'" }.joined(separator: " and ")
            return ErrorMessage.about(
                path, "Z_PRIMARYKEY gives Z_ENT \(number) to more than one entity (\(list)); \(Self.damaged)")
        case .nonIntegerKey(let path, let table, let column, let value, let rows):
            return ErrorMessage.about(
                path,
                "table \(table) has \(column) \(value) in \(Self.rows(rows)), where Core Data stores only "
                    + "integers; \(Self.damaged)"
            )
        case .duplicatePrimaryKey(let path, let table, let key, let rows):
            return ErrorMessage.about(
                path, "table \(table) has \(Self.rows(rows)) with Z_PK \(key), which must be unique; \(Self.damaged)")
        }
    }

    /// How to export the rest of a store whose model names a property (`Entity.property`) it cannot
    /// find: the options that leave it out, so that it is never looked for.
    private static func leaveOut(_ property: String) -> String {
        let entity = property.lastIndex(of: ".").map { String(property[..<$0]) } ?? property
        return "to export the rest, leave it out with --exclude-attribute \(property) "
            + "(or its entity with --exclude-entity \(entity))"
    }

    /// What to do about a store whose bookkeeping contradicts itself.
    private static let damaged =
        "the store is damaged: let the app that wrote it repair it, or export a backup of it"

    /// `1 row`, `3 rows`: for the messages of this reader.
    package static func rows(_ count: Int64) -> String {
        count == 1 ? "1 row" : "\(count) rows"
    }
}
