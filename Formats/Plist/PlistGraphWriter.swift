public import GraphExport
import GraphExportLibXML

/// Writes an export as an Apple XML property list 1.0, streaming, through libxml2's `xmlTextWriter`.
///
/// Made by ``ExportFormat/plist(pretty:)`` for an export, or by hand on a sink with a warning handler, and
/// fed through a ``GraphStream``, from one thread. What it writes, value by value, and what that costs:
/// `docs/FORMATS.md`, *Each format's rules*.
public final class PlistGraphWriter: GraphWriter {
    /// What the property list format is called and carries.
    public static let format = FormatDescription(
        name: "plist", capabilities: [.nesting, .binary, .streaming, .pretty],
        summary: "Apple XML property list 1.0: a dict with @source and an @graph array of object dicts")

    /// The property list document type and its line break, as Apple's tools write them.
    private static let documentType =
        #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
        + "\n"

    /// One open dictionary or array, innermost last: what laying it out needs (the writer's
    /// ``GraphStream`` checks the grammar).
    private struct Frame {
        /// For a relationship: its key, written when to-many at once, when to-one once a destination
        /// comes (or listed in `@null`).
        var key = ""
        var isToMany = false
        /// For an object: the keys of its null attributes and empty to-one relationships.
        var nullNames: [String] = []
        /// For an object: the keys whose text is written as `<data>` of its UTF-8 bytes.
        var dataKeys: [String] = []
    }

    private let options: PlistOptions
    /// What changes as the document is written (``GraphWriter``, *Inside a writer*).
    private let state: WriterState<State>

    /// The writer's changing state.
    private struct State {
        /// The sink, the text writer and the warnings.
        var document: LibXMLDocument
        var stack: [Frame] = []
        /// The entity of the object begun last, whose attributes are written: for warnings.
        var currentEntity = ""
        /// The identifier of each open object, outermost first, for warnings and errors: apart
        /// from `stack`, and not as text, so that a level of nesting costs no more than it must.
        var objectIDs: [ObjectID] = []
        /// Names already checked to be writable as keys.
        var writableNames: Set<String> = []
    }

    /// Creates a writer that writes to `sink` and reports values a property list cannot hold as
    /// such to `onWarning`. Nothing is written, and libxml2 is not called, before ``begin(_:)``.
    public init(
        sink: any ByteSink, options: PlistOptions = PlistOptions(),
        onWarning: @escaping WarningHandler = { _ in }
    ) {
        self.options = options
        let document = LibXMLDocument(sink: sink, libxml2Failure: PlistWriterError.libxml2Failure, onWarning: onWarning)
        state = WriterState(State(document: document))
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Writes the XML declaration, the document type, the `@source` dictionary and opens the
    /// `@graph` array.
    public func begin(_ document: DocumentInfo) throws {
        let output = try state.pointee.document.begin(
            indentation: options.pretty ? "\t" : nil, documentType: Self.documentType)
        try output.startElement("plist")
        try output.writeAttribute("version", "1.0")
        try output.startElement("dict")
        try output.writeElement("key", text: "@source")
        try output.startElement("dict")
        var dataKeys: [String] = []
        for field in document.fields {
            try output.writeElement("key", text: field.key)
            if let scalar = try writeText(field.value, output) {
                dataKeys.append(field.key)
                state.pointee.document.warnings.headerFieldXMLCannotHold(
                    field.key, character: XMLCharacters.describe(scalar),
                    writtenAs: "<data> of its UTF-8 bytes and listed in @source's @utf8Data")
            }
        }
        try writeList("@utf8Data", dataKeys, output)
        try output.endElement()
        try output.writeElement("key", text: "@graph")
        try output.startElement("array")
        state.pointee.stack.append(Frame(isToMany: true))  // the `@graph` array: its objects take no key
    }

    /// Writes one event, or rejects it without writing anything when it names a property XML
    /// cannot hold (``PlistWriterError/unwritableName(name:character:id:)``).
    public func write(_ event: GraphEvent, at position: StreamPosition) throws {
        let output = state.pointee.document.openOutput()
        switch event {
        case .attribute(let name, _), .beginRelationship(let name, _): try checkName(name, of: currentObject.id)
        case .changedProperties(let names): for name in names { try checkName(name, of: currentObject.id) }
        default: break
        }
        switch event {
        case .beginObject(let entity, let id): try beginObject(entity: entity, id: id, output)
        case .changedProperties(let names): try writeChangedProperties(names, output)
        case .deleted:
            try output.writeElement("key", text: "@deleted")
            try output.writeEmptyElement("true")
        case .attribute(let name, let value): try writeAttribute(name: name, value: value, output)
        case .beginRelationship(let name, let isToMany):
            state.pointee.stack.append(Frame(key: MarkerEscape.key(for: name), isToMany: isToMany))
            guard isToMany else { return }
            try output.writeElement("key", text: state.pointee.stack[state.pointee.stack.count - 1].key)
            try output.startElement("array")
        case .reference(let id): try writeReference(id.text, output)
        case .endRelationship:
            let frame = state.pointee.stack.removeLast()
            if frame.isToMany {
                try output.endElement()
            } else if position.elementIsEmpty {
                state.pointee.stack[state.pointee.stack.count - 1].nullNames.append(frame.key)
            }
        case .endObject:
            let frame = state.pointee.stack.removeLast()
            state.pointee.objectIDs.removeLast()
            try writeList("@null", frame.nullNames, output)
            try writeList("@utf8Data", frame.dataKeys, output)
            try output.endElement()
        }
    }

    /// Writes an object's start and its attributes from the row's values, or rejects it as
    /// ``write(_:at:)`` does, without writing anything, when a name is one XML cannot hold.
    public func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        let output = state.pointee.document.openOutput()
        for name in row.attributeNames { try checkName(name, of: row.id.text) }
        for name in row.changedProperties ?? [] { try checkName(name, of: row.id.text) }
        try beginObject(entity: row.entityName, id: row.id, output)
        if let changed = row.changedProperties { try writeChangedProperties(changed, output) }
        for (name, value) in zip(row.attributeNames, row.values) {
            try writeAttribute(name: name, value: value.value, output)
        }
    }

