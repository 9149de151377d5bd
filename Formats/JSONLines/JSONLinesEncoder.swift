import GraphExport

/// The state machine behind ``JSONLinesGraphWriter``: turns a document's calls into lines of JSON
/// and warnings, checking that the stream is well nested.
///
/// Each open object has its own line buffer, innermost last. An object nested in a relationship
/// leaves a reference in its parent's line and starts a buffer of its own; the buffer becomes a
/// line of ``text`` when the object ends, so a nested object's line comes before its parent's.
/// A value type, so that the writer works on one `inout` value per call rather than on class
/// properties, each access to which would cost a run-time exclusivity check.
struct JSONLinesEncoder {
    /// One open object or relationship, innermost last.
    private struct Frame {
        enum Kind {
            /// An object, with its entity for warnings and its identifier for errors.
            case object(entity: String, id: String)
            /// A relationship: an array when to-many, a single value when to-one.
            case relationship(name: String, isToMany: Bool)
        }

        let kind: Kind
        /// Whether the relationship holds a destination yet: decides commas, `[]` and `null`.
        var hasItems = false
    }

    private enum Phase {
        case ready, writing, finished
    }

    /// The complete lines written and not yet taken by the writer, each ending with a newline.
    var text: [UInt8] = []
    /// The warnings raised and not yet reported by the writer.
    var warnings: [Warning] = []
    private var phase = Phase.ready
    private var stack: [Frame] = []
    /// The lines of the open objects, outermost first; buffers from `openLines` on are spare ones,
    /// kept for their capacity.
    private var lines: [[UInt8]] = []
    private var openLines = 0
    /// The attributes (`Entity.name`) already warned about, one set per kind of warning.
    private var warnedNonFinite: Set<String> = []
    private var warnedDates: Set<String> = []

    /// Writes the header line, `{"@source":{…}}`.
    mutating func begin(_ document: DocumentInfo) throws(JSONLinesWriterError) {
        switch phase {
        case .ready: break
        case .writing: throw .begunTwice
        case .finished: throw .alreadyFinished
        }
        phase = .writing
        text.append(contentsOf: #"{"@source":{"#.utf8)
        for (index, field) in document.fields.enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            JSONText.appendString(field.key, to: &text)
            text.append(UInt8(ascii: ":"))
            JSONText.appendString(field.value, to: &text)
        }
        text.append(contentsOf: "}}\n".utf8)
    }

    /// Writes one event, or throws without writing anything when it does not fit where the stream is.
    mutating func write(_ event: GraphEvent) throws(JSONLinesWriterError) {
        switch phase {
        case .ready: throw .notBegun
        case .writing: break
        case .finished: throw .alreadyFinished
        }
        switch event {
        case .beginObject(let entity, let id): try beginObject(entity: entity, id: id.text)
        case .attribute(let name, let value): try writeAttribute(name: name, value: value)
        case .beginRelationship(let name, let isToMany): try beginRelationship(name: name, isToMany: isToMany)
        case .reference(let id): try writeReference(id.text)
        case .endRelationship: try endRelationship()
        case .endObject: try endObject()
        }
    }

    /// Checks that every object has ended; the last line is already complete.
    mutating func finish() throws(JSONLinesWriterError) {
        switch phase {
        case .ready: throw .notBegun
        case .writing: break
        case .finished: throw .alreadyFinished
        }
        for frame in stack.reversed() {
            if case .object(_, let id) = frame.kind { throw .unfinishedObject(id: id) }
        }
        phase = .finished
    }

