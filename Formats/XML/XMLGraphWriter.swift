public import GraphExport
import GraphExportLibXML

/// Writes an export as one XML 1.0 document, streaming, through libxml2's `xmlTextWriter`.
///
/// **Document.** `<?xml version="1.0" encoding="UTF-8"?>`, then one root element `gx:export`
/// declaring `xmlns:gx="urn:graphexport:1"`, with one attribute per header field
/// (``DocumentInfo/fields``, in their order), its key prefixed: `gx:generator`, `gx:sourceKind`,
/// `gx:source`, `gx:storeUUID`, …, `gx:shape`. The root holds the top-level objects. Everything the
/// format adds is in the `gx` namespace; every name from the model is in no namespace, so the two
/// never collide (a model attribute named `id` is `id`, the identifier is `gx:id`).
///
/// **Objects.** An object is an element named after its entity, with `gx:id` (its ``ObjectID``). In
/// the default attribute style (``XMLOptions/Style/attributes``) each non-null attribute value is
/// an XML attribute, and the names of the null ones are listed, space-separated, in `gx:null`:
/// `<Photo gx:id="Photo/2" caption="" rating="4.5" gx:null="takenAt sourceURL">`, so a null value,
/// an empty string and an attribute the entity lacks are three different things. In the element
/// style (``XMLOptions/Style/elements``) each attribute is a child element, in model order, before
/// the relationships: `<caption>Beach</caption>`, `<caption></caption>` for the empty string,
/// `<takenAt gx:null="true"/>` for null.
///
/// **Relationships** follow as child elements named after the relationship. One holds the objects
/// nested there, written in full, and references to objects written in full elsewhere,
/// `<gx:ref gx:id="Tag/5"/>`. An empty to-many relationship is an empty element (`<tags/>`); an
/// empty to-one relationship is `<cover gx:null="true"/>`, so that no empty element is ambiguous.
///
/// **Values** are text: integers as exact digits; doubles as the shortest text that reads back to
/// the same bits (`0.1`, `1e-05`, `-0.0`, `5e+20`), NaN and the infinities as `NaN`, `INF` and
/// `-INF` (all of it the lexical space of `xsd:double`; the sign and payload of a NaN are not
/// kept); decimals as their exact text; booleans `true` and `false`; dates as ISO 8601 in UTC
/// (``Timestamp/iso8601``, which gives −0.0 seconds the text of 0.0), or, for a date that has no
/// such form, its seconds since 2001-01-01T00:00:00Z by the double rule, with a warning; binary
/// values as base64 (RFC 4648, padded); UUIDs as canonical lowercase text; strings and URIs as they
/// are.
///
/// **Arrays and maps** are child elements in both styles (in the attribute style after the start
/// tag, before the relationships), named after the attribute and marked `gx:type="array"` or
/// `gx:type="map"`. An array holds one `gx:item` element per element and a map one `gx:entry`
/// element per entry, in order, its key in the unprefixed attribute `key`; each item or entry is
/// written as an attribute is in the element style, and nests the same way:
/// `<tags gx:type="array"><gx:item>a</gx:item><gx:item gx:null="true"/></tags>`,
/// `<size gx:type="map"><gx:entry key="w">3</gx:entry></size>`. A key XML cannot hold is its
/// base64, marked `gx:keyEncoding="base64"`.
///
/// **Text XML cannot hold.** XML 1.0's `Char` production leaves out U+0000–U+001F other than tab,
/// line feed and carriage return, and U+FFFE and U+FFFF; no escape brings them back. A value whose
/// text holds one is written as the base64 of its UTF-8 bytes, and marked: in the attribute style
/// its name is listed, space-separated, in the object's `gx:base64` attribute; in the element style
/// its element has `gx:encoding="base64"`. Each attribute (`Entity.attribute`) so written is
/// reported in one warning. A header field is handled the same way, listed in the root's
/// `gx:base64` by its attribute name (`gx:source`). Tab, line feed and carriage return survive: in
/// attribute values they are written as `&#9;`, `&#10;` and `&#13;`, and a carriage return in text
/// as `&#13;`, so that a parser's normalization of white space and line ends gives back the exact
/// value. An object identifier XML cannot hold is an error
/// (``XMLWriterError/unwritableIdentifier(id:character:)``).
///
/// **Names.** An entity, attribute or relationship name that is not an XML NCName (Namespaces in
/// XML 1.0, with the XML 1.0 Fifth Edition name characters) is encoded reversibly by the
/// `XmlConvert.EncodeName` convention: each offending character becomes `_xHHHH_`, its Unicode
/// scalar value in at least four uppercase hexadecimal digits (`my column` → `my_x0020_column`,
/// `a:b` → `a_x003A_b`, `1abc` → `_x0031_abc`, `é` stays). The underscore of a literal `_x` is
/// encoded too (`_x0041_` → `_x005F_x0041_`), `xmlns` is written `_x0078_mlns`, and the empty name
/// is `_x_`. To decode, read each `_x`, four to six hexadecimal digits and `_` as one character,
/// and `_x_` alone as the empty name; every other character stands for itself. The lists in
/// `gx:null` and `gx:base64` hold encoded names, which never contain spaces.
///
/// **Streaming.** Each event is written as it arrives, and each row (``beginObject(_:)``) straight
/// from its borrowed text and bytes, its entity's encoded names made once per entity; the writer holds only its stack of open
/// elements and, for the object being opened, the names of its null and base64 attributes. Neither
/// it nor libxml2's writer recurses, so nesting depth is bounded by memory, not by the call stack;
/// pretty output costs time and space that grow with the square of the depth
/// (``XMLOptions/pretty``). A ``Value/binaryFile(_:)`` value is written as its bytes would be, its
/// base64 streamed from the file in chunks of 64 KiB, so that memory stays flat whatever its
/// size. libxml2's output goes through an ``OutputBuffer``, so the sink receives
/// blocks of about 64 KiB; the sink's error, if it throws one, is rethrown as it is, by that call
/// and every later one. The writer throws ``GraphStreamError`` for an event stream that is not well
/// nested (``GraphStreamValidator``) and checks each event before writing anything for it. Pretty
/// output indents by two spaces; both forms end with a newline.
///
/// **Reading deep documents.** libxml2's tree builder (behind `xmlReadMemory` and `xmlTextReader`)
/// finds the namespace of every `gx:`-prefixed name by walking up the ancestors, so building a tree
/// of a 100 000-deep export takes minutes; its SAX2 interface reads one in about a second. Deep
/// documents also need `XML_PARSE_HUGE` (or the equivalent) in most parsers.
public final class XMLGraphWriter: GraphWriter {
    /// The namespace of everything the format adds to the model's names.
    public static let namespace = "urn:graphexport:1"
    private static let idName = LibXMLName("gx:id")
    private static let itemName = LibXMLName("gx:item")
    private static let entryName = LibXMLName("gx:entry")