    /// Closes the `@graph` array, the root dictionary and the document, writes the final newline
    /// and flushes the sink.
    public func finish() throws {
        try state.pointee.document.finish()
    }

    private func beginObject(entity: String, id objectID: ObjectID, _ output: LibXMLTextWriter) throws {
        let id = objectID.text
        let top = state.pointee.stack.count - 1
        if !state.pointee.stack[top].isToMany { try output.writeElement("key", text: state.pointee.stack[top].key) }
        var frame = Frame()
        state.pointee.currentEntity = entity
        state.pointee.objectIDs.append(objectID)
        try output.startElement("dict")
        try output.writeElement("key", text: "@id")
        if try writeIdentifier(id, output) { frame.dataKeys.append("@id") }
        try output.writeElement("key", text: "@type")
        if let scalar = try writeText(entity, output) {
            frame.dataKeys.append("@type")
            warnOnce(
                "@type." + entity,
                "entity \(String(reflecting: entity)) holds \(XMLCharacters.describe(scalar)), which XML 1.0 cannot "
                    + "hold: its @type is written as <data> of its UTF-8 bytes and listed in @utf8Data")
        }
        state.pointee.stack.append(frame)
    }

    /// Writes `@changed`, the array of the keys of the properties named.
    private func writeChangedProperties(_ names: [String], _ output: LibXMLTextWriter) throws {
        try output.writeElement("key", text: "@changed")
        try output.startElement("array")
        for name in names { try output.writeElement("string", text: MarkerEscape.key(for: name)) }
        try output.endElement()
    }

    private func writeAttribute(name: String, value: Value, _ output: LibXMLTextWriter) throws {
        let top = state.pointee.stack.count - 1
        let key = MarkerEscape.key(for: name)
        guard let (form, issue) = PlistValue.of(value) else {
            state.pointee.stack[top].nullNames.append(key)
            return
        }
        try output.writeElement("key", text: key)
        switch form {
        case .boolean, .ascii, .file:
            try writeScalar(form, output)
        case .array, .map:
            try writeNested(value, attribute: name, output)
        case .text(let text):
            if let scalar = try writeText(text, output) {
                state.pointee.stack[top].dataKeys.append(key)
                let (entity, id) = currentObject
                state.pointee.document.warnings.textXMLCannotHold(
                    "\(entity).\(name) (\(id))", key: "\(entity).\(name)", character: XMLCharacters.describe(scalar),
                    writtenAs: "<data> of its UTF-8 bytes, listed in the object's @utf8Data")
            }
        }
        if issue == .dateWithoutISO8601 { warnAboutDateWithoutISO8601(in: name) }
    }

