public import GraphExport
import GraphExportJSONText
import GraphExportLibXML

/// Writes an export as one GraphML document, for Gephi, yEd, NetworkX and other graph tools,
/// through libxml2's `xmlTextWriter`: one node per object, one edge per link.
///
/// Made by ``ExportFormat/graphml(pretty:)`` for an export, or by hand on a sink with a warning handler, and
/// fed through a ``GraphStream``, from one thread. What it writes, value by value, and what that costs:
/// `docs/FORMATS.md`, *Each format's rules*.
public final class GraphMLGraphWriter: GraphWriter {
    /// What GraphML is called and carries.
    public static let format = FormatDescription(
        name: "graphml", capabilities: [.pretty],
        summary: "GraphML for Gephi, yEd and NetworkX: one node per object, one edge per link")

    /// The GraphML namespace, the document's default namespace.
    public static let namespace = "http://graphml.graphdrawing.org/xmlns"
    /// The namespace of the `gx:encoding` marker, the same as the XML format's.
    public static let markerNamespace = "urn:graphexport:1"

    /// One open part of the stream, innermost last: what writing nodes and edges needs (the
    /// writer's ``GraphStream`` checks the grammar).
    private enum Frame {
        /// The graph itself.
        case graph
        /// An object, with its entity for warnings and rules and its identifier for edges.
        case object(entity: String, id: String)
        /// A relationship, with its edge rule (`nil` without a model).
        case relationship(name: String, rule: GraphMLEdgeRule?)
    }

    private let options: GraphMLOptions
    /// What changes as the document is written (``GraphWriter``, *Inside a writer*).
    private let state: WriterState<State>

    /// The writer's changing state.
    private struct State {
        /// The sink, the warnings, and the text writer of the nodes and edges, which
        /// goes to the temporary file.
        var document: LibXMLDocument
        var header: [(key: String, value: String)] = []
        var keys = GraphMLKeyTable()
        var edgeRules: GraphMLEdgeRules?
        var spool: SpoolFile?
        var stack: [Frame] = []
        /// Whether the innermost object's `<node>` element is still open for its `<data>`.
        var nodeIsOpen = false
        /// Whether a node was marked changed or deleted, so that the key is declared.
        var hasChangedNodes = false
        var hasDeletedNodes = false
    }

    /// Creates a writer that writes to `sink` and reports what GraphML cannot hold as such to
    /// `onWarning`. Nothing is written, and no file is created, before ``begin(_:)``.
    public init(
        sink: any ByteSink, options: GraphMLOptions = GraphMLOptions(), onWarning: @escaping WarningHandler = { _ in }
    ) {
        self.options = options
        let document = LibXMLDocument(
            sink: sink, libxml2Failure: GraphMLWriterError.libxml2Failure, onWarning: onWarning)
        state = WriterState(State(document: document))
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Takes the model and the header and opens the temporary file that holds nodes and edges.
    ///
    /// Throws the model's ``GraphModelError`` when its entities do not fit together, and
    /// ``GraphMLWriterError/temporaryFileFailed(directory:reason:)`` when no temporary file can be
    /// made.
    public func begin(_ document: DocumentInfo) throws {
        let model = document.entities.isEmpty ? nil : try GraphModel(entities: document.entities)
        let spool = try SpoolFile()
        let body = try state.pointee.document.textWriter(on: spool)
        if let model {
            state.pointee.keys.declare(model)
            state.pointee.edgeRules = GraphMLEdgeRules(model)
        }
        state.pointee.spool = spool
        state.pointee.document.output = body
        state.pointee.header = document.fields
        state.pointee.stack = [.graph]
    }

    /// Writes one event, or rejects it without writing anything when it names an object XML
    /// cannot hold (``GraphMLWriterError/unwritableIdentifier(id:character:)``).
    public func write(_ event: GraphEvent, at position: StreamPosition) throws {
        let body = state.pointee.document.openOutput()
        let id: String
        switch event {
        case .beginObject(_, let objectID), .reference(let objectID):
            id = try checkedIdentifier(objectID)
        default:
            id = ""
        }
        switch event {
        case .beginObject(let entity, _): try beginObject(entity: entity, id: id, body)
        case .changedProperties(let names): try writeChangedProperties(names, body)
        case .deleted:
            state.pointee.hasDeletedNodes = true
            try writeData(key: "deleted", XMLText("true"), level: 3, body)
        case .attribute(let name, let value): try writeAttribute(name: name, value: value, body)
        case .beginRelationship(let name, _):
            if case .object(let entity, _) = state.pointee.stack[state.pointee.stack.count - 1] {
                state.pointee.stack.append(
                    .relationship(name: name, rule: state.pointee.edgeRules?.rule(entity: entity, relationship: name)))
            }
            try closeNode(body)
        case .reference:
            if case .relationship(let name, let rule) = state.pointee.stack[state.pointee.stack.count - 1] {
                try writeEdge(to: id, relationship: name, rule: rule, body)
            }
        case .endRelationship:
            state.pointee.stack.removeLast()
        case .endObject:
            state.pointee.stack.removeLast()
            try closeNode(body)
        }
    }

    /// Writes an object's node and its attributes' data from the row's values, or rejects it as
    /// ``write(_:at:)`` does, without writing anything.
    public func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        let body = state.pointee.document.openOutput()
        let id = try checkedIdentifier(row.id)
        try beginObject(entity: row.entityName, id: id, body)
        if let changed = row.changedProperties { try writeChangedProperties(changed, body) }
        for (name, value) in zip(row.attributeNames, row.values) {
            try writeAttribute(name: name, value: value.value, body)
        }
    }

