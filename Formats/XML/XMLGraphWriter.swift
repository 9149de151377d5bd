public import GraphExport
import GraphExportJSONText
import GraphExportLibXML

/// Writes an export as one XML 1.0 document, streaming, through libxml2's `xmlTextWriter`.
///
/// Made by ``ExportFormat/xml(pretty:style:)`` for an export, or by hand on a sink with a warning handler, and
/// fed through a ``GraphStream``, from one thread. What it writes, value by value, and what that costs:
/// `docs/FORMATS.md`, *Each format's rules*.
public final class XMLGraphWriter: GraphWriter {
    /// What XML is called and carries, and its own option, `xml-style` (``XMLOptions/Style``).
    public static let format = FormatDescription(
        name: "xml", capabilities: [.nesting, .streaming, .pretty],
        summary: "XML 1.0: a gx:export root and one element per object, named after its entity",
        options: [
            FormatOption(
                name: XMLOptions.Style.optionName, values: XMLOptions.Style.allCases.map(\.rawValue),
                summary: "attribute values as XML attributes or as child elements")
        ])

    /// The namespace of everything the format adds to the model's names.
    public static let namespace = "urn:graphexport:1"
    private static let idName = LibXMLName("gx:id")
    private static let referenceName = LibXMLName("gx:ref")
    private static let nullName = LibXMLName("gx:null")
    private static let base64Name = LibXMLName("gx:base64")
    private static let itemName = LibXMLName("gx:item")
    private static let entryName = LibXMLName("gx:entry")
    private static let changedName = LibXMLName("gx:changed")
    private static let tombstoneName = LibXMLName("gx:tombstone")
    private static let typeName = LibXMLName("gx:type")

    /// The encoded names of one entity's rows, prepared from its first row (``ObjectRow/entity``).
    private struct RowNames {
        /// The model's attribute names they were made from.
        let attributeNames: [String]
        let element: LibXMLName
        let attributes: [LibXMLName]
    }

    private let options: XMLOptions
    /// What changes as the document is written (``GraphWriter``, *Inside a writer*).
    private let state: WriterState<State>
    /// The text of the integer, double, boolean, date or UUID being written, made without a
    /// `String` (``XMLValueText/with(_:formattingInto:_:)-(RowValue,_,_)``): apart from ``state``,
    /// so that it is lent while the state changes.
    private let scalarText = WriterState<[UInt8]>([])

    /// The writer's changing state.
    private struct State {
        /// The sink, the text writer and the warnings.
        var document: LibXMLDocument
        /// The entity and identifier of the object begun last, whose attributes are written: for
        /// warnings.
        var currentObject: (entity: String, id: ObjectID) = ("", ObjectID(""))
        /// In the attribute style, the space-separated encoded names of the innermost object's
        /// null and base64 attributes, written when its start tag closes.
        var nullNames: [UInt8] = []
        var base64Names: [UInt8] = []
        /// In the attribute style, the innermost object's array and map attributes (name, encoded
        /// name, value), written as child elements when its start tag closes.
        var structuredAttributes: [(name: String, elementName: LibXMLName, value: Value)] = []
        /// Whether the innermost object's start tag still waits for `gx:null` and `gx:base64`.
        var startTagIsOpen = false
        /// The encoded entity name of an object begun by an event and not started yet: its element
        /// is `gx:tombstone` when ``GraphEvent/deleted`` comes next, its entity's otherwise.
        var pendingElement: LibXMLName?
        /// That object's identifier text (`idText` may change with a call that is then rejected).
        var pendingID: [UInt8] = []
        /// The encoded names of the model's names, for events.
        var encodedNames: [String: LibXMLName] = [:]
        /// The text of the identifier being written, made without a `String`.
        var idText: [UInt8] = []
        /// Prefixes of numbered identifiers found to be text XML 1.0 can hold: at most
        /// ``XMLGraphWriter/checkedPrefixLimit``.
        var checkedPrefixes: [String] = []
        /// The encoded names of each entity, by index, for rows.
        var rowNames: [RowNames?] = []
        /// Per destination entity, by index, what its references' identifiers are made of
        /// (``ReferencePrefix``), learnt from its first reference.
        var referencePrefixes: [ReferencePrefix] = []
    }

