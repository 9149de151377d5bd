public import GraphExport
import GraphExportLibXML

/// Writes an export as an Apple XML property list 1.0, streaming, through libxml2's `xmlTextWriter`.
///
/// **Document.** `<?xml version="1.0" encoding="UTF-8"?>`, the document type
/// `<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">`,
/// then `<plist version="1.0">` holding one `<dict>` with two keys, as in the JSON format:
/// `@source`, a `<dict>` of the header's fields (``DocumentInfo/fields``) as `<string>`s, and
/// `@graph`, an `<array>` of the top-level objects.
///
/// **Objects.** An object is a `<dict>`: `@id` (its ``ObjectID``) and `@type` (its entity) as
/// `<string>`s, then one key per attribute and per relationship, named as the model names them, in
/// the order the traversal gives them, except that a name starting with `@` is written with one
/// more `@` (``MarkerEscape``: `@id` is `@@id`), so that a key starting with a single `@` is always
/// a marker. A to-many relationship is an `<array>`, empty `<array/>`; a
/// to-one relationship is its destination. A destination is either an object written in full where
/// it nests or a reference, `<dict><key>@id</key><string>…</string></dict>`, to an object written
/// in full elsewhere.
///
/// **Changes.** In an export of what changed since a history token, an updated object has
/// `@changed` after `@type`: an `<array>` of the keys of the properties its updates touched (empty
/// when they name none the export writes); an object inserted since then has none; a deleted
/// object is a top-level `<dict>` with `@deleted` `<true/>`, the attributes the store kept of it,
/// and no relationships.
///
/// **Null.** A property list has no null. A null attribute and an empty to-one relationship have no
/// key; the keys they would have are listed, in the order they came, in the object's `@null`, an
/// `<array>` of `<string>`s written after its relationships and present only when not empty. So
/// null, an empty string and a property the entity lacks are three different things.
///
/// **Values.** Integers are `<integer>` with exact digits. Doubles are `<real>` with the shortest
/// text that reads back to the same bits (`0.1`, `1e-05`, `-0.0`, `5e+20`); NaN and the infinities
/// are `<real>nan</real>`, `<real>+infinity</real>` and `<real>-infinity</real>`, the spellings
/// Core Foundation writes and reads and Python's `plistlib` reads (the sign and payload of a NaN
/// are not kept). Decimals are `<string>`s of their exact text (`12.50`), which a `<real>` would
/// round. Booleans are `<true/>` and `<false/>`. Binary values are `<data>`: base64 (RFC 4648,
/// padded) on one line; a ``Value/binaryFile(_:)`` value is written as its bytes would be, its
/// base64 streamed from the file in chunks of 64 KiB, so that memory stays flat whatever its
/// size. UUIDs are `<string>`s of their canonical lowercase text; strings and URIs
/// `<string>`s.
///
/// **Dates.** A plist `<date>` holds whole seconds in the years 0001–9999 only
/// (`YYYY-MM-DDTHH:MM:SSZ`), so a date is a `<date>` when it is exactly such a value, and otherwise
/// a `<string>` of its full ISO 8601 text in UTC (``Timestamp/iso8601``, the JSON format's text:
/// `2011-05-05T10:30:00.25Z`, `-0001-12-31T00:00:00Z`), so that nothing is rounded. A date with no
/// ISO 8601 form (not finite, or 10^15 seconds or more from 2001) is a `<real>` of its seconds
/// since 2001-01-01T00:00:00Z, by the double rule, with one warning per attribute. A reader tells
/// the three apart by the element: `<date>`, `<string>` (ISO 8601) or `<real>` (seconds).
///
/// **Text XML cannot hold.** XML 1.0's `Char` production leaves out U+0000–U+001F other than tab,
/// line feed and carriage return, and U+FFFE and U+FFFF; no escape brings them back, so no plist
/// `<string>` can hold them. Any text that holds one (a string, URI or decimal value, an `@id` or
/// `@type`, a header field) is written as `<data>` of its UTF-8 bytes instead, and its key is
/// listed in `@utf8Data`, an `<array>` of `<string>`s in the same dictionary (the object, after
/// `@null`; a reference; `@source`), present only when not empty. Each attribute (`Entity.name`),
/// the identifiers, each entity name and each header field so written is reported in one warning.
/// Tab, line feed and carriage return survive (a carriage return is written `&#13;`, so that a
/// parser's line-end normalization gives it back). An attribute or relationship name XML cannot
/// hold cannot be a key: it is an error, ``PropertyListWriterError/unwritableName(name:character:id:)``.
///
/// **Arrays and maps** are `<array>` and `<dict>`, a map's keys in order and escaped as property
/// names are (``MarkerEscape/key(for:)``), their values written as attributes are. What a property
/// list cannot hold there as such is a one-key marker dictionary: a null element or entry is
/// `<dict><key>@null</key><true/></dict>`, text XML cannot hold
/// `<dict><key>@utf8Data</key><data>…</data></dict>` (its UTF-8 bytes). A map key XML cannot hold
/// is an error, as a property name is.
///
/// **Reading back.** With the model, each value reads back exactly: an attribute's type and the
/// element holding it say what it is (a `<string>` or a `<data>` listed in `@utf8Data` in a
/// string attribute is text; in a date attribute `<date>`, `<string>` and `<real>` are the three
/// forms above); a missing key listed in `@null` is null.
///
/// **Streaming.** Each event is written as it arrives; the writer holds only its stack of open
/// dictionaries and arrays and, for each open object, the names for its `@null` and `@utf8Data`.
/// Neither it nor libxml2's writer recurses, so nesting depth is bounded by memory, not by the
/// call stack (in compact form; see ``PropertyListOptions/pretty``). Readers may still refuse very
/// deep trees: an object nests one or two elements below its owner, and libxml2's parser stops at
/// 256 levels (2048 with `XML_PARSE_HUGE`); export such graphs in the flat shape, which nests
/// nothing. libxml2's output goes through
/// an ``OutputBuffer``, so the sink receives blocks of about 64 KiB; the sink's error, if it throws
/// one, is rethrown as it is. The writer throws ``GraphStreamError`` for an event stream that is not
/// well nested (``GraphStreamValidator``), checking each event before writing anything for it. Pretty output puts
/// each element on its own line, indented by one tab per level; both forms end with a newline.
public final class PropertyListGraphWriter: GraphWriter {
    /// The property list document type and its line break, as Apple's tools write them.
    private static let documentType =
        #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
        + "\n"

