/// A store that cannot be exported as asked, with what to do about it.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be read.
    case cannotRead(path: String, reason: String)
    /// The file is a database but not a Core Data store.
    case notCoreDataStore(path: String)
    /// The store lacks something every Core Data store has.
    case malformedStore(path: String, reason: String)
    /// No model was given and the store has none this version can read.
    case modelRequired(path: String)
    /// An entity of the model is not listed in the store's `Z_PRIMARYKEY`.
    case entityNotInStore(path: String, entity: String, modelVersion: String)
    /// The store holds an entity that the model version does not define.
    case entityNotInModel(path: String, entity: String, modelVersion: String)
    /// An entity's table is missing.
    case missingTable(path: String, table: String, entity: String)
    /// A column the model needs is missing from its table.
    case missingColumn(path: String, table: String, column: String, property: String)
    /// A relationship is stored in a way this version does not read yet.
    case unsupportedRelationship(path: String, relationship: String, reason: String)

    /// A sentence a user can act on.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason):
            return "\(path): cannot read the store: \(reason)"
        case .notCoreDataStore(let path):
            return "\(path): not a Core Data store (it has no Z_PRIMARYKEY and Z_METADATA tables)"
        case .malformedStore(let path, let reason):
            return "\(path): damaged Core Data store: \(reason)"
        case .modelRequired(let path):
            return
                "\(path): this store keeps no model of its own (Z_MODELCACHE): pass --model with the app's .xcdatamodeld or .xcdatamodel"
        case .entityNotInStore(let path, let entity, let version):
            return
                "\(path): model version '\(version)' has entity '\(entity)', which the store's Z_PRIMARYKEY does not list: is this the store's model?"
        case .entityNotInModel(let path, let entity, let version):
            return
                "\(path): the store has entity '\(entity)', which model version '\(version)' does not define: is this the store's model?"
        case .missingTable(let path, let table, let entity):
            return "\(path): table \(table) for entity '\(entity)' is missing"
        case .missingColumn(let path, let table, let column, let property):
            return "\(path): column \(table).\(column) for \(property) is missing: the model does not fit the store"
        case .unsupportedRelationship(let path, let relationship, let reason):
            return "\(path): cannot read relationship \(relationship) yet: \(reason)"
        }
    }
}
