public import GraphExport
import GraphExportLibXML

/// Writes an export as one GraphML document, for Gephi, yEd, NetworkX and other graph tools,
/// through libxml2's `xmlTextWriter`: one node per object, one edge per link.
///
/// **Document.** `<?xml version="1.0" encoding="UTF-8"?>`, then the root
/// `<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:gx="urn:graphexport:1">` with the
/// `<key>` declarations, then one `<graph id="G" edgedefault="directed">`. The graph starts with
/// the header: one `<data>` per field of ``DocumentInfo/fields``, keyed `g.<field>` (`g.generator`,
/// `g.sourceKind`, `g.shape`, …; NetworkX puts them in `G.graph`). Nodes and edges follow in the
/// order the event stream gives them; an edge may name a node that comes later, as GraphML allows.
///
/// **Nodes.** Each object written in full, at the top level or nested, is one
/// `<node id="<ObjectID>">`. Its first `<data>` is `type` (`attr.name="@type"`): the entity's
/// name. Then comes one `<data>` per non-null attribute, in stream order, keyed by the attribute's
/// name (below): a null value has no `<data>`, an empty string an empty one. A reference never
/// makes a node: the traversal writes each object in full exactly once, so each object is exactly
/// one node.
///
/// **Changes.** In an export of what changed since a history token, an updated object's node has
/// `<data key="changed">` (`attr.name="@changed"`) after its type: the compact JSON array of the
/// names of the properties its updates touched (escaped as `attr.name`s are); a deleted object is
/// a node with `<data key="deleted">true</data>` (`@deleted`, `boolean`), the attributes kept of
/// it, and no edges. The two keys are declared only when a node uses them.
///
/// **Edges.** A link is one related pair of objects through one relationship and its inverse, if
/// it has one; it is one `<edge source="<ObjectID>" target="<ObjectID>">` with the data `label`
/// (the name of the relationship it is written from) and, for a relationship paired with its
/// inverse, `inverse` (the inverse's name). Nesting is just another relationship instance: an
/// object nested in relationship `R` of `X` gives the same edge `X → object`, labelled `R`, that a
/// reference would. A relationship and its inverse show each link twice in the event stream, once
/// from each end; when the writer knows the model it writes the link once, from one side, chosen
/// by the first rule that applies:
/// 1. the to-many side of a one-to-many (owner → item);
/// 2. of a one-to-one, the side that nests its destination in the tree shape
///    (``ResolvedRelationship/nestsDestination``), when only one does;
/// 3. the side whose name, then destination entity name, sorts first by UTF-8 bytes
///    (many-to-many, peer one-to-ones): `Tag.photos` rather than `Photo.tags`;
/// 4. a relationship that is its own inverse (`Person.friends` ↔ `Person.friends`) writes each
///    pair from the object whose identifier sorts first by UTF-8 bytes, and a link from an object
///    to itself once.
///
/// A relationship without an inverse, or whose inverse names another relationship back, writes
/// every instance. Without the model (see below) the writer cannot tell inverses apart, so every
/// instance is an edge, a link shown from both ends is two edges, one each way, and one warning
/// says so. Edges have no `id`; two objects linked through two relationship pairs are two
/// parallel edges (NetworkX then reads a `MultiDiGraph`). The shape of the export (tree or flat)
/// does not change the nodes and edges, only their order. A reference to an object the stream
/// never writes in full (a dangling reference in the source) is still an edge; readers such as
/// NetworkX add a node without data for its target.
///
/// **Keys.** One node key per attribute name over all entities, `a0`, `a1`, …, with
/// `attr.name` the attribute's name; besides them the node key `type` (`@type`), the edge keys
/// `label` and `inverse` and the graph keys `g.<field>`, all `string`. With the model, an
/// attribute key is declared for every attribute the model has, in model order, and its
/// `attr.type` comes from the ``AttributeType``: `Integer 16` and `Integer 32` are `int`,
/// `Integer 64` `long`, `Double` and `Float` `double`, `Boolean` `boolean`, every other type
/// `string` (decimals too, whose exact text a `double` would round). Entities that give one name
/// different types share a key of the wider type (`int` and `long` give `long`, any other mix
/// `string`). A value that does not fit its declared type (a SQLite column holding text where the
/// model says `Integer 32`) widens the key the same way, with one warning per key, so that no
/// reader meets text it cannot parse. Without the model, keys are declared for the names the
/// stream brings, in order of appearance, typed by all their values: integers `long`, doubles
/// `double`, booleans `boolean`, anything else or any mix `string`, only nulls `string`. An
/// attribute name that starts with `@` is written with one more `@` in `attr.name`
/// (``MarkerEscape``: `@type` is `@@type`), so that it never shares its `attr.name` with the
/// entity's key, which readers that key data by name (NetworkX) would merge.
///
/// **Model.** What needs the model (pairing inverses, types from ``AttributeType``, keys for
/// attributes that never have a value) applies when the header carries the model's entities.
/// ``init(sink:options:onWarning:)``, which ``ExportFormat/graphml(pretty:)`` uses, gives it none, so
/// such an export works from the event stream alone, as described above for that case.
///
/// **Values** are text, as in the other formats: integers as exact digits; doubles as the
/// shortest text that reads back to the same bits (`0.1`, `1e-05`, `-0.0`, `5e+20`), NaN and the
/// infinities as `NaN`, `INF` and `-INF` (the sign and payload of a NaN are not kept); decimals
/// as their exact text; booleans `true` and `false`; dates as ISO 8601 in UTC
/// (``Timestamp/iso8601``), or, for a date that has no such form, its seconds since
/// 2001-01-01T00:00:00Z by the double rule, with a warning; binary values as base64 (RFC 4648,
/// padded), a ``Value/binaryFile(_:)`` value as its bytes would be, its base64 streamed from the
/// file in chunks of 64 KiB (to the temporary file, below); UUIDs as canonical lowercase text;
/// strings and URIs as they are; arrays and maps as their compact JSON text (as the JSON format
/// writes them), under a `string` key.
///
/// **Text XML cannot hold.** XML 1.0's `Char` production leaves out U+0000–U+001F other than tab,
/// line feed and carriage return, and U+FFFE and U+FFFF; no escape brings them back. Text that
/// holds one, whether a value, an entity name in `@type`, a relationship name in `label` or
/// `inverse`, or a header field, is written as the base64 of its UTF-8 bytes and its `<data>`
/// element marked `gx:encoding="base64"`; an attribute name in `attr.name` is written the same
/// way, the `<key>` element marked. Each attribute (`Entity.attribute`) or name so written is
/// reported in one warning. Tab, line feed and carriage return survive: in attribute values they
/// are written as `&#9;`, `&#10;` and `&#13;`, and a carriage return in text as `&#13;`. An object
/// identifier XML cannot hold is an error (``GraphMLWriterError/unwritableIdentifier(id:character:)``).
///
/// **Schema.** Identifiers are written as they are. GraphML's schema types node identifiers as
/// `NMTOKEN`, which `/` is not part of, and its `<data>` elements take no foreign attribute such as
/// `gx:encoding`: the output is well-formed XML that GraphML readers accept, but it is not valid
/// against `graphml.xsd` and names no schema location.
///
/// **Temporary file.** GraphML declares its keys before the graph, and a key's type depends on
/// every value written with it, so nodes and edges go to a temporary file while the writer
/// collects the keys. The file is created in `$TMPDIR` (or `/tmp`) and unlinked at once, so
/// nothing is left behind however the process ends; ``finish()`` writes the XML declaration, the
/// keys and the header to the sink, copies the file in blocks of 64 KiB, and closes the document.
/// The sink receives nothing before ``finish()``. Memory stays flat: the writer holds the stack of
/// open objects, one entry per attribute name and, with a model, one rule per relationship; the
/// disk holds about the size of the nodes and edges. Nothing recurses, so nesting depth is bounded
/// by memory, not by the call stack.
///
/// **Errors.** The writer throws ``GraphStreamError`` for an event stream that is not well
/// nested (``GraphStreamValidator``), checking each event before writing anything for it, and
/// ``GraphMLWriterError`` for a temporary file it cannot use; the sink's error, if it throws one,
/// is rethrown as it is. Pretty output (``GraphMLOptions/pretty``) puts each element on its own
/// line, indented by two spaces per level; both forms end with a newline.
public final class GraphMLGraphWriter: GraphWriter {
    /// The GraphML namespace, the document's default namespace.
    public static let namespace = "http://graphml.graphdrawing.org/xmlns"
    /// The namespace of the `gx:encoding` marker, the same as the XML format's.
    public static let markerNamespace = "urn:graphexport:1"