    /// One open dictionary or array, innermost last: what laying it out needs (the stream's grammar
    /// is the validator's).
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

    private let sink: any ByteSink
    private let options: PropertyListOptions
    private var output: LibXMLTextWriter?
    /// The stream's grammar, checked before anything is written for a call.
    private var validator = GraphStreamValidator()
    private var stack: [Frame] = []
    /// Names already checked to be writable as keys.
    private var writableNames: Set<String> = []
    /// The warnings given, each once.
    private var warnings: FormatWarnings

    /// Creates a writer that writes to `sink` and reports values a property list cannot hold as
    /// such to `onWarning`. Nothing is written, and libxml2 is not called, before ``begin(_:)``.
    public init(
        sink: any ByteSink, options: PropertyListOptions = PropertyListOptions(),
        onWarning: @escaping WarningHandler = { _ in }
    ) {
        self.sink = sink
        self.options = options
        self.warnings = FormatWarnings(onWarning: onWarning)
    }

    /// `true`: ``Value/binaryFile(_:)`` values are streamed.
    public var streamsFileBytes: Bool { true }

    /// Writes the XML declaration, the document type, the `@source` dictionary and opens the
    /// `@graph` array.
    public func begin(_ document: DocumentInfo) throws {
        try validator.begin()
        let output: LibXMLTextWriter
        do {
            output = try LibXMLTextWriter(
                sink: sink, indentation: options.pretty ? "\t" : nil,
                libxml2Failure: PropertyListWriterError.libxml2Failure)
        } catch {
            validator.stop()
            throw error
        }
        self.output = output
        try output.startDocument()
        // Written raw: xmlTextWriterWriteDTD breaks the declaration over lines when indenting.
        try output.writeRaw(Self.documentType)
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
                warnings.headerFieldXMLCannotHold(
                    field.key, character: XMLCharacters.describe(scalar),
                    writtenAs: "<data> of its UTF-8 bytes and listed in @source's @utf8Data")
            }
        }
        try writeList("@utf8Data", dataKeys, output)
        try output.endElement()
        try output.writeElement("key", text: "@graph")
        try output.startElement("array")
        stack.append(Frame(isToMany: true))  // the `@graph` array: its objects take no key
    }

    /// Writes one event, or throws without writing anything when the event does not fit where the
    /// stream is (``GraphStreamError``) or names a property XML cannot hold
    /// (``PropertyListWriterError/unwritableName(name:character:id:)``).
    ///
    /// Once the sink or libxml2 has failed, every call throws that first error again.
    public func write(_ event: GraphEvent) throws {
        if let failure = output?.failure { throw failure }
        switch event {
        case .attribute(let name, _), .beginRelationship(let name, _): try checkName(name, of: currentObject.id)
        case .changedProperties(let names): for name in names { try checkName(name, of: currentObject.id) }
        default: break
        }
        let wasEmpty = try validator.accept(event)
        guard let output else { throw GraphStreamError.notBegun }
        switch event {
        case .beginObject(let entity, let id): try beginObject(entity: entity, id: id.text, output)
        case .changedProperties(let names): try writeChangedProperties(names, output)
        case .deleted:
            try output.writeElement("key", text: "@deleted")
            try output.writeEmptyElement("true")
        case .attribute(let name, let value): try writeAttribute(name: name, value: value, output)
        case .beginRelationship(let name, let isToMany):
            stack.append(Frame(key: MarkerEscape.key(for: name), isToMany: isToMany))
            guard isToMany else { return }
            try output.writeElement("key", text: stack[stack.count - 1].key)
            try output.startElement("array")
        case .reference(let id): try writeReference(id.text, output)
        case .endRelationship:
            let frame = stack.removeLast()
            if frame.isToMany {
                try output.endElement()
            } else if wasEmpty {
                stack[stack.count - 1].nullNames.append(frame.key)
            }
        case .endObject:
            let frame = stack.removeLast()
            try writeList("@null", frame.nullNames, output)
            try writeList("@utf8Data", frame.dataKeys, output)
            try output.endElement()
        }
    }

    /// Writes an object's start and its attributes from the row's values, or throws as
    /// ``write(_:)`` does, without writing anything when a name is one XML cannot hold or the row
    /// does not fit where the stream is.
    public func beginObject(_ row: ObjectRow) throws {
        if let failure = output?.failure { throw failure }
        for name in row.attributeNames { try checkName(name, of: row.id.text) }
        for name in row.changedProperties ?? [] { try checkName(name, of: row.id.text) }
        try validator.beginObject(row)
        guard let output else { throw GraphStreamError.notBegun }
        try beginObject(entity: row.entityName, id: row.id.text, output)
        if let changed = row.changedProperties { try writeChangedProperties(changed, output) }
        for (name, value) in zip(row.attributeNames, row.values) {
            try writeAttribute(name: name, value: value.value, output)
        }
    }

    /// Closes the `@graph` array, the root dictionary and the document, writes the final newline
    /// and flushes the sink.
    public func finish() throws {
        if let failure = output?.failure { throw failure }
        try validator.finish()
        stack.removeAll()
        try output?.endDocument()
    }

    private func beginObject(entity: String, id: String, _ output: LibXMLTextWriter) throws {
        let top = stack.count - 1
        if !stack[top].isToMany { try output.writeElement("key", text: stack[top].key) }
        var frame = Frame()
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
        stack.append(frame)
    }

    /// Writes `@changed`, the array of the keys of the properties named.
    private func writeChangedProperties(_ names: [String], _ output: LibXMLTextWriter) throws {
        try output.writeElement("key", text: "@changed")
        try output.startElement("array")
        for name in names { try output.writeElement("string", text: MarkerEscape.key(for: name)) }
        try output.endElement()
    }

    private func writeAttribute(name: String, value: Value, _ output: LibXMLTextWriter) throws {
        let top = stack.count - 1
        let key = MarkerEscape.key(for: name)
        guard let (form, issue) = PlistValue.of(value) else {
            stack[top].nullNames.append(key)
            return
        }
        try output.writeElement("key", text: key)
        switch form {
        case .boolean(let boolean):
            try output.writeEmptyElement(boolean ? "true" : "false")
        case .ascii(let element, let text):
            try output.writeElement(element, ascii: text)
        case .file(let file):
            try output.writeElement("data", base64Of: file)
        case .array, .map:
            try writeNested(value, attribute: name, output)
        case .text(let text):
            if let scalar = try writeText(text, output) {
                stack[top].dataKeys.append(key)
                let (entity, id) = currentObject
                warnings.textXMLCannotHold(
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
        case .boolean(let boolean):
            try output.writeEmptyElement(boolean ? "true" : "false")
        case .ascii(let element, let text):
            try output.writeElement(element, ascii: text)
        case .file(let file):
            try output.writeElement("data", base64Of: file)
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
                    throw PropertyListWriterError.unwritableName(
                        name: entry.key, character: scalar, id: currentObject.id)
                }
                try output.writeElement("key", text: MarkerEscape.key(for: entry.key))
                try writeNested(entry.value, attribute: attribute, output)
            }
            try output.endElement()
        }
    }

    private func writeReference(_ id: String, _ output: LibXMLTextWriter) throws {
        let top = stack.count - 1
        if !stack[top].isToMany { try output.writeElement("key", text: stack[top].key) }
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

    /// Throws unless XML can hold `name`, so that it can be a key of the object `id`.
    private func checkName(_ name: String, of id: @autoclosure () -> String) throws {
        guard !writableNames.contains(name) else { return }
        if let scalar = XMLCharacters.firstNonCharacter(in: name) {
            throw PropertyListWriterError.unwritableName(name: name, character: scalar, id: id())
        }
        writableNames.insert(name)
    }

    /// The entity and identifier of the innermost open object, for warnings and errors.
    private var currentObject: (entity: String, id: String) {
        validator.currentObject.map { ($0.entity, $0.id.text) } ?? ("", "")
    }

    /// Warns once per attribute that its dates with no ISO 8601 form are written as seconds.
    private func warnAboutDateWithoutISO8601(in attribute: String) {
        let (entity, id) = currentObject
        warnings.dateWithoutISO8601(
            "\(entity).\(attribute) (\(id))", key: "\(entity).\(attribute)",
            writtenAs: "<real> seconds since 2001-01-01T00:00:00Z", notFinite: "nan/+infinity/-infinity")
    }

    private func warnOnce(_ key: String, _ message: @autoclosure () -> String) {
        warnings.once(key, Warning(message()))
    }
}