    private mutating func beginObject(entity: String, id: String) throws(JSONLinesWriterError) {
        if let top = stack.indices.last {
            switch stack[top].kind {
            case .object(_, let parent):
                throw .objectInsideObject(id: id, parent: parent)
            case .relationship(let name, isToMany: false):
                guard !stack[top].hasItems else { throw .secondDestinationInToOne(relationship: name, id: id) }
            case .relationship(_, isToMany: true):
                break
            }
            appendReference(id, in: top)
        }
        stack.append(Frame(kind: .object(entity: entity, id: id)))
        if openLines == lines.count { lines.append([]) }
        lines[openLines].removeAll(keepingCapacity: true)
        lines[openLines].append(contentsOf: #"{"@id":"#.utf8)
        JSONText.appendString(id, to: &lines[openLines])
        lines[openLines].append(contentsOf: #","@type":"#.utf8)
        JSONText.appendString(entity, to: &lines[openLines])
        openLines += 1
    }

    private mutating func writeAttribute(name: String, value: Value) throws(JSONLinesWriterError) {
        guard let top = stack.indices.last, case .object(let entity, _) = stack[top].kind else {
            throw .attributeOutsideObject(name: name)
        }
        let line = openLines - 1
        lines[line].append(UInt8(ascii: ","))
        JSONText.appendString(MarkerEscape.key(for: name), to: &lines[line])
        lines[line].append(UInt8(ascii: ":"))
        switch JSONText.appendValue(value, to: &lines[line]) {
        case nil:
            break
        case .nonFiniteNumber:
            if warnedNonFinite.insert("\(entity).\(name)").inserted {
                warnings.append(
                    Warning(
                        "\(entity).\(name): NaN/Infinity written as the strings \"NaN\"/\"Infinity\"/\"-Infinity\" "
                            + "(JSON has no such numbers)"))
            }
        case .dateWithoutISO8601:
            if warnedDates.insert("\(entity).\(name)").inserted {
                warnings.append(
                    Warning(
                        "\(entity).\(name): dates with no ISO 8601 form (not finite, or 10^15 seconds or more from "
                            + "2001) written as seconds since 2001-01-01T00:00:00Z, NaN/Infinity as the strings "
                            + "\"NaN\"/\"Infinity\"/\"-Infinity\""))
            }
        }
    }

    private mutating func beginRelationship(name: String, isToMany: Bool) throws(JSONLinesWriterError) {
        guard let top = stack.indices.last, case .object = stack[top].kind else {
            throw .relationshipOutsideObject(name: name)
        }
        let line = openLines - 1
        lines[line].append(UInt8(ascii: ","))
        JSONText.appendString(MarkerEscape.key(for: name), to: &lines[line])
        lines[line].append(UInt8(ascii: ":"))
        if isToMany { lines[line].append(UInt8(ascii: "[")) }
        stack.append(Frame(kind: .relationship(name: name, isToMany: isToMany)))
    }

    private mutating func writeReference(_ id: String) throws(JSONLinesWriterError) {
        guard let top = stack.indices.last, case .relationship(let name, let isToMany) = stack[top].kind else {
            throw .referenceOutsideRelationship(id: id)
        }
        if !isToMany, stack[top].hasItems { throw .secondDestinationInToOne(relationship: name, id: id) }
        appendReference(id, in: top)
    }

    /// Appends `{"@id":…}` to the line of the object whose relationship is `stack[frame]`.
    private mutating func appendReference(_ id: String, in frame: Int) {
        let line = openLines - 1
        if stack[frame].hasItems { lines[line].append(UInt8(ascii: ",")) }
        stack[frame].hasItems = true
        lines[line].append(contentsOf: #"{"@id":"#.utf8)
        JSONText.appendString(id, to: &lines[line])
        lines[line].append(UInt8(ascii: "}"))
    }

    private mutating func endRelationship() throws(JSONLinesWriterError) {
        guard let top = stack.indices.last else { throw .unmatchedEndRelationship(openObject: nil) }
        let line = openLines - 1
        switch stack[top].kind {
        case .relationship(_, isToMany: true):
            lines[line].append(UInt8(ascii: "]"))
        case .relationship(_, isToMany: false):
            if !stack[top].hasItems { JSONText.appendValue(.null, to: &lines[line]) }
        case .object(_, let id):
            throw .unmatchedEndRelationship(openObject: id)
        }
        stack.removeLast()
    }

    private mutating func endObject() throws(JSONLinesWriterError) {
        guard let top = stack.indices.last else { throw .unmatchedEndObject(openRelationship: nil) }
        if case .relationship(let name, _) = stack[top].kind { throw .unmatchedEndObject(openRelationship: name) }
        stack.removeLast()
        openLines -= 1
        lines[openLines].append(UInt8(ascii: "}"))
        lines[openLines].append(UInt8(ascii: "\n"))
        text.append(contentsOf: lines[openLines])
    }
}