    /// The encoded names of one entity's rows, prepared from its first row (``ObjectRow/entity``).
    private struct RowNames {
        /// The model's attribute names they were made from.
        let attributeNames: [String]
        let element: LibXMLName
        let attributes: [LibXMLName]
    }

    private let sink: any ByteSink
    private let options: XMLOptions
    private let onWarning: WarningHandler
    private var output: LibXMLTextWriter?
    /// The stream's grammar, checked before anything is written for a call.
    private var validator = GraphStreamValidator()
    /// In the attribute style, the encoded names of the innermost object's null and base64
    /// attributes, written when its start tag closes.
    private var nullNames: [String] = []
    private var base64Names: [String] = []
    /// In the attribute style, the innermost object's array and map attributes (name, encoded
    /// name, value), written as child elements when its start tag closes.
    private var structuredAttributes: [(name: String, elementName: LibXMLName, value: Value)] = []
    /// Whether the innermost object's start tag still waits for `gx:null` and `gx:base64`.
    private var startTagIsOpen = false
    /// The encoded names of the model's names, for events.
    private var encodedNames: [String: LibXMLName] = [:]
    /// The encoded names of each entity, by index, for rows.
    private var rowNames: [RowNames?] = []
    /// The attributes (`Entity.name`) already warned about, one set per kind of warning.
    private var warnedBase64: Set<String> = []
    private var warnedDates: Set<String> = []

