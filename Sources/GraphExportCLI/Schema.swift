import GraphExport
import GraphExportSchema
import GraphExportStore

extension Command {
    /// `graphexport schema`: opens the store as an export would and writes the shape of its export
    /// (JSON Schema, XML Schema, Mermaid or DOT), from the same model the export reads, to standard
    /// output or to `-o`'s file (which appears only when complete; gzip-compressed when its name
    /// ends in `.gz`). Warnings met opening the store go to standard error, as in an export.
    func schema(_ request: SchemaRequest) throws {
        if let outputPath = request.source.output,
            let input = ExportInputs(storePath: request.source.store, modelPath: request.source.model).file(
                sameAs: outputPath)
        {
            throw CommandError.outputIsInput(path: outputPath, input: input)
        }
        let warnings = WarningPrinter(quiet: request.source.quiet)
        let decoders = try DecoderChoice(request.source, onWarning: warnings.report)
        let source = try openSource(request.source, onWarning: warnings.report)
        let model = try decoders.source(over: source).model
        // A plain SQLite database's columns hold values of any storage class; a Core Data store's
        // values are decoded by their declared types, Transformable ones into any value unless
        // --raw-transformable keeps their bytes.
        let typing: ValueTyping =
            source is SQLiteDatabaseSource ? .storageClass : request.source.rawTransformables ? .declared : .decoded
        let text = Array(
            Self.schemaText(
                request, model: model, typing: typing, title: request.source.store,
                sourceFields: source.document.sourceFields.map(\.key)
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
        }
    }
}
