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
///
/// The text is meant for a terminal: names and identifiers are shown as
/// `TerminalText.escaped(_:)` shows them, what a terminal would act on (an escape sequence, a
/// newline) written as its code, `\u{1B}`; values, whose JSON text escapes the C0 controls, have
/// the C1 and bidirectional controls written so too. Each line is the writer's own.
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
        append(marker + TerminalText.escaped(change.id.text) + " (" + TerminalText.escaped(change.entity))
        if let key = change.key {
            append(", " + TerminalText.escaped(key.key) + " = ")
            text.appendShown(key.value, entity: change.entity, attribute: key.key)
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
                let references = added.map { "+" + Self.shown($0) } + removed.map { "-" + Self.shown($0) }
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
        append("    " + TerminalText.escaped(name) + ": ")
    }

    /// An identifier as the text shows it.
    private static func shown(_ id: ObjectID) -> String {
        TerminalText.escaped(id.text)
    }

    private func append(_ value: PropertyValue, entity: String, property: String) {
        switch value {
        case .value(let value): text.appendShown(value, entity: entity, attribute: property)
        case .reference(let id): append(id.map(Self.shown) ?? "null")
        case .references(let ids): append(ids.map(Self.shown).joined(separator: " "))
        }
    }

}
