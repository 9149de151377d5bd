public import GraphExport
import GraphExportJSONText

/// Writes a diff as JSON Lines: one line per object that differs, nothing else (two copies that
/// are the same make no output at all).
///
/// ```json
/// {"change":"changed","@id":"Artist/1","@type":"Artist","properties":{"Name":{"old":"AC/DC","new":"AC-DC"}}}
/// ```
///
/// `change` is `added`, `removed` or `changed`; `@id` is the object's identifier in the copy that
/// has it (the new one's for a changed object), `@type` its entity; an object matched by a
/// ``DiffKey`` also has `@key`, `{"<attribute>": <value>}`. `properties` maps each property's
/// name, written as the JSON export writes keys (``GraphExport/MarkerEscape``), to
/// `{"old": …, "new": …}`: for an added object every property with `new` only, for a removed one
/// every property with `old` only, for a changed one the properties that differ, both values; a
/// changed to-many relationship is `{"added": [...], "removed": [...]}`. Values are written
/// exactly as the JSON export writes them (`JSONText`), references as `{"@id": "…"}`, an empty
/// to-one as `null`.
public final class DiffJSONLinesWriter: DiffWriter {
    /// The line being made.
    private var line: ChangeText
    private var identifiers = JSONIdentifierText()

    /// A writer to `sink`, reporting values JSON cannot hold as such (NaN, dates without an ISO
    /// 8601 form) to `onWarning` as the JSON export does.
    public init(sink: any ByteSink, onWarning: @escaping WarningHandler = { _ in }) {
        line = ChangeText(sink: sink, onWarning: onWarning)
    }

    /// Writes the change's line.
    public func write(_ change: ObjectChange) throws {
        append(#"{"change":"#)
        JSONText.appendString(change.kind.rawValue, to: &line.bytes)
        append(#","@id":"#)
        identifiers.append(change.id, to: &line.bytes)
        append(#","@type":"#)
        JSONText.appendString(change.entity, to: &line.bytes)
        if let key = change.key {
            append(#","@key":{"#)
            JSONText.appendString(MarkerEscape.key(for: key.key), to: &line.bytes)
            append(":")
            line.append(key.value, entity: change.entity, attribute: key.key)
            append("}")
        }
        append(#","properties":{"#)
        for (index, property) in change.properties.enumerated() {
            if index > 0 { append(",") }
            JSONText.appendString(MarkerEscape.key(for: property.name), to: &line.bytes)
            append(":{")
            switch property.change {
            case .values(let old, let new):
                if let old {
                    append(#""old":"#)
                    append(old, entity: change.entity, property: property.name)
                }
                if let new {
                    append(old == nil ? #""new":"# : #","new":"#)
                    append(new, entity: change.entity, property: property.name)
                }
            case .references(let added, let removed):
                append(#""added":"#)
                appendReferences(added)
                append(#","removed":"#)
                appendReferences(removed)
            }
            append("}")
        }
        append("}}\n")
        try line.handOn()
    }

    /// Flushes the lines to the sink.
    public func finish() throws {
        try line.flush()
    }

    private func append(_ text: StaticString) {
        text.withUTF8Buffer { line.bytes.append(contentsOf: $0) }
    }

    private func append(_ value: PropertyValue, entity: String, property: String) {
        switch value {
        case .value(let value): line.append(value, entity: entity, attribute: property)
        case .reference(let id?): appendReference(id)
        case .reference(nil): append("null")
        case .references(let ids): appendReferences(ids)
        }
    }

    private func appendReference(_ id: ObjectID) {
        append(#"{"@id":"#)
        identifiers.append(id, to: &line.bytes)
        append("}")
    }

    private func appendReferences(_ ids: [ObjectID]) {
        append("[")
        for (index, id) in ids.enumerated() {
            if index > 0 { append(",") }
            appendReference(id)
        }
        append("]")
    }
}
