public import GraphExport
public import GraphExportCoreData
public import GraphExportDecoders

/// What of a store an export writes, as `graphexport`'s selection options say it: what changed
/// since a point of its history (`--since`), its history tables (`--include-history`), the
/// properties and entities left out or kept (`--exclude-attribute`, `--attributes`, `--entity`,
/// `--exclude-entity`, `--exact`), how relationships nest (`--nest`, `--no-nest`), the objects
/// chosen (`--root`, `--where`, `--closure`, `--limit`) and how deep they nest (`--depth`).
/// `docs/SELECTION.md` has the rules; ``Store/export(_:decoders:onWarning:)`` applies them.
public struct SelectionOptions: Sendable {
    /// Only what changed after this point of the store's persistent history (`--since`).
    public var since: HistoryPoint?
    /// Core Data's persistent-history tables as entities too (`--include-history`).
    public var includeHistory: Bool
    /// Properties left out, as `Entity.property` (`--exclude-attribute`).
    public var excludedAttributes: [String]
    /// The only properties kept of an entity, as `Entity.a,b` (`--attributes`).
    public var keptAttributes: [String]
    /// Relationships that nest, and that never nest, as `Entity.relationship`: applied here to a
    /// Core Data store; a plain SQLite database takes them as reading options
    /// (``GraphExportPlainSQLite/SQLiteSourceOptions``), by its ownership rule.
    public var nest: [String]
    /// Relationships that never nest (`--no-nest`); see ``nest``.
    public var noNest: [String]
    /// The entities whose objects are written (`--entity`); empty: all.
    public var entities: [String]
    /// The entities whose objects are not written (`--exclude-entity`).
    public var excludedEntities: [String]
    /// Whether ``entities`` and ``excludedEntities`` leave out their sub-entities (`--exact`).
    public var exact: Bool
    /// The entity whose objects the export starts from (`--root`).
    public var root: String?
    /// The SQL condition on the rows of ``root`` that chooses its objects (`--where`).
    public var whereExpression: String?
    /// Whether the objects the chosen ones reach are written too, not only those they own
    /// (`--closure`).
    public var closure: Bool
    /// The most objects of each entity, a sample (`--limit`).
    public var limit: Int?
    /// The most levels of nesting, 0 for no limit (`--depth`); `nil`: the default.
    public var depth: Int?
    /// The shape of the export, which a sample follows.
    public var shape: ExportShape

    /// Options that choose every object of every entity, in the tree shape.
    public init(
        since: HistoryPoint? = nil, includeHistory: Bool = false, excludedAttributes: [String] = [],
        keptAttributes: [String] = [], nest: [String] = [], noNest: [String] = [], entities: [String] = [],
        excludedEntities: [String] = [], exact: Bool = false, root: String? = nil, whereExpression: String? = nil,
        closure: Bool = false, limit: Int? = nil, depth: Int? = nil, shape: ExportShape = .tree
    ) {
        self.since = since
        self.includeHistory = includeHistory
        self.excludedAttributes = excludedAttributes
        self.keptAttributes = keptAttributes
        self.nest = nest
        self.noNest = noNest
        self.entities = entities
        self.excludedEntities = excludedEntities
        self.exact = exact
        self.root = root
        self.whereExpression = whereExpression
        self.closure = closure
        self.limit = limit
        self.depth = depth
        self.shape = shape
    }

    /// What of the store the export reads: the properties ``excludedAttributes`` and
    /// ``keptAttributes`` leave, of the entities ``entities``, ``excludedEntities`` and ``exact``
    /// choose, and the entities `decoders` read whole (each claimed attribute's entity, since a
    /// decoder sees the rest of the object, and those they look objects up in). A Core Data store
    /// looks for the storage of those alone (``GraphExportCoreData/CoreDataStoreOptions/scope``).
    public func readScope(decoders: [any AttributeDecoder] = []) -> ReadScope {
        let wholeEntities = decoders.flatMap { decoder in decoder.claims.map(\.entity) + decoder.lookedUpEntities }
        return ReadScope(
            adjustment: ModelAdjustment(excludedProperties: excludedAttributes, keptProperties: keptAttributes),
            included: entities, excluded: excludedEntities, exact: exact, wholeEntities: wholeEntities)
    }

    /// The changes to the model of a store of `kind` the options ask for: ``excludedAttributes``,
    /// ``keptAttributes``, and for a Core Data store ``nest`` and ``noNest``.
    func modelAdjustment(for kind: Store.Kind) -> ModelAdjustment {
        ModelAdjustment(
            excludedProperties: excludedAttributes, keptProperties: keptAttributes,
            nest: kind == .coreData ? nest : [], noNest: kind == .coreData ? noNest : [])
    }
}