    /// Writes a value inside an array or map attribute: arrays as `<array>`, maps as `<dict>` of
    /// their keys (``MarkerEscape/key(for:)``) in order, scalars as attributes are, and the two a
    /// property list cannot hold there as such as a one-key marker dictionary: null as
    /// `<dict><key>@null</key><true/></dict>`, text XML cannot hold as
    /// `<dict><key>@utf8Data</key><data>…</data></dict>`.
    private func writeNested(_ value: Value, attribute: String, _ output: LibXMLTextWriter) throws {
        guard let (form, issue) = PlistValue.of(value) else {
            try output.startElement("dict")
            try output.writeElement("key", text: "@null")
            try output.writeEmptyElement("true")
            try output.endElement()
            return
        }
        if issue == .dateWithoutISO8601 { warnAboutDateWithoutISO8601(in: attribute) }
        switch form {
        case .boolean, .ascii, .file:
            try writeScalar(form, output)
        case .text(let text):
            let checked = XMLText(text)
            guard checked.base64Because != nil else { return try output.writeElement("string", text: checked.text) }
            try output.startElement("dict")
            try output.writeElement("key", text: "@utf8Data")
            try output.writeElement("data", text: checked.text)
            try output.endElement()
        case .array(let elements):
            try output.startElement("array")
            for element in elements { try writeNested(element, attribute: attribute, output) }
            try output.endElement()
        case .map(let map):
            try output.startElement("dict")
            for entry in map {
                if let scalar = XMLCharacters.firstNonCharacter(in: entry.key) {
                    throw PlistWriterError.unwritableName(
                        name: entry.key, character: scalar, id: currentObject.id)
                }
                try output.writeElement("key", text: MarkerEscape.key(for: entry.key))
                try writeNested(entry.value, attribute: attribute, output)
            }
            try output.endElement()
        }
    }

    /// Writes a boolean, number, date or file form as its element, and nothing for text, arrays and
    /// maps, which differ between an attribute and a nested value and are written by the caller.
    private func writeScalar(_ form: PlistValue, _ output: LibXMLTextWriter) throws {
        switch form {
        case .boolean(let boolean): try output.writeEmptyElement(boolean ? "true" : "false")
        case .ascii(let element, let text): try output.writeElement(element, ascii: text)
        case .file(let file): try output.writeElement("data", base64Of: file)
        case .text, .array, .map: return
        }
    }

    private func writeReference(_ id: String, _ output: LibXMLTextWriter) throws {
        let top = state.pointee.stack.count - 1
        if !state.pointee.stack[top].isToMany { try output.writeElement("key", text: state.pointee.stack[top].key) }
        try output.startElement("dict")
        try output.writeElement("key", text: "@id")
        if try writeIdentifier(id, output) { try writeList("@utf8Data", ["@id"], output) }
        try output.endElement()
    }

    /// Writes `text` as a `<string>`, or, when XML cannot hold it, as `<data>` of its UTF-8 bytes;
    /// returns the first character XML cannot hold in the second case.
    private func writeText(_ text: String, _ output: LibXMLTextWriter) throws -> Unicode.Scalar? {
        let checked = XMLText(text)
        try output.writeElement(checked.base64Because == nil ? "string" : "data", text: checked.text)
        return checked.base64Because
    }

    /// Writes an identifier by ``writeText(_:_:)``; returns whether it went into `<data>`.
    private func writeIdentifier(_ id: String, _ output: LibXMLTextWriter) throws -> Bool {
        guard let scalar = try writeText(id, output) else { return false }
        warnOnce(
            "@id",
            "\(String(reflecting: id)) holds \(XMLCharacters.describe(scalar)), which XML 1.0 cannot hold: "
                + "identifiers holding such characters are written as <data> of their UTF-8 bytes and listed in "
                + "@utf8Data")
        return true
    }

    /// Writes `<key>key</key><array><string>…</string>…</array>` unless `names` is empty.
    private func writeList(_ key: String, _ names: [String], _ output: LibXMLTextWriter) throws {
        guard !names.isEmpty else { return }
        try output.writeElement("key", text: key)
        try output.startElement("array")
        for name in names { try output.writeElement("string", text: name) }
        try output.endElement()
    }

    /// Rejects the call unless XML can hold `name`, so that it can be a key of the object `id`.
    private func checkName(_ name: String, of id: @autoclosure () -> String) throws(GraphWriterRejection) {
        guard !state.pointee.writableNames.contains(name) else { return }
        if let scalar = XMLCharacters.firstNonCharacter(in: name) {
            throw GraphWriterRejection(PlistWriterError.unwritableName(name: name, character: scalar, id: id()))
        }
        state.pointee.writableNames.insert(name)
    }

    /// The entity and identifier of the innermost open object, for warnings and errors, which come
    /// with it innermost: after its attributes, no object nested in it has begun.
    private var currentObject: (entity: String, id: String) {
        (state.pointee.currentEntity, state.pointee.objectIDs.last?.text ?? "")
    }

    /// Warns once per attribute that its dates with no ISO 8601 form are written as seconds.
    private func warnAboutDateWithoutISO8601(in attribute: String) {
        let (entity, id) = currentObject
        state.pointee.document.warnings.dateWithoutISO8601(
            "\(entity).\(attribute) (\(id))", key: "\(entity).\(attribute)",
            writtenAs: "<real> seconds since 2001-01-01T00:00:00Z", notFinite: "nan/+infinity/-infinity")
    }

    private func warnOnce(_ key: String, _ message: @autoclosure () -> String) {
        state.pointee.document.warnings.once(key, Warning(message()))
    }
}