    /// Writes the document to the sink: the XML declaration, the keys, the header, the nodes and
    /// edges from the temporary file, the end tags and a final newline; then flushes the sink.
    public func finish() throws {
        if let failure = state.pointee.document.output?.failure { throw failure }
        state.pointee.stack.removeAll()
        guard let body = state.pointee.document.output, let spool = state.pointee.spool else { return }
        try body.flush()
        state.pointee.document.output = nil
        defer { state.pointee.spool = nil }
        warnAboutWidenedKeys()

        let output = try state.pointee.document.textWriter(on: state.pointee.document.sink)
        try output.startDocument()
        try output.startElement("graphml")
        try output.writeAttribute("xmlns", Self.namespace)
        try output.writeAttribute("xmlns:gx", Self.markerNamespace)
        for field in state.pointee.header {
            try writeKey(id: "g." + field.key, for: "graph", name: field.key, type: .string, output)
        }
        try writeKey(id: "type", for: "node", name: "@type", type: .string, output)
        if state.pointee.hasChangedNodes {
            try writeKey(id: "changed", for: "node", name: "@changed", type: .string, output)
        }
        if state.pointee.hasDeletedNodes {
            try writeKey(id: "deleted", for: "node", name: "@deleted", type: .boolean, output)
        }
        for key in state.pointee.keys.keys {
            try writeKey(
                id: key.id, for: "node", name: MarkerEscape.key(for: key.name), type: key.type ?? .string, output)
        }
        try writeKey(id: "label", for: "edge", name: "label", type: .string, output)
        try writeKey(id: "inverse", for: "edge", name: "inverse", type: .string, output)
        try layout(level: 1, output)
        try output.startElement("graph")
        try output.writeAttribute("id", "G")
        try output.writeAttribute("edgedefault", "directed")
        for field in state.pointee.header {
            let text = XMLText(field.value)
            if let scalar = text.base64Because {
                state.pointee.document.warnings.headerFieldXMLCannotHold(
                    field.key, character: XMLCharacters.describe(scalar),
                    writtenAs: #"base64 of its UTF-8 bytes, marked gx:encoding="base64""#)
            }
            try writeData(key: "g." + field.key, text, level: 2, output)
        }
        try spool.readAll { try output.writeRaw($0) }
        try layout(level: 1, output)
        try output.endElement()
        try layout(level: 0, output)
        try output.endElement()
        try output.endDocument()
    }

    private func beginObject(entity: String, id: String, _ body: LibXMLTextWriter) throws {
        if case .relationship(let name, let rule) = state.pointee.stack[state.pointee.stack.count - 1] {
            try writeEdge(to: id, relationship: name, rule: rule, body)
        }
        state.pointee.stack.append(.object(entity: entity, id: id))
        try layout(level: 2, body)
        try body.startElement("node")
        try body.writeAttribute("id", id)
        state.pointee.nodeIsOpen = true
        let type = XMLText(entity)
        if let scalar = type.base64Because {
            warnBase64(
                scalar, subject: "entity \(entity)", holder: "entity name \(entity.debugDescription) (\(id))",
                written: "its @type is")
        }
        try writeData(key: "type", type, level: 3, body)
    }

    /// The text of `id`, or throws for an identifier XML cannot hold.
    private func checkedIdentifier(_ id: ObjectID) throws(GraphWriterRejection) -> String {
        let text = id.text
        if let scalar = XMLCharacters.firstNonCharacter(in: text) {
            throw GraphWriterRejection(GraphMLWriterError.unwritableIdentifier(id: text, character: scalar))
        }
        return text
    }

    /// Writes the innermost node's `@changed` data: the keys of the properties named, as a JSON array.
    private func writeChangedProperties(_ names: [String], _ body: LibXMLTextWriter) throws {
        state.pointee.hasChangedNodes = true
        var list: [UInt8] = []
        JSONText.appendKeyList(names, to: &list)
        try writeData(key: "changed", XMLText(String(decoding: list, as: UTF8.self)), level: 3, body)
    }

    private func writeAttribute(name: String, value: Value, _ body: LibXMLTextWriter) throws {
        guard case .object(let entity, let id) = state.pointee.stack[state.pointee.stack.count - 1] else { return }
        let index = state.pointee.keys.index(of: name)
        state.pointee.keys.record(value, at: index, origin: "\(entity).\(name) (\(id))")
        if case .binaryFile(let file) = value {
            return try writeData(key: state.pointee.keys.keys[index].id, base64Of: file, level: 3, body)
        }
        guard let rendered = value.xmlText else { return }
        if rendered.isDateWithoutISO8601 {
            state.pointee.document.warnings.dateWithoutISO8601(
                "\(entity).\(name) (\(id))", key: "\(entity).\(name)", writtenAs: "seconds since 2001-01-01T00:00:00Z",
                notFinite: "NaN/INF/-INF")
        }
        let text = XMLText(rendered.text)
        if let scalar = text.base64Because {
            state.pointee.document.warnings.textXMLCannotHold(
                "\(entity).\(name) (\(id))", key: "\(entity).\(name)", character: XMLCharacters.describe(scalar),
                writtenAs: #"base64 of its UTF-8 bytes, marked gx:encoding="base64""#)
        }
        try writeData(key: state.pointee.keys.keys[index].id, text, level: 3, body)
    }

    /// Writes the edge for one instance of the innermost relationship, from the object that holds
    /// it to `target`, if the relationship's rule writes it.
    private func writeEdge(
        to target: String, relationship name: String, rule: GraphMLEdgeRule?, _ body: LibXMLTextWriter
    ) throws {
        guard case .object(let entity, let source) = state.pointee.stack[state.pointee.stack.count - 2] else { return }
        let inverse: String?
        switch rule {
        case nil:
            inverse = nil
            warn(
                "no model",
                "the GraphML writer was not given the model, so it cannot tell which relationships are inverses of "
                    + "each other: a link that a relationship and its inverse both show is written as two edges, "
                    + "one each way, and key types come from the values alone")
        case .write(let name)?:
            inverse = name
        case .skip?:
            return
        case .writeFromLesserID(let name)?:
            guard !target.utf8.lexicographicallyPrecedes(source.utf8) else { return }
            inverse = name
        }
        try layout(level: 2, body)
        try body.startElement("edge")
        try body.writeAttribute("source", source)
        try body.writeAttribute("target", target)
        try writeData(key: "label", relationshipName(name, of: entity), level: 3, body)
        if let inverse { try writeData(key: "inverse", relationshipName(inverse, of: entity), level: 3, body) }
        try layout(level: 2, body)
        try body.endElement()
    }

    /// A relationship name as edge data, with a warning the first time it must be base64; inlined
    /// into ``writeEdge(to:relationship:rule:_:)``, which makes one or two for every edge.
    @inline(__always)
    private func relationshipName(_ name: String, of entity: String) -> XMLText {
        let text = XMLText(name)
        if let scalar = text.base64Because {
            warnBase64(
                scalar, subject: "relationship \(name)",
                holder: "relationship name \(name.debugDescription) (of \(entity) or its inverse)",
                written: "edge labels naming it are")
        }
        return text
    }

    /// Warns, the first time `subject` comes, that `holder` holds `character`, which XML 1.0
    /// cannot hold, so that `written` (what of it is) written as base64 of its UTF-8 bytes.
    private func warnBase64(_ character: Unicode.Scalar, subject: String, holder: String, written: String) {
        warn(
            subject,
            "\(holder) holds \(XMLCharacters.describe(character)), which XML 1.0 cannot hold: \(written) written "
                + #"as base64 of its UTF-8 bytes, marked gx:encoding="base64""#)
    }

    /// Ends the innermost object's `<node>` element if it is still open.
    private func closeNode(_ body: LibXMLTextWriter) throws {
        guard state.pointee.nodeIsOpen else { return }
        state.pointee.nodeIsOpen = false
        try layout(level: 2, body)
        try body.endElement()
    }

    private func writeKey(
        id: String, for domain: String, name: String, type: GraphMLType, _ output: LibXMLTextWriter
    ) throws {
        let text = XMLText(name)
        if let scalar = text.base64Because {
            warnBase64(
                scalar, subject: "key \(name)", holder: "attribute name \(name.debugDescription)",
                written: "its key's attr.name is")
        }
        try layout(level: 1, output)
        try output.startElement("key")
        try output.writeAttribute("id", id)
        try output.writeAttribute("for", domain)
        try output.writeAttribute("attr.name", text.text)
        try output.writeAttribute("attr.type", type.rawValue)
        if text.base64Because != nil { try output.writeAttribute("gx:encoding", "base64") }
        try output.endElement()
    }

    private func writeData(key: String, _ text: XMLText, level: Int, _ output: LibXMLTextWriter) throws {
        try layout(level: level, output)
        try output.startElement("data")
        try output.writeAttribute("key", key)
        if text.base64Because != nil { try output.writeAttribute("gx:encoding", "base64") }
        try output.writeString(text.text)
        try output.endElement()
    }

    /// Writes `<data key="…">` holding the base64 text of `file`, as ``writeData(key:_:level:_:)``
    /// writes the same text.
    private func writeData(key: String, base64Of file: FileBytes, level: Int, _ output: LibXMLTextWriter) throws {
        try layout(level: level, output)
        try output.startElement("data")
        try output.writeAttribute("key", key)
        try output.writeBase64(of: file)
        try output.endElement()
    }

    /// In pretty mode, starts a new line indented by `level` levels of two spaces.
    private func layout(level: Int, _ output: LibXMLTextWriter) throws {
        guard options.pretty else { return }
        try output.writeRaw("\n" + String(repeating: "  ", count: level))
    }

    private func warnAboutWidenedKeys() {
        for key in state.pointee.keys.keys {
            guard let declared = key.declared, let type = key.type, type != declared, let origin = key.firstMisfit
            else {
                continue
            }
            warn(
                "widened key \(key.id)",
                "\(origin): a value does not fit the type the model gives '\(key.name)', so its GraphML key "
                    + "declares \(type.rawValue) instead of \(declared.rawValue)")
        }
    }

    /// Reports `message` unless `subject` was already reported.
    private func warn(_ subject: String, _ message: @autoclosure () -> String) {
        state.pointee.document.warnings.once(subject, Warning(message()))
    }
}
