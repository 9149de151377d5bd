/// What an export's header says about where the graph came from.
public struct DocumentInfo: Sendable, Hashable {
    /// The tool that wrote the export, with its version (`graphexport 0.1.0`).
    public var generator: String
    /// The kind of source (`Core Data store`, `SQLite database`, `in-memory graph`).
    public var sourceKind: String
    /// The source's file name or other name, as the user gave it.
    public var source: String?
    /// The fields only this kind of source has (a Core Data store's `storeUUID` and
    /// `frameworkVersion`), in the order the header lists them, after `source`. Each key is
    /// non-empty, none of ``coreKeys``, and appears once: a list that breaks this is a programming
    /// error, and stops the program.
    public var sourceFields: [DocumentField] {
        didSet { Self.checkKeys(of: sourceFields) }
    }
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
    /// Whether the export holds only what changed since a point of the source's history (`--since`,
    /// a ``ChangeSet``): its references may name objects it does not hold, which a writer keeps
    /// (an object inserted since the point carries no mark of its own, so its objects alone cannot
    /// tell). ``GraphTraversal`` sets it; no format writes it in the header.
    public var isDelta = false

    /// Creates a header.
    public init(
        generator: String = "graphexport " + GraphExportVersion.current,
        sourceKind: String,
        source: String? = nil,
        sourceFields: [DocumentField] = [],
        model: String? = nil,
        modelVersion: String? = nil,
        shape: ExportShape = .tree,
        entities: [EntityInfo] = []
    ) {
        self.generator = generator
        self.sourceKind = sourceKind
        self.source = source
        Self.checkKeys(of: sourceFields)
        self.sourceFields = sourceFields
        self.model = model
        self.modelVersion = modelVersion
        self.shape = shape
        self.entities = entities
    }

    /// The header's fields that have a value, as key–text pairs, for writers that write the header
    /// generically: `generator`, `sourceKind`, `source`, then ``sourceFields`` in their order, then
    /// `model`, `modelVersion`, `shape`.
    public var fields: [(key: String, value: String)] {
        func present(_ fields: [(String, String?)]) -> [(key: String, value: String)] {
            fields.compactMap { key, value in value.map { (key, $0) } }
        }
        return present([("generator", generator), ("sourceKind", sourceKind), ("source", source)])
            + sourceFields.map { ($0.key, $0.value) }
            + present([("model", model), ("modelVersion", modelVersion), ("shape", shape.rawValue)])
    }

    /// The keys of the core's own fields, which no source field may take: `generator`,
    /// `sourceKind`, `source`, `model`, `modelVersion`, `shape`.
    public static let coreKeys: Set<String> = Set(
        DocumentInfo(sourceKind: "", source: "", model: "", modelVersion: "").fields.map(\.key))

    /// Stops the program when a source field's key is empty, one of ``coreKeys``, or repeated.
    /// (Reads ``coreKeys`` only for a non-empty list, so that building ``coreKeys`` needs no check.)
    private static func checkKeys(of sourceFields: [DocumentField]) {
        var seen: Set<String> = []
        for field in sourceFields {
            precondition(!field.key.isEmpty, "DocumentInfo: a source field has an empty key")
            precondition(
                !coreKeys.contains(field.key),
                "DocumentInfo: the source field '\(field.key)' has the key of one of the header's own fields "
                    + "(\(coreKeys.sorted().joined(separator: ", ")))")
            precondition(
                seen.insert(field.key).inserted, "DocumentInfo: the source field '\(field.key)' is given twice")
        }
    }
}
