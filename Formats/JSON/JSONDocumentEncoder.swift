import GraphExport
import GraphExportJSONText

/// The encoder behind ``JSONGraphWriter``: lays out a document's calls as one JSON document, as
/// ``JSONStreamEncoder`` passes them on.
///
/// A value type: the writer's changing state, behind its pointer (``JSONWriterCore``).
struct JSONDocumentEncoder: JSONStreamEncoder, ~Copyable {
    /// One open JSON container, innermost last: what laying it out needs (the writer's
    /// ``GraphStream`` checks the grammar).
    private struct Frame {
        enum Role {
            /// The `"@graph"` array.
            case graph
            /// An object.
            case object
            /// A relationship: a single value when to-one, an array when to-many.
            case toOne, toMany
        }

        let role: Role
        /// Whether the container holds an element yet: decides commas, `[]` and `null`.
        var hasItems = false
        /// For an object: its entity's row in `keyTables` (or -1), and how many properties it has
        /// written so far.
        var keyTable = -1
        var propertyCount = 0
    }

    /// The compact text `,"name":` of each property of one entity, in the order the properties
    /// came in its first object, so that a key is escaped once per entity rather than once per object.
    private struct KeyTable {
        let entity: String
        /// `,"@type":"<entity>"`.
        let typeText: [UInt8]
        var keys: [(name: String, text: [UInt8])] = []

        init(entity: String) {
            self.entity = entity
            var typeText = Array(#","@type":"#.utf8)
            JSONText.appendString(entity, to: &typeText)
            self.typeText = typeText
        }
    }

    /// `"@id":`, the key every object and reference starts with, in compact output.
    private static let compactIDKey = Array(#""@id":"#.utf8)

    /// How many entities get a key table; objects of further entities escape their keys each time.
    private static let keyTableLimit = 256

    /// The text written and not yet taken by the writer.
    var text = ByteBuffer()
    /// Where in ``text`` the base64 of file values goes, streamed when the writer takes the text.
    var splices = FileSplices()
    /// Identifiers, each prefix escaped once.
    private var identifiers = JSONIdentifierText()
    /// Key texts per entity (compact output only).
    private var keyTables: [KeyTable] = []
    /// The row of `keyTables` used last, tried first.
    private var lastKeyTable = -1
    /// The warnings raised and not yet reported by the writer.
    var valueWarnings = JSONValueWarnings()
    private let pretty: Bool
    private var stack: [Frame] = []

    init(pretty: Bool) {
        self.pretty = pretty
    }

    /// Writes the document's opening, the `"@source"` header, and opens the `"@graph"` array.
    mutating func writeHeader(_ document: DocumentInfo) {
        text.append(UInt8(ascii: "{"))
        startLine(indent: 1)
        appendKey("@source")
        text.append(UInt8(ascii: "{"))
        let fields = document.fields
        for (index, field) in fields.enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            startLine(indent: 2)
            appendKey(field.key)
            JSONText.appendString(field.value, to: &text)
        }
        if !fields.isEmpty { startLine(indent: 1) }
        text.append(UInt8(ascii: "}"))
        text.append(UInt8(ascii: ","))
        startLine(indent: 1)
        appendKey("@graph")
        text.append(UInt8(ascii: "["))
        stack.append(Frame(role: .graph))
    }

    /// Writes the attributes of `row`, keys from the entity's key table.
    mutating func writeAttributes(of row: ObjectRow) {
        for (name, value) in zip(row.attributeNames, row.values) {
            appendPropertyKey(name)
            guard let issue = JSONText.appendValue(value, to: &text, splicing: &splices) else { continue }
            valueWarnings.report(issue, of: name)
        }
    }

    /// Closes the `"@graph"` array and the document and writes the final newline.
    mutating func writeEnd() {
        if stack[0].hasItems { startLine(indent: 1) }
        text.append(UInt8(ascii: "]"))
        startLine(indent: 0)
        text.append(UInt8(ascii: "}"))
        text.append(UInt8(ascii: "\n"))
        stack.removeAll()
    }

    mutating func writeObjectStart(entity: String, id: ObjectID) {
        let top = stack.count - 1
        if stack[top].role != .toOne { startElement() }
        stack[top].hasItems = true
        text.append(UInt8(ascii: "{"))
        let table = pretty ? -1 : keyTable(for: entity)
        stack.append(Frame(role: .object, keyTable: table))
        if table >= 0 {
            text.append(Self.compactIDKey)
            appendID(id)
            text.append(keyTables[table].typeText)
            return
        }
        startLine(indent: stack.count + 1)
        appendKey("@id")
        appendID(id)
        startProperty()
        appendKey("@type")
        JSONText.appendString(entity, to: &text)
    }

