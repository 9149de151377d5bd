import GraphExport
import GraphExportJSONText

/// The encoder behind ``JSONLinesGraphWriter``: lays out a document's calls as lines of JSON, as
/// ``JSONStreamEncoder`` passes them on.
///
/// The lines of the open objects share one buffer, outermost first: an object nested in a
/// relationship leaves a reference in its parent's line and starts its own line after it; the
/// line moves to ``text`` when the object ends, so a nested object's line comes before its
/// parent's, and the parent's line is again the last in the buffer. A level of nesting costs the
/// bytes of its line so far, with no buffer of its own. A file value holds its place in a line
/// (``FileSplices``) and is read only when its line is handed on.
/// A value type: the writer's changing state, behind its pointer (``JSONWriterCore``).
struct JSONLinesEncoder: JSONStreamEncoder, ~Copyable {
    /// One open object or relationship, innermost last: what laying it out needs (the writer's
    /// ``GraphStream`` checks the grammar).
    private struct Frame {
        /// For a relationship: whether it is to-many (an array) and holds a destination yet, which
        /// decide commas, `[]` and `null`.
        var isToMany = false
        var hasItems = false
        /// For an object: where its line starts in `openLines`.
        var lineStart = 0
    }

    /// The complete lines written and not yet taken by the writer, each ending with a newline.
    var text = ByteBuffer()
    /// Where in ``text`` the base64 of file values goes, streamed when the writer takes the text.
    var splices = FileSplices()
    /// The warnings raised and not yet reported by the writer.
    var valueWarnings = JSONValueWarnings()
    private var stack: [Frame] = []
    /// The lines of the open objects, outermost first, one after the other.
    private var openLines = ByteBuffer()
    /// Where in `openLines` the base64 of file values goes: an open line holds a file value's
    /// place, never its bytes.
    private var openSplices = FileSplices()
    /// Per entity index (``ObjectRow/entity``), its attribute names and the text `,"key":` of
    /// each, made from the first row of the entity, so that a key is escaped once per entity.
    private var rowKeys: [(names: [String], keys: [[UInt8]])] = []
    /// Identifiers, each prefix escaped once.
    private var identifiers = JSONIdentifierText()
    /// `{"@id":`, the start of every line and reference.
    private static let idKey = Array(#"{"@id":"#.utf8)
    /// `,"@type":`.
    private static let typeKey = Array(#","@type":"#.utf8)
    /// `,"@deleted":true`, made once.
    private static let deletedMark = Array(#","@deleted":true"#.utf8)

    /// Writes the header line, `{"@source":{…}}`.
    mutating func writeHeader(_ document: DocumentInfo) {
        text.append(Array(#"{"@source":{"#.utf8))
        for (index, field) in document.fields.enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            JSONText.appendString(field.key, to: &text)
            text.append(UInt8(ascii: ":"))
            JSONText.appendString(field.value, to: &text)
        }
        text.append(Array("}}\n".utf8))
    }

    /// Writes the attributes of `row`, keys from those made for its entity.
    mutating func writeAttributes(of row: ObjectRow) {
        if row.entity >= rowKeys.count {
            rowKeys += repeatElement((names: [], keys: []), count: row.entity + 1 - rowKeys.count)
        }
        if rowKeys[row.entity].names != row.attributeNames {
            rowKeys[row.entity] = (
                row.attributeNames,
                row.attributeNames.map { name in
                    var key = ByteBuffer(capacity: 64)
                    Self.appendKey(name, to: &key)
                    return key.bytes(from: 0)
                }
            )
        }
        for (index, value) in row.values.enumerated() {
            openLines.append(rowKeys[row.entity].keys[index])
            guard let issue = JSONText.appendValue(value, to: &openLines, splicing: &openSplices) else { continue }
            valueWarnings.report(issue, of: row.attributeNames[index])
        }
    }

    /// Writes nothing: the last line is already complete.
    mutating func writeEnd() {}

    mutating func writeObjectStart(entity: String, id: ObjectID) {
        if let top = stack.indices.last { appendReference(id, in: top) }
        stack.append(Frame(lineStart: openLines.count))
        openLines.append(Self.idKey)
        appendID(id)
        openLines.append(Self.typeKey)
        JSONText.appendString(entity, to: &openLines)
    }

    /// Appends `,"@changed":[…]`, the keys of the properties named.
    mutating func writeChangedProperties(_ names: [String]) {
        openLines.appendThroughArray {
            $0.append(contentsOf: #","@changed":"#.utf8)
            JSONText.appendKeyList(names, to: &$0)
        }
    }

    /// Appends `,"@deleted":true`.
    mutating func writeDeleted() {
        openLines.append(Self.deletedMark)
    }

    mutating func writeAttribute(name: String, value: Value) {
        Self.appendKey(name, to: &openLines)
        guard let issue = JSONText.appendValue(value, to: &openLines, splicing: &openSplices) else { return }
        valueWarnings.report(issue, of: name)
    }

    /// Appends the text that starts the member of property `name` in a line: `,"key":`
    /// (``MarkerEscape``).
    private static func appendKey(_ name: String, to text: inout ByteBuffer) {
        text.append(UInt8(ascii: ","))
        JSONText.appendString(MarkerEscape.key(for: name), to: &text)
        text.append(UInt8(ascii: ":"))
    }

    mutating func writeRelationshipStart(name: String, isToMany: Bool) {
        Self.appendKey(name, to: &openLines)
        if isToMany { openLines.append(UInt8(ascii: "[")) }
        stack.append(Frame(isToMany: isToMany))
    }

    /// Appends `{"@id":…}` to the line of the object whose relationship is innermost.
    mutating func writeReference(_ id: ObjectID) {
        appendReference(id, in: stack.count - 1)
    }

    /// Appends `{"@id":…}` to the line of the object whose relationship is innermost, the
    /// identifier written from the destination's key.
    mutating func writeReference(to key: ObjectKey, of relationships: ObjectRelationships) {
        startReference(in: stack.count - 1)
        identifiers.append(key, of: relationships, to: &openLines)
        openLines.append(UInt8(ascii: "}"))
    }

    /// Appends `{"@id":…}` to the line of the object whose relationship is `stack[frame]`.
    private mutating func appendReference(_ id: ObjectID, in frame: Int) {
        startReference(in: frame)
        appendID(id)
        openLines.append(UInt8(ascii: "}"))
    }

    /// Starts a reference in the relationship `stack[frame]`: its comma, `{"@id":`.
    private mutating func startReference(in frame: Int) {
        if stack[frame].hasItems { openLines.append(UInt8(ascii: ",")) }
        stack[frame].hasItems = true
        openLines.append(Self.idKey)
    }

    /// Appends an identifier as a JSON string (``JSONIdentifierText``).
    private mutating func appendID(_ id: ObjectID) {
        identifiers.append(id, to: &openLines)
    }

    mutating func writeRelationshipEnd() {
        let top = stack.count - 1
        if stack[top].isToMany {
            openLines.append(UInt8(ascii: "]"))
        } else if !stack[top].hasItems {
            JSONText.appendValue(RowValue.null, to: &openLines, splicing: &openSplices)
        }
        stack.removeLast()
    }

    mutating func writeObjectEnd() {
        let start = stack.removeLast().lineStart
        openLines.append(UInt8(ascii: "}"))
        openLines.append(UInt8(ascii: "\n"))
        openSplices.move(from: start, to: &splices, at: text.count)
        openLines.withUnsafeBytes { text.append(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        openLines.removeLast(openLines.count - start)
    }
}