    /// One open part of the stream, innermost last: what writing nodes and edges needs (the
    /// stream's grammar is the validator's).
    private enum Frame {
        /// The graph itself.
        case graph
        /// An object, with its entity for warnings and rules and its identifier for edges.
        case object(entity: String, id: String)
        /// A relationship, with its edge rule (`nil` without a model).
        case relationship(name: String, rule: GraphMLEdgeRule?)
    }

    private let sink: any ByteSink
    private let options: GraphMLOptions
    private let onWarning: WarningHandler
    /// The stream's grammar, checked before anything is written for a call.
    private var validator = GraphStreamValidator()
    private var header: [(key: String, value: String)] = []
    private var keys = GraphMLKeyTable()
    private var edgeRules: GraphMLEdgeRules?
    private var spool: SpoolFile?
    private var body: LibXMLTextWriter?
    private var stack: [Frame] = []
    /// Whether the innermost object's `<node>` element is still open for its `<data>`.
    private var nodeIsOpen = false
    /// Whether a node was marked changed or deleted, so that the key is declared.
    private var hasChangedNodes = false
    private var hasDeletedNodes = false
    /// The warnings given, each once.
    private var warnings: FormatWarnings

    /// Creates a writer that writes to `sink` and reports what GraphML cannot hold as such to
    /// `onWarning`. Nothing is written, and no file is created, before ``begin(_:)``.
    public init(
        sink: any ByteSink, options: GraphMLOptions = GraphMLOptions(), onWarning: @escaping WarningHandler = { _ in }
    ) {
        self.sink = sink
        self.options = options
        self.onWarning = onWarning
        self.warnings = FormatWarnings(onWarning: onWarning)
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Takes the model and the header and opens the temporary file that holds nodes and edges.
    ///
    /// Throws the model's ``ModelError`` when its entities do not fit together, and
    /// ``GraphMLWriterError/temporaryFileFailed(directory:reason:)`` when no temporary file can be
    /// made.
    public func begin(_ document: DocumentInfo) throws {
        try validator.begin()
        do {
            if !document.entities.isEmpty {
                let model = try GraphModel(entities: document.entities)
                keys.declare(model)
                edgeRules = GraphMLEdgeRules(model)
            }
            let spool = try SpoolFile()
            body = try LibXMLTextWriter(sink: spool, libxml2Failure: GraphMLWriterError.libxml2Failure)
            self.spool = spool
        } catch {
            validator.stop()
            throw error
        }
        header = document.fields
        stack = [.graph]
    }

    /// Writes one event, or throws without writing anything when the event does not fit where the
    /// stream is (``GraphStreamError``) or names an object XML cannot hold
    /// (``GraphMLWriterError/unwritableIdentifier(id:character:)``).
    ///
    /// Once the temporary file or libxml2 has failed, every call throws that first error again.
    public func write(_ event: GraphEvent) throws {
        if let failure = body?.failure { throw failure }
        let id: String
        switch event {
        case .beginObject(_, let objectID), .reference(let objectID):
            id = try checkedIdentifier(objectID)
        default:
            id = ""
        }
        try validator.accept(event)
        guard let body else { throw GraphStreamError.notBegun }
        switch event {
        case .beginObject(let entity, _): try beginObject(entity: entity, id: id, body)
        case .changedProperties(let names): try writeChangedProperties(names, body)
        case .deleted:
            hasDeletedNodes = true
            try writeData(key: "deleted", XMLText("true"), level: 3, body)
        case .attribute(let name, let value): try writeAttribute(name: name, value: value, body)
        case .beginRelationship(let name, _):
            if case .object(let entity, _) = stack[stack.count - 1] {
                stack.append(.relationship(name: name, rule: edgeRules?.rule(entity: entity, relationship: name)))
            }
            try closeNode(body)
        case .reference:
            if case .relationship(let name, let rule) = stack[stack.count - 1] {
                try writeEdge(to: id, relationship: name, rule: rule, body)
            }
        case .endRelationship:
            stack.removeLast()
        case .endObject:
            stack.removeLast()
            try closeNode(body)
        }
    }

    /// Writes an object's node and its attributes' data from the row's values, or throws as
    /// ``write(_:)`` does, without writing anything.
    public func beginObject(_ row: ObjectRow) throws {
        if let failure = body?.failure { throw failure }
        let id = try checkedIdentifier(row.id)
        try validator.beginObject(row)
        guard let body else { throw GraphStreamError.notBegun }
        try beginObject(entity: row.entityName, id: id, body)
        if let changed = row.changedProperties { try writeChangedProperties(changed, body) }
        for (name, value) in zip(row.attributeNames, row.values) {
            try writeAttribute(name: name, value: value.value, body)
        }
    }

    /// Writes the document to the sink: the XML declaration, the keys, the header, the nodes and
    /// edges from the temporary file, the end tags and a final newline; then flushes the sink.
    public func finish() throws {
        if let failure = body?.failure { throw failure }
        try validator.finish()
        stack.removeAll()
        guard let body, let spool else { return }
        try body.flush()
        self.body = nil
        defer { self.spool = nil }
        warnAboutWidenedKeys()

        let output = try LibXMLTextWriter(sink: sink, libxml2Failure: GraphMLWriterError.libxml2Failure)
        try output.startDocument()
        try output.startElement("graphml")
        try output.writeAttribute("xmlns", Self.namespace)
        try output.writeAttribute("xmlns:gx", Self.markerNamespace)
        for field in header {
            try writeKey(id: "g." + field.key, for: "graph", name: field.key, type: .string, output)
        }
        try writeKey(id: "type", for: "node", name: "@type", type: .string, output)
        if hasChangedNodes { try writeKey(id: "changed", for: "node", name: "@changed", type: .string, output) }
        if hasDeletedNodes { try writeKey(id: "deleted", for: "node", name: "@deleted", type: .boolean, output) }
        for key in keys.keys {
            try writeKey(
                id: key.id, for: "node", name: MarkerEscape.key(for: key.name), type: key.type ?? .string, output)
        }
        try writeKey(id: "label", for: "edge", name: "label", type: .string, output)
        try writeKey(id: "inverse", for: "edge", name: "inverse", type: .string, output)
        try layout(level: 1, output)
        try output.startElement("graph")
        try output.writeAttribute("id", "G")
        try output.writeAttribute("edgedefault", "directed")
        for field in header {
            let text = XMLText(field.value)
            if let scalar = text.base64Because {
                warnings.headerFieldXMLCannotHold(
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
        if case .relationship(let name, let rule) = stack[stack.count - 1] {
            try writeEdge(to: id, relationship: name, rule: rule, body)
        }
        stack.append(.object(entity: entity, id: id))
        try layout(level: 2, body)
        try body.startElement("node")
        try body.writeAttribute("id", id)
        nodeIsOpen = true
        let type = XMLText(entity)
        if let scalar = type.base64Because {
            warn(
                "entity \(entity)",
                "entity name \(entity.debugDescription) (\(id)) holds \(XMLCharacters.describe(scalar)), which "
                    + #"XML 1.0 cannot hold: its @type is written as base64 of its UTF-8 bytes, marked gx:encoding="base64""#
            )
        }
        try writeData(key: "type", type, level: 3, body)
    }

    /// The text of `id`, or throws for an identifier XML cannot hold.
    private func checkedIdentifier(_ id: ObjectID) throws(GraphMLWriterError) -> String {
        let text = id.text
        if let scalar = XMLCharacters.firstNonCharacter(in: text) {
            throw .unwritableIdentifier(id: text, character: scalar)
        }
        return text
    }

    /// Writes the innermost node's `@changed` data: the keys of the properties named, as a JSON array.
    private func writeChangedProperties(_ names: [String], _ body: LibXMLTextWriter) throws {
        hasChangedNodes = true
        var list: [UInt8] = []
        JSONText.appendKeyList(names, to: &list)
        try writeData(key: "changed", XMLText(String(decoding: list, as: UTF8.self)), level: 3, body)
    }

    private func writeAttribute(name: String, value: Value, _ body: LibXMLTextWriter) throws {
        guard case .object(let entity, let id) = stack[stack.count - 1] else { return }
        let index = keys.index(of: name)
        keys.record(value, at: index, origin: "\(entity).\(name) (\(id))")
        if case .binaryFile(let file) = value {
            return try writeData(key: keys.keys[index].id, base64Of: file, level: 3, body)
        }
        guard let rendered = value.xmlText else { return }
        if rendered.isDateWithoutISO8601 {
            warnings.dateWithoutISO8601(
                "\(entity).\(name) (\(id))", key: "\(entity).\(name)", writtenAs: "seconds since 2001-01-01T00:00:00Z",
                notFinite: "NaN/INF/-INF")
        }
        let text = XMLText(rendered.text)
        if let scalar = text.base64Because {
            warnings.textXMLCannotHold(
                "\(entity).\(name) (\(id))", key: "\(entity).\(name)", character: XMLCharacters.describe(scalar),
                writtenAs: #"base64 of its UTF-8 bytes, marked gx:encoding="base64""#)
        }
        try writeData(key: keys.keys[index].id, text, level: 3, body)
    }

    /// Writes the edge for one instance of the innermost relationship, from the object that holds
    /// it to `target`, if the relationship's rule writes it.
    private func writeEdge(
        to target: String, relationship name: String, rule: GraphMLEdgeRule?, _ body: LibXMLTextWriter
    ) throws {
        guard case .object(let entity, let source) = stack[stack.count - 2] else { return }
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

    /// A relationship name as edge data, with a warning the first time it must be base64.
    private func relationshipName(_ name: String, of entity: String) -> XMLText {
        let text = XMLText(name)
        if let scalar = text.base64Because {
            warn(
                "relationship \(name)",
                "relationship name \(name.debugDescription) (of \(entity) or its inverse) holds "
                    + "\(XMLCharacters.describe(scalar)), which XML 1.0 cannot hold: edge labels naming it are "
                    + #"written as base64 of its UTF-8 bytes, marked gx:encoding="base64""#)
        }
        return text
    }

    /// Ends the innermost object's `<node>` element if it is still open.
    private func closeNode(_ body: LibXMLTextWriter) throws {
        guard nodeIsOpen else { return }
        nodeIsOpen = false
        try layout(level: 2, body)
        try body.endElement()
    }

    private func writeKey(
        id: String, for domain: String, name: String, type: GraphMLType, _ output: LibXMLTextWriter
    ) throws {
        let text = XMLText(name)
        if let scalar = text.base64Because {
            warn(
                "key \(name)",
                "attribute name \(name.debugDescription) holds \(XMLCharacters.describe(scalar)), which XML 1.0 "
                    + #"cannot hold: its key's attr.name is written as base64 of its UTF-8 bytes, marked gx:encoding="base64""#
            )
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
        for key in keys.keys {
            guard let declared = key.declared, let type = key.type, type != declared, let origin = key.firstMisfit
            else {
                continue
            }
            onWarning(
                Warning(
                    "\(origin): a value does not fit the type the model gives '\(key.name)', so its GraphML key "
                        + "declares \(type.rawValue) instead of \(declared.rawValue)"))
        }
    }

    /// Reports `message` unless `subject` was already reported.
    private func warn(_ subject: String, _ message: @autoclosure () -> String) {
        warnings.once(subject, Warning(message()))
    }
}
