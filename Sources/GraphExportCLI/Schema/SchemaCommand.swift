import GraphExport
import GraphExportRelational
import GraphExportSchema
import GraphExportStore

/// `graphexport schema`: opens the store as an export would and writes the shape of its export
/// (JSON Schema, XML Schema, Mermaid, DOT or SQL), from the same model the export reads (without the
/// properties `--exclude-attribute` and `--attributes` leave out, `--nest` and `--no-nest`
/// shaping it as they shape the export), to standard output or to `-o`'s file (which appears
/// only when complete; gzip-compressed when its name ends in `.gz`). Warnings met opening the
/// store go to standard error, as in an export.
struct SchemaCommand: RunnableCommand {
    let request: SchemaRequest
    /// The built-in formats.
    let formats: FormatRegistry

    func run() throws -> Int32 {
        let source = request.source
        if let outputPath = source.output,
            let input = ExportInputs(storePath: source.store, modelPath: source.model).file(sameAs: outputPath)
        {
            throw CommandError.outputIsInput(path: outputPath, input: input)
        }
        let warnings = WarningPrinter(quiet: source.quiet, verbose: source.verbose)
        let decoders = try DecoderChoice(source)
        let table = OptionTable(formats: formats)
        let store = try source.openStore(table: table, decoders: decoders, onWarning: warnings.report)
        try Applicability(command: .schema, store: source.storeFound(store)).check(source, table: table)
        let export = try store.export(source.selectionOptions, decoders: decoders.decoders, onWarning: warnings.report)
        // A plain SQLite database's columns are typed as its reader types them (by storage class,
        // or typed with any value that does not fit as stored); a Core Data store's values are
        // decoded by their declared types, Transformable ones into any value unless --raw-values
        // keeps their bytes.
        let typing: ValueTyping = store.columnTypings.map { .columns($0) } ?? (source.rawValues ? .declared : .decoded)
        let text = Array(
            Self.schemaText(
                request, model: try model(of: export, typing: typing), typing: typing, title: source.store,
                sourceFields: export.source.document.sourceFields.map(\.key)
            ).utf8)
        warnings.printSummary()
        let destination = try OutputDestination(path: source.output)
        try text.withUnsafeBytes { try destination.sink.write($0) }
        try destination.endWriting()
        try destination.commit()
        return 0
    }

    /// The model the export reads; with `--blobs`, bytes are paths: Binary attributes, and
    /// Transformable ones kept as bytes.
    private func model(of export: StoreExport, typing: ValueTyping) throws -> GraphModel {
        let kept = export.source.model
        guard request.source.blobs != nil else { return kept }
        return try GraphModel(
            entities: BlobFileWriter.pathTyped(
                kept.entities, types: typing == .declared ? [.binary, .transformable] : [.binary]))
    }

    private static func schemaText(
        _ request: SchemaRequest, model: GraphModel, typing: ValueTyping, title: String, sourceFields: [String]
    ) -> String {
        let shape = request.source.shape
        switch request.format {
        case .jsonSchema:
            let schema = JSONExportSchema(
                model: model, shape: shape, typing: typing, title: title, sourceFields: sourceFields)
            return schema.text
        case .xsd:
            let schema = XMLExportSchema(
                model: model, shape: shape, style: request.xmlStyle, typing: typing, title: title,
                sourceFields: sourceFields)
            return schema.text
        case .mermaid: return MermaidDiagram(model: model, shape: shape).text
        case .dot: return DOTDiagram(model: model, shape: shape, title: title).text
        case .sql: return SchemaSQL(schema: RelationalSchema(model: model), dialect: request.sqlDialect).script
        }
    }
}
