import GraphExport
import GraphExportCoreData
import GraphExportDecoders
import GraphExportPlainSQLite
import GraphExportSQLite
import GraphExportStore

extension ExportRequest {
    /// What of the store the options choose (``GraphExportStore/SelectionOptions``): `--since`,
    /// `--include-history`, the properties and entities left out or kept, the nesting, `--root`,
    /// `--where`, `--closure`, `--limit`, `--depth`.
    var selectionOptions: SelectionOptions {
        SelectionOptions(
            since: since, includeHistory: includeHistory, excludedAttributes: excludedAttributes,
            keptAttributes: keptAttributes, nest: nest, noNest: noNest, entities: entities,
            excludedEntities: excludedEntities, exact: exact, root: root, whereExpression: whereExpression,
            closure: closure, limit: limit, depth: depth, shape: shape)
    }

    /// How the options say to read the store (``GraphExportStore/StoreReading``): `--source`, or a
    /// plain SQLite database when only a plain SQLite database takes an option given; `--model`
    /// (loaded here, `--model-version` chosen), `--raw-values`, the plain SQLite options,
    /// `--busy-timeout`; a Core Data store reads only what the selection and `decoders` need.
    func reading(table: OptionTable, decoders: [any AttributeDecoder]) throws -> StoreReading {
        var model = try self.model.map(ModelFile.load(path:))
        if let name = modelVersion { model = try model?.choosingVersion(name) }
        let reader: StoreReading.Reader =
            switch source {
            case .coredata: .coreData
            case .sqlite: .plainSQLite
            case .auto: asksForPlainSQLite(table) ? .plainSQLite : .automatic
            }
        let plainSQLite = SQLiteSourceOptions(
            nest: nest, noNest: noNest, includeViews: includeViews, inferRelations: inferRelations,
            jsonColumns: jsonColumns, jsonColumnNames: jsonColumnNames, rawValues: rawValues)
        return StoreReading(
            reader: reader, model: model,
            coreData: CoreDataStoreOptions(
                rawValues: rawValues, scope: selectionOptions.readScope(decoders: decoders)),
            plainSQLite: plainSQLite, opening: busyTimeout.map { StoreOpenOptions(busyTimeout: $0) } ?? .init())
    }
}

extension ExportRequest {
    /// The store the request names, opened as it asks (``reading(table:decoders:)``): a Core Data
    /// store or a plain SQLite database, as asked or as it turns out, reading what `decoders` need
    /// besides what the request exports.
    func openStore(
        table: OptionTable, decoders: DecoderChoice? = nil, onWarning: @escaping WarningHandler
    ) throws -> Store {
        if given.contains("raw-transformable") {
            onWarning(Warning("--raw-transformable is now called --raw-values; the old name keeps working"))
        }
        return try Store(
            path: store, reading: try reading(table: table, decoders: decoders?.decoders ?? []), onWarning: onWarning)
    }
}