    /// Writes `"@changed"`, the keys of the properties named (``MarkerEscape``), in their order.
    mutating func writeChangedProperties(_ names: [String]) {
        startProperty()
        appendKey("@changed")
        text.appendThroughArray { JSONText.appendKeyList(names, to: &$0) }
    }

    /// Writes `"@deleted": true`.
    mutating func writeDeleted() {
        startProperty()
        appendKey("@deleted")
        JSONText.appendValue(RowValue.boolean(true), to: &text, splicing: &splices)
    }

    mutating func writeAttribute(name: String, value: Value) {
        appendPropertyKey(name)
        guard let issue = JSONText.appendValue(value, to: &text, splicing: &splices) else { return }
        valueWarnings.report(issue, of: name)
    }

    mutating func writeRelationshipStart(name: String, isToMany: Bool) {
        appendPropertyKey(name)
        if isToMany { text.append(UInt8(ascii: "[")) }
        stack.append(Frame(role: isToMany ? .toMany : .toOne))
    }

    mutating func writeReference(_ id: ObjectID) {
        startReference()
        appendID(id)
        text.append(UInt8(ascii: "}"))
    }

    mutating func writeReference(to key: ObjectKey, of relationships: ObjectRelationships) {
        startReference()
        identifiers.append(key, of: relationships, to: &text)
        text.append(UInt8(ascii: "}"))
    }

    /// Starts a reference in the innermost relationship: its comma and line, `{"@id":`.
    private mutating func startReference() {
        let top = stack.count - 1
        if stack[top].role == .toMany { startElement() }
        stack[top].hasItems = true
        text.append(UInt8(ascii: "{"))
        if pretty { appendKey("@id") } else { text.append(Self.compactIDKey) }
    }

    mutating func writeRelationshipEnd() {
        let top = stack.count - 1
        if stack[top].role == .toMany {
            if stack[top].hasItems { startLine(indent: stack.count) }
            text.append(UInt8(ascii: "]"))
        } else if !stack[top].hasItems {
            JSONText.appendValue(RowValue.null, to: &text, splicing: &splices)
        }
        stack.removeLast()
    }

    mutating func writeObjectEnd() {
        startLine(indent: stack.count)
        text.append(UInt8(ascii: "}"))
        stack.removeLast()
    }

    /// Starts the next member of the innermost object and writes the key of property `name`
    /// (``MarkerEscape``), from the entity's key table when the same property came at the same
    /// place before.
    private mutating func appendPropertyKey(_ name: String) {
        let top = stack.count - 1
        let table = stack[top].keyTable
        let position = stack[top].propertyCount
        stack[top].propertyCount += 1
        guard table >= 0 else {
            startProperty()
            appendKey(MarkerEscape.key(for: name))
            return
        }
        if position < keyTables[table].keys.count, keyTables[table].keys[position].name == name {
            text.append(keyTables[table].keys[position].text)
            return
        }
        let start = text.count
        startProperty()
        appendKey(MarkerEscape.key(for: name))
        if position == keyTables[table].keys.count { keyTables[table].keys.append((name, text.bytes(from: start))) }
    }

    /// The row of `keyTables` for `entity`, made if there is room; -1 when there is none.
    private mutating func keyTable(for entity: String) -> Int {
        if lastKeyTable >= 0 && keyTables[lastKeyTable].entity == entity { return lastKeyTable }
        if let known = keyTables.firstIndex(where: { $0.entity == entity }) {
            lastKeyTable = known
        } else if keyTables.count < Self.keyTableLimit {
            keyTables.append(KeyTable(entity: entity))
            lastKeyTable = keyTables.count - 1
        } else {
            return -1
        }
        return lastKeyTable
    }

    /// Starts the next element of the innermost array: a comma unless it is the first, then its line.
    private mutating func startElement() {
        if stack[stack.count - 1].hasItems { text.append(UInt8(ascii: ",")) }
        startLine(indent: stack.count + 1)
    }

    /// Starts the next member of the innermost object, which always has `"@id"` before it.
    private mutating func startProperty() {
        text.append(UInt8(ascii: ","))
        startLine(indent: stack.count + 1)
    }

    /// In pretty mode, starts a new line indented by `indent` levels of two spaces.
    private mutating func startLine(indent: Int) {
        guard pretty else { return }
        text.reserve(1 + 2 * indent)
        text.appendReserved(UInt8(ascii: "\n"))
        for _ in 0..<2 * indent { text.appendReserved(UInt8(ascii: " ")) }
    }

    /// Writes `"name":`, with a space after the colon in pretty mode.
    private mutating func appendKey(_ name: String) {
        JSONText.appendString(name, to: &text)
        text.append(UInt8(ascii: ":"))
        if pretty { text.append(UInt8(ascii: " ")) }
    }

    /// Appends an identifier as a JSON string (``JSONIdentifierText``).
    private mutating func appendID(_ id: ObjectID) {
        identifiers.append(id, to: &text)
    }
}
