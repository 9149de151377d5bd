import GraphExport
import GraphExportRelational
import GraphExportSchema
import GraphExportStore

extension Command {
    /// `graphexport schema`: opens the store as an export would and writes the shape of its export
    /// (JSON Schema, XML Schema, Mermaid, DOT or SQL), from the same model the export reads (without the
    /// properties `--exclude-attribute` and `--attributes` leave out, `--nest` and `--no-nest`
    /// shaping it as they shape the export), to standard output or to `-o`'s file (which appears
    /// only when complete; gzip-compressed when its name ends in `.gz`). Warnings met opening the
    /// store go to standard error, as in an export.
    func schema(_ request: SchemaRequest) throws {
        if let outputPath = request.source.output,
            let input = ExportInputs(storePath: request.source.store, modelPath: request.source.model).file(
                sameAs: outputPath)
        {
            throw CommandError.outputIsInput(path: outputPath, input: input)
        }
        let warnings = WarningPrinter(quiet: request.source.quiet, verbose: request.source.verbose)
        let decoders = try DecoderChoice(request.source)
        let store = try openStore(request.source, decoders: decoders, onWarning: warnings.report)
        let export = try store.export(
            request.source.selectionOptions, decoders: decoders.decoders, onWarning: warnings.report)
        try Applicability(command: .schema, store: request.source.storeFound(store)).check(
            request.source, table: OptionTable(formats: formats))
        // A plain SQLite database's columns are typed as its reader types them (by storage class,
        // or typed with any value that does not fit as stored); a Core Data store's values are
        // decoded by their declared types, Transformable ones into any value unless --raw-values
        // keeps their bytes.
        let typing: ValueTyping =
            store.columnTypings.map { .columns($0) } ?? (request.source.rawValues ? .declared : .decoded)
        let kept = export.source.model
        // With --blobs, bytes are paths: Binary attributes, and Transformable ones kept as bytes.
        let model =
            request.source.blobs == nil
            ? kept
            : try GraphModel(
                entities: BlobFileWriter.pathTyped(
                    kept.entities, types: typing == .declared ? [.binary, .transformable] : [.binary]))
        let text = Array(
            Self.schemaText(
                request, model: model, typing: typing, title: request.source.store,
                sourceFields: export.source.document.sourceFields.map(\.key)
            ).utf8)
        warnings.printSummary()
        guard let outputPath = request.source.output else {
            try text.withUnsafeBytes { try FileDescriptorSink.standardOutput().write($0) }
            return
        }
        let output = try OutputFile(path: outputPath)
        guard Self.isGzip(outputPath) else {
            try text.withUnsafeBytes { try output.sink.write($0) }
            try output.commit()
            return
        }
        let compressed = try GzipSink(into: output.sink, path: outputPath)
        try text.withUnsafeBytes { try compressed.write($0) }
        try compressed.finish()
        try output.commit()
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