    /// Creates a writer that writes to `sink` and reports values XML cannot hold as such to
    /// `onWarning`. Nothing is written, and libxml2 is not called, before ``begin(_:)``.
    public init(
        sink: any ByteSink, options: XMLOptions = XMLOptions(), onWarning: @escaping WarningHandler = { _ in }
    ) {
        self.sink = sink
        self.options = options
        self.onWarning = onWarning
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Writes the XML declaration and the `gx:export` start tag with the header's fields.
    public func begin(_ document: DocumentInfo) throws {
        try validator.begin()
        let output: LibXMLTextWriter
        do {
            output = try LibXMLTextWriter(
                sink: sink, indentation: options.pretty ? "  " : nil, libxml2Failure: XMLWriterError.libxml2Failure)
        } catch {
            validator.stop()
            throw error
        }
        self.output = output
        try output.startDocument()
        try output.startElement("gx:export")
        try output.writeAttribute("xmlns:gx", Self.namespace)
        var base64Fields: [String] = []
        for field in document.fields {
            let name = "gx:" + XMLNameEncoding.encode(field.key)
            let value = XMLText(field.value)
            if let scalar = value.base64Because {
                base64Fields.append(name)
                onWarning(
                    Warning(
                        "the header's \(field.key) holds \(XMLCharacters.describe(scalar)), which XML 1.0 cannot "
                            + "hold: written as base64 of its UTF-8 bytes and listed in the root's gx:base64"))
            }
            try output.writeAttribute(name, value.text)
        }
        if !base64Fields.isEmpty { try output.writeAttribute("gx:base64", base64Fields.joined(separator: " ")) }
    }

    /// Writes one event, or throws without writing anything when the event does not fit where the
    /// stream is (``GraphStreamError``) or names an object XML cannot hold
    /// (``XMLWriterError/unwritableIdentifier(id:character:)``).
    ///
    /// Once the sink or libxml2 has failed, every call throws that first error again.
    public func write(_ event: GraphEvent) throws {
        if let failure = output?.failure { throw failure }
        let id: String
        switch event {
        case .beginObject(_, let objectID), .reference(let objectID):
            id = try Self.checkedText(of: objectID)
        default:
            id = ""
        }
        let endsToMany = validator.isInToMany
        let wasEmpty = try validator.accept(event)
        guard let output else { throw GraphStreamError.notBegun }
        switch event {
        case .beginObject(let entity, _):
            try startObject(encoded(entity), id: id, output)
        case .attribute(let name, let value):
            try writeAttribute(RowValue(value), name: encoded(name), attribute: name, output)
        case .beginRelationship(let name, _):
            try closeStartTag(output)
            try output.startElement(encoded(name))
        case .reference:
            try output.startElement("gx:ref")
            try output.writeAttribute(Self.idName, id)
            try output.endElement()
        case .endRelationship:
            if !endsToMany && wasEmpty { try output.writeAttribute("gx:null", "true") }
            try output.endElement()
        case .endObject:
            try closeStartTag(output)
            try output.endElement()
        }
    }

    /// Writes an object's start tag and its attributes straight from the row's values, the
    /// names encoded once per entity; or throws as ``write(_:)`` does, without writing anything.
    public func beginObject(_ row: ObjectRow) throws {
        if let failure = output?.failure { throw failure }
        let id = try Self.checkedText(of: row.id)
        try validator.beginObject(row)
        guard let output else { throw GraphStreamError.notBegun }
        let names = rowNames(for: row)
        try startObject(names.element, id: id, output)
        for index in row.values.indices {
            try writeAttribute(
                row.values[index], name: names.attributes[index], attribute: row.attributeNames[index], output)
        }
    }

    /// Closes the root element and the document, writes the final newline and flushes the sink.
    public func finish() throws {
        if let failure = output?.failure { throw failure }
        try validator.finish()
        try output?.endDocument()
    }

    /// The text of `id`, or the error for an identifier XML cannot hold.
    private static func checkedText(of id: ObjectID) throws(XMLWriterError) -> String {
        let text = id.text
        if let scalar = XMLCharacters.firstNonCharacter(in: text) {
            throw .unwritableIdentifier(id: text, character: scalar)
        }
        return text
    }

    /// Starts the element of an object, with its `gx:id`, its start tag left open.
    private func startObject(_ element: LibXMLName, id: String, _ output: LibXMLTextWriter) throws {
        startTagIsOpen = true
        try output.startElement(element)
        try output.writeAttribute(Self.idName, id)
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
            structuredAttributes.append((attribute, name, value.value))
            return
        default:
            break
        }
        try XMLValueText.with(value) { text, issue in
            if let issue { warn(issue, attribute, mark: "listed in gx:base64") }
            switch text {
            case .null:
                nullNames.append(name.text)
            case .text(let bytes):
                try output.writeAttribute(name, utf8: bytes)
            case .base64(let bytes, let isText):
                if isText { base64Names.append(name.text) }
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
            try XMLValueText.with(value) { text, issue in
                if let issue { warn(issue, attribute, mark: #"marked gx:encoding="base64""#) }
                switch text {
                case .null:
                    try output.writeAttribute("gx:null", "true")
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
        guard startTagIsOpen else { return }
        startTagIsOpen = false
        if !nullNames.isEmpty {
            try output.writeAttribute("gx:null", nullNames.joined(separator: " "))
            nullNames.removeAll(keepingCapacity: true)
        }
        if !base64Names.isEmpty {
            try output.writeAttribute("gx:base64", base64Names.joined(separator: " "))
            base64Names.removeAll(keepingCapacity: true)
        }
        for (name, elementName, value) in structuredAttributes {
            try writeElement(elementName, value: .other(value), attribute: name, output)
        }
        structuredAttributes.removeAll(keepingCapacity: true)
    }

    /// The NCName that stands for a model name, encoded once per name.
    private func encoded(_ name: String) -> LibXMLName {
        if let known = encodedNames[name] { return known }
        let encodedName = LibXMLName(XMLNameEncoding.encode(name))
        encodedNames[name] = encodedName
        return encodedName
    }

    /// The encoded names of the entity of `row`, made once per entity index (again should its
    /// names change, which ``ObjectRow`` rules out within a document).
    private func rowNames(for row: ObjectRow) -> RowNames {
        if row.entity < rowNames.count, let known = rowNames[row.entity], known.attributeNames == row.attributeNames {
            return known
        }
        let names = RowNames(
            attributeNames: row.attributeNames, element: encoded(row.entityName),
            attributes: row.attributeNames.map(encoded))
        if row.entity >= rowNames.count { rowNames += repeatElement(nil, count: row.entity + 1 - rowNames.count) }
        rowNames[row.entity] = names
        return names
    }

    /// Warns once per attribute of the innermost object; `mark` says how base64 text is marked
    /// where this value went.
    private func warn(_ issue: XMLValueText.Issue, _ name: String, mark: String) {
        guard let object = validator.currentObject else { return }
        let attribute = "\(object.entity).\(name)"
        let id = object.id.text
        switch issue {
        case .nonCharacter(let scalar):
            guard warnedBase64.insert(attribute).inserted else { return }
            onWarning(
                Warning(
                    "\(attribute) (\(id)): \(XMLCharacters.describe(scalar)) cannot be written in XML 1.0, so text "
                        + "of this attribute holding such characters is written as base64 of its UTF-8 bytes, \(mark)"
                ))
        case .dateWithoutISO8601:
            guard warnedDates.insert(attribute).inserted else { return }
            onWarning(
                Warning(
                    "\(attribute) (\(id)): dates with no ISO 8601 form (not finite, or 10^15 seconds or more from "
                        + "2001) written as seconds since 2001-01-01T00:00:00Z, NaN/INF/-INF when not finite"))
        }
    }
}
