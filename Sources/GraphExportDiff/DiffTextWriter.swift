public import GraphExport

/// Writes a diff as text for people: a line per object that differs, `+` added, `-` removed, `~`
/// changed, with its identifier and entity, then one indented line per property; nothing at all
/// for two copies that are the same.
///
/// ```text
/// ~ Artist/1 (Artist)
///     Name: "AC/DC" -> "AC-DC"
///     albums: +Album/348 -Album/3
/// + Album/348 (Album)
///     AlbumId: 348
///     Title: "Powerage"
/// ```
///
/// A changed property shows its old and new value; a changed to-many relationship the references
/// added (`+`) and removed (`-`); an added or removed object the properties that have a value
/// (null attributes and empty relationships are left out). Values are written as the JSON export
/// writes them (`JSONText`), references as their identifiers, an empty to-one as `null`. An
/// object matched by a ``DiffKey`` shows that attribute after its entity (`(Artist, Name =
/// "AC/DC")`).
public final class DiffTextWriter: DiffWriter {
    /// The lines of the change being made.
    private var text: ChangeText

    /// A writer to `sink`, reporting values JSON cannot hold as such to `onWarning`.
    public init(sink: any ByteSink, onWarning: @escaping WarningHandler = { _ in }) {
        text = ChangeText(sink: sink, onWarning: onWarning)
    }

    /// Writes the change's lines.
    public func write(_ change: ObjectChange) throws {
        let marker =
            switch change.kind {
            case .added: "+ "
            case .removed: "- "
            case .changed: "~ "
            }
        append(marker + change.id.text + " (" + change.entity)
        if let key = change.key {
            append(", " + key.key + " = ")
            text.append(key.value, entity: change.entity, attribute: key.key)
        }
        append(")\n")
        for property in change.properties {
            switch property.change {
            case .values(let old?, let new?):
                appendName(property.name)
                append(old, entity: change.entity, property: property.name)
                append(" -> ")
                append(new, entity: change.entity, property: property.name)
            case .values(let value?, nil), .values(nil, let value?):
                if Self.isEmpty(value) { continue }
                appendName(property.name)
                append(value, entity: change.entity, property: property.name)
            case .values(nil, nil):
                continue
            case .references(let added, let removed):
                appendName(property.name)
                let references = added.map { "+" + $0.text } + removed.map { "-" + $0.text }
                append(references.joined(separator: " "))
            }
            append("\n")
        }
        try text.handOn()
    }

    /// Flushes the lines to the sink.
    public func finish() throws {
        try text.flush()
    }

    /// Whether an added or removed object's property is left out: a null, an empty relationship.
    private static func isEmpty(_ value: PropertyValue) -> Bool {
        switch value {
        case .value(.null), .reference(nil): true
        case .references(let ids): ids.isEmpty
        default: false
        }
    }

    private func append(_ string: String) {
        text.append(string)
    }

    private func appendName(_ name: String) {
        append("    " + name + ": ")
    }

    private func append(_ value: PropertyValue, entity: String, property: String) {
        switch value {
        case .value(let value): text.append(value, entity: entity, attribute: property)
        case .reference(let id): append(id?.text ?? "null")
        case .references(let ids): append(ids.map(\.text).joined(separator: " "))
        }
    }

}
