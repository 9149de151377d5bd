/// What an export's header says about where the graph came from.
public struct DocumentInfo: Sendable, Hashable {
    /// The tool that wrote the export, with its version (`graphexport 0.1.0`).
    public var generator: String
    /// The kind of source (`Core Data store`, `SQLite database`, `in-memory graph`).
    public var sourceKind: String
    /// The source's file name or other name, as the user gave it.
    public var source: String?
    /// The Core Data store's UUID (`Z_METADATA.Z_UUID`).
    public var storeUUID: String?
    /// The version of the framework that wrote the store (`NSPersistenceFrameworkVersion`).
    public var frameworkVersion: String?
    /// The model file the entities were read from.
    public var model: String?
    /// The model version used, for a versioned model.
    public var modelVersion: String?
    /// The layout of the export.
    public var shape: ExportShape
    /// The entities of the graph, as the model declares them; ``GraphTraversal`` fills them in
    /// from the source, for writers that declare a schema up front (GraphML keys, a plugin's
    /// handshake). `GraphModel(entities:)` resolves inheritance and inverses.
    public var entities: [EntityInfo]

    /// Creates a header.
    public init(
        generator: String = "graphexport " + GraphExportVersion.current,
        sourceKind: String,
        source: String? = nil,
        storeUUID: String? = nil,
        frameworkVersion: String? = nil,
        model: String? = nil,
        modelVersion: String? = nil,
        shape: ExportShape = .tree,
        entities: [EntityInfo] = []
    ) {
        self.generator = generator
        self.sourceKind = sourceKind
        self.source = source
        self.storeUUID = storeUUID
        self.frameworkVersion = frameworkVersion
        self.model = model
        self.modelVersion = modelVersion
        self.shape = shape
        self.entities = entities
    }

    /// The header's fields that have a value, as key–text pairs in a fixed order, for writers that
    /// write the header generically.
    public var fields: [(key: String, value: String)] {
        let all: [(String, String?)] = [
            ("generator", generator), ("sourceKind", sourceKind), ("source", source),
            ("storeUUID", storeUUID), ("frameworkVersion", frameworkVersion), ("model", model),
            ("modelVersion", modelVersion),
            ("shape", shape.rawValue),
        ]
        return all.compactMap { key, value in value.map { (key, $0) } }
    }
}