    /// What the identifiers of one entity's destinations are made of (``writeRelationships(_:at:)``).
    private enum ReferencePrefix {
        /// Not asked yet.
        case notAsked
        /// The UTF-8 bytes of the prefix the decimal digits of the key's row follow, checked.
        case numbered([UInt8])
        /// A text ``ObjectRelationships/id(of:)`` gives.
        case text
    }

    /// How many identifier prefixes (one per entity, typically) are remembered as checked.
    private static let checkedPrefixLimit = 256

    /// Creates a writer that writes to `sink` and reports values XML cannot hold as such to
    /// `onWarning`. Nothing is written, and libxml2 is not called, before ``begin(_:)``.
    public init(
        sink: any ByteSink, options: XMLOptions = XMLOptions(), onWarning: @escaping WarningHandler = { _ in }
    ) {
        self.options = options
        let document = LibXMLDocument(sink: sink, libxml2Failure: XMLWriterError.libxml2Failure, onWarning: onWarning)
        state = WriterState(State(document: document))
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Writes the XML declaration and the `gx:export` start tag with the header's fields.
    public func begin(_ document: DocumentInfo) throws {
        let output = try state.pointee.document.begin(indentation: options.pretty ? "  " : nil)
        try output.startElement("gx:export")
        try output.writeAttribute("xmlns:gx", Self.namespace)
        var base64Fields: [String] = []
        for field in document.fields {
            let name = "gx:" + XMLNameEncoding.encode(field.key)
            let value = XMLText(field.value)
            if let scalar = value.base64Because {
                base64Fields.append(name)
                state.pointee.document.warnings.headerFieldXMLCannotHold(
                    field.key, character: XMLCharacters.describe(scalar),
                    writtenAs: "base64 of its UTF-8 bytes and listed in the root's gx:base64")
            }
            try output.writeAttribute(name, value.text)
        }
        if !base64Fields.isEmpty { try output.writeAttribute("gx:base64", base64Fields.joined(separator: " ")) }
    }

    /// Writes one event, or rejects it without writing anything when it names an object XML
    /// cannot hold (``XMLWriterError/unwritableIdentifier(id:character:)``).
    public func write(_ event: GraphEvent, at position: StreamPosition) throws {
        let output = state.pointee.document.openOutput()
        switch event {
        case .beginObject(let entity, let id):
            try takeIdentifier(id)
            state.pointee.currentObject = (entity, id)
        case .reference(let id):
            try takeIdentifier(id)
        default:
            break
        }
        if let pending = state.pointee.pendingElement {
            state.pointee.pendingElement = nil
            swap(&state.pointee.idText, &state.pointee.pendingID)
            if case .deleted = event {
                state.pointee.startTagIsOpen = true
                try output.startElement(Self.tombstoneName)
                try output.writeAttribute(Self.typeName, pending.text)
                return try writeIdentifier(output)
            }
            try startObject(pending, output)
        }
        switch event {
        case .beginObject(let entity, _):
            // Its element waits for the next event, which may make it a tombstone.
            state.pointee.pendingElement = encoded(entity)
            swap(&state.pointee.idText, &state.pointee.pendingID)
        case .changedProperties(let names):
            try writeChangedProperties(names, output)
        case .deleted:
            break
        case .attribute(let name, let value):
            try writeAttribute(RowValue(value), name: encoded(name), attribute: name, output)
        case .beginRelationship(let name, _):
            try closeStartTag(output)
            if XMLNameEncoding.isKeptASCII(name) {
                try output.startElement(name)
            } else {
                try output.startElement(encoded(name))
            }
        case .reference:
            try output.startElement(Self.referenceName)
            try writeIdentifier(output)
            try output.endElement()
        case .endRelationship:
            if !position.isInToMany && position.elementIsEmpty { try output.writeAttribute(Self.nullName, "true") }
            try output.endElement()
        case .endObject:
            try closeStartTag(output)
            try output.endElement()
        }
    }

    /// Writes an object's start tag and its attributes straight from the row's values, the
    /// names encoded once per entity; or rejects it as ``write(_:at:)`` does, without writing anything.
    public func beginObject(_ row: ObjectRow, at position: StreamPosition) throws {
        let output = state.pointee.document.openOutput()
        try takeIdentifier(row.id)
        state.pointee.currentObject = (row.entityName, row.id)
        let names = rowNames(for: row)
        try startObject(names.element, output)
        if let changed = row.changedProperties { try writeChangedProperties(changed, output) }
        for index in row.values.indices {
            try writeAttribute(
                row.values[index], name: names.attributes[index], attribute: row.attributeNames[index], output)
        }
    }

    /// Writes the innermost object's relationships as their events would be written, each
    /// reference's `gx:id` from its destination's key: its entity's prefix, checked once, then the
    /// key's digits, with no `ObjectID` or `String` per reference. An object begun by an event
    /// (whose element waits for the next one) gets the events.
    public func writeRelationships(_ relationships: ObjectRelationships, at position: StreamPosition) throws {
        guard state.pointee.pendingElement == nil else { return try writeEvents(of: relationships, at: position) }
        let output = state.pointee.document.openOutput()
        for index in 0..<relationships.count {
            try closeStartTag(output)
            let name = relationships.name(at: index)
            if XMLNameEncoding.isKeptASCII(name) {
                try output.startElement(name)
            } else {
                try output.startElement(encoded(name))
            }
            if relationships.isToMany(at: index) {
                for key in relationships.destinations(at: index) {
                    try writeReference(to: key, of: relationships, output)
                }
            } else if let key = relationships.destination(at: index) {
                try writeReference(to: key, of: relationships, output)
            } else {
                try output.writeAttribute(Self.nullName, "true")
            }
            try output.endElement()
        }
    }

    /// Writes the `gx:ref` element of the destination `key`.
    private func writeReference(
        to key: ObjectKey, of relationships: ObjectRelationships, _ output: LibXMLTextWriter
    ) throws {
        try takeIdentifier(of: key, in: relationships)
        try output.startElement(Self.referenceName)
        try writeIdentifier(output)
        try output.endElement()
    }

    /// Makes the state's `idText` the identifier of the destination `key`, as
    /// ``takeIdentifier(_:)`` makes it from its ``ObjectID``: the entity's prefix, learnt and
    /// checked on its first reference, then the key's digits; a text identifier through
    /// ``ObjectRelationships/id(of:)``.
    private func takeIdentifier(of key: ObjectKey, in relationships: ObjectRelationships) throws {
        if key.entity < state.pointee.referencePrefixes.count,
            case .numbered(let prefix) = state.pointee.referencePrefixes[key.entity]
        {
            state.pointee.idText.removeAll(keepingCapacity: true)
            state.pointee.idText.append(contentsOf: prefix)
            JSONText.appendInteger(key.row, to: &state.pointee.idText)
            return
        }
        try takeFirstOrTextIdentifier(of: key, in: relationships)
    }

    /// ``takeIdentifier(of:in:)`` for an entity not asked yet or whose identifiers are texts.
    @inline(never)
    private func takeFirstOrTextIdentifier(of key: ObjectKey, in relationships: ObjectRelationships) throws {
        if key.entity >= state.pointee.referencePrefixes.count {
            state.pointee.referencePrefixes += repeatElement(
                .notAsked, count: key.entity + 1 - state.pointee.referencePrefixes.count)
        }
        if case .notAsked = state.pointee.referencePrefixes[key.entity] {
            if let prefix = relationships.numberedIDPrefix(ofEntity: key.entity) {
                if let scalar = XMLCharacters.firstNonCharacter(in: prefix) {
                    // The identifier the events would have rejected.
                    let id = relationships.id(of: key)
                    throw GraphWriterRejection(XMLWriterError.unwritableIdentifier(id: id.text, character: scalar))
                }
                state.pointee.referencePrefixes[key.entity] = .numbered(Array(prefix.utf8))
                return try takeIdentifier(of: key, in: relationships)
            }
            state.pointee.referencePrefixes[key.entity] = .text
        }
        try takeIdentifier(relationships.id(of: key))
    }

    /// Closes the root element and the document, writes the final newline and flushes the sink.
    public func finish() throws {
        try state.pointee.document.finish()
    }

    /// Makes the state's `idText` the text of `id`, or rejects an identifier XML cannot hold.
    /// Only the prefix can hold such a character (digits cannot), and each prefix of a numbered
    /// identifier is checked once; a text identifier, whose text is its prefix and seldom comes
    /// again, is checked each time rather than looked for among the checked prefixes.
    private func takeIdentifier(_ id: ObjectID) throws(GraphWriterRejection) {
        if id.numericSuffix == nil {
            if let scalar = XMLCharacters.firstNonCharacter(in: id.textPrefix) {
                throw GraphWriterRejection(XMLWriterError.unwritableIdentifier(id: id.text, character: scalar))
            }
        } else if !state.pointee.checkedPrefixes.contains(id.textPrefix) {
            if let scalar = XMLCharacters.firstNonCharacter(in: id.textPrefix) {
                throw GraphWriterRejection(XMLWriterError.unwritableIdentifier(id: id.text, character: scalar))
            }
            if state.pointee.checkedPrefixes.count < Self.checkedPrefixLimit {
                state.pointee.checkedPrefixes.append(id.textPrefix)
            }
        }
        state.pointee.idText.removeAll(keepingCapacity: true)
        state.pointee.idText.append(contentsOf: id.textPrefix.utf8)
        if let number = id.numericSuffix { JSONText.appendInteger(number, to: &state.pointee.idText) }
    }

    /// Writes `gx:id` with the identifier taken last (``takeIdentifier(_:)``).
    private func writeIdentifier(_ output: LibXMLTextWriter) throws {
        try state.pointee.idText.withUnsafeBytes { try output.writeAttribute(Self.idName, utf8: $0) }
    }

    /// Starts the element of an object, with the `gx:id` taken last, its start tag left open.
    private func startObject(_ element: LibXMLName, _ output: LibXMLTextWriter) throws {
        state.pointee.startTagIsOpen = true
        try output.startElement(element)
        try writeIdentifier(output)
    }

    /// Writes `gx:changed`, the encoded names of the properties named, space-separated.
    private func writeChangedProperties(_ names: [String], _ output: LibXMLTextWriter) throws {
        var list: [UInt8] = []
        for name in names { Self.appendName(encoded(name), to: &list) }
        try list.withUnsafeBytes { try output.writeAttribute(Self.changedName, utf8: $0) }
    }

    /// Writes `value`, of the model attribute `attribute` whose encoded name is `name`: an XML
    /// attribute in the attribute style (null and base64 ones listed when the tag closes, arrays
    /// and maps written as elements then), a child element in the element style.
    private func writeAttribute(
        _ value: RowValue, name: LibXMLName, attribute: String, _ output: LibXMLTextWriter
    ) throws {
        if options.style == .elements { return try writeElement(name, value: value, attribute: attribute, output) }
        switch value {
        case .other(.array), .other(.map):
            // An element cannot go in a start tag: it waits for the tag to close.
            state.pointee.structuredAttributes.append((attribute, name, value.value))
            return
        default:
            break
        }
        try XMLValueText.with(value, formattingInto: &scalarText.pointee) { text, issue in
            if let issue { warn(issue, attribute, mark: "listed in gx:base64") }
            switch text {
            case .null:
                Self.appendName(name, to: &state.pointee.nullNames)
            case .text(let bytes):
                try output.writeAttribute(name, utf8: bytes)
            case .base64(let bytes, let isText):
                if isText { Self.appendName(name, to: &state.pointee.base64Names) }
                try output.writeAttribute(name, base64Of: bytes)
            case .file(let file):
                try output.writeAttribute(name, base64Of: file)
            }
        }
    }

    /// Writes `value` as the element `elementName`: an array as `gx:type="array"` and one `gx:item`
    /// per element, a map as `gx:type="map"` and one `gx:entry` per entry with its key in `key`,
    /// anything else as its text, `gx:null="true"` or base64 with `gx:encoding="base64"`.
    /// `attribute` is the model attribute the value belongs to, for warnings.
    private func writeElement(
        _ elementName: LibXMLName, value: RowValue, key: String? = nil, attribute: String, _ output: LibXMLTextWriter
    ) throws {
        try output.startElement(elementName)
        if let key {
            let checked = XMLText(key)
            try output.writeAttribute("key", checked.text)
            if checked.base64Because != nil { try output.writeAttribute("gx:keyEncoding", "base64") }
        }
        switch value {
        case .other(.array(let elements)):
            try output.writeAttribute("gx:type", "array")
            for element in elements {
                try writeElement(Self.itemName, value: RowValue(element), attribute: attribute, output)
            }
        case .other(.map(let map)):
            try output.writeAttribute("gx:type", "map")
            for entry in map {
                try writeElement(
                    Self.entryName, value: RowValue(entry.value), key: entry.key, attribute: attribute, output)
            }
        default:
            try XMLValueText.with(value, formattingInto: &scalarText.pointee) { text, issue in
                if let issue { warn(issue, attribute, mark: #"marked gx:encoding="base64""#) }
                switch text {
                case .null:
                    try output.writeAttribute(Self.nullName, "true")
                case .text(let bytes):
                    try output.writeString(utf8: bytes)
                case .base64(let bytes, let isText):
                    if isText { try output.writeAttribute("gx:encoding", "base64") }
                    try output.writeBase64(of: bytes)
                case .file(let file):
                    try output.writeBase64(of: file)
                }
            }
        }
        try output.endElement()
    }

    /// Writes the innermost object's `gx:null` and `gx:base64` lists, if it has them and they are
    /// not written yet.
    private func closeStartTag(_ output: LibXMLTextWriter) throws {
        guard state.pointee.startTagIsOpen else { return }
        state.pointee.startTagIsOpen = false
        if !state.pointee.nullNames.isEmpty {
            try state.pointee.nullNames.withUnsafeBytes { try output.writeAttribute(Self.nullName, utf8: $0) }
            state.pointee.nullNames.removeAll(keepingCapacity: true)
        }
        if !state.pointee.base64Names.isEmpty {
            try state.pointee.base64Names.withUnsafeBytes { try output.writeAttribute(Self.base64Name, utf8: $0) }
            state.pointee.base64Names.removeAll(keepingCapacity: true)
        }
        for (name, elementName, value) in state.pointee.structuredAttributes {
            try writeElement(elementName, value: .other(value), attribute: name, output)
        }
        state.pointee.structuredAttributes.removeAll(keepingCapacity: true)
    }

    /// Appends `name` to a space-separated list of names.
    private static func appendName(_ name: LibXMLName, to list: inout [UInt8]) {
        if !list.isEmpty { list.append(UInt8(ascii: " ")) }
        list.append(contentsOf: name.text.utf8)
    }

    /// The NCName that stands for a model name, encoded once per name (a name
    /// ``XMLNameEncoding/isKeptASCII(_:)`` passes needs no lookup where a `String` will do).
    private func encoded(_ name: String) -> LibXMLName {
        if let known = state.pointee.encodedNames[name] { return known }
        let encodedName = LibXMLName(XMLNameEncoding.encode(name))
        state.pointee.encodedNames[name] = encodedName
        return encodedName
    }

    /// The encoded names of the entity of `row`, made once per entity index (again should its
    /// names change, which ``ObjectRow`` rules out within a document).
    private func rowNames(for row: ObjectRow) -> RowNames {
        if row.entity < state.pointee.rowNames.count, let known = state.pointee.rowNames[row.entity],
            known.attributeNames == row.attributeNames
        {
            return known
        }
        let names = RowNames(
            attributeNames: row.attributeNames, element: encoded(row.entityName),
            attributes: row.attributeNames.map(encoded))
        if row.entity >= state.pointee.rowNames.count {
            state.pointee.rowNames += repeatElement(nil, count: row.entity + 1 - state.pointee.rowNames.count)
        }
        state.pointee.rowNames[row.entity] = names
        return names
    }

    /// Warns once per attribute of the innermost object; `mark` says how base64 text is marked
    /// where this value went.
    private func warn(_ issue: XMLValueText.Issue, _ name: String, mark: String) {
        let object = state.pointee.currentObject
        let attribute = "\(object.entity).\(name)"
        switch issue {
        case .nonCharacter(let scalar):
            state.pointee.document.warnings.textXMLCannotHold(
                "\(attribute) (\(object.id.text))", key: attribute, character: XMLCharacters.describe(scalar),
                writtenAs: "base64 of its UTF-8 bytes, \(mark)")
        case .dateWithoutISO8601:
            state.pointee.document.warnings.dateWithoutISO8601(
                "\(attribute) (\(object.id.text))", key: attribute, writtenAs: "seconds since 2001-01-01T00:00:00Z",
                notFinite: "NaN/INF/-INF")
        }
    }
}
