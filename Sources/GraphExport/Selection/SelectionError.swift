/// A selection or model adjustment that names something the model does not have, or asks for what
/// its shape does not allow (`--entity`, `--root`, `--exclude-attribute`, `--attributes`, `--nest`,
/// `--no-nest`): a mistake in the usage of a command, which exits with ``ExitStatus/usage``.
public enum SelectionError: ExitStatusError, Sendable, Hashable {
    /// No entity has this name; `known` lists the model's entities.
    case unknownEntity(String, known: [String])
    /// A name that should read `Entity.property` does not.
    case notQualified(String)
    /// The property (attribute or relationship) is inherited: it is declared, and must be named,
    /// on `declarer`.
    case inheritedAttribute(entity: String, attribute: String, declarer: String)
    /// The entity has no relationship of this name; `known` lists the entity's relationships.
    case unknownRelationship(entity: String, relationship: String, known: [String] = [])
    /// The entity has no attribute or relationship of this name; `known` lists those it has.
    case unknownProperty(entity: String, property: String, known: [String])
    /// A relationship named to nest or never to nest is left out of the export.
    case leftOut(String)
    /// The relationship cannot nest: `reason` says why (many-to-many, no inverse).
    case cannotNest(String, reason: String)
    /// The same pair of relationships is named both to nest and never to nest.
    case conflictingNesting(String)
    /// Every entity is left out, so the export would be empty.
    case nothingSelected
    /// An option that chooses objects (`root`, `limit`, `include-history`) was given with
    /// `--since`, which chooses the objects that changed itself.
    case notWithSince(option: String)

    /// A sentence naming what the model lacks, with the names it has that come nearest.
    public var description: String {
        switch self {
        case .unknownEntity(let name, let known):
            return "no entity '\(TerminalText.echoed(name))'"
                + NearNames.hint(for: name, among: known, kind: "entities")
        case .notQualified(let name):
            return "'\(TerminalText.echoed(name))' does not name a property as Entity.property"
        case .inheritedAttribute(let entity, let attribute, let declarer):
            return "'\(entity).\(attribute)' is inherited: name it as \(declarer).\(attribute), where it is declared"
        case .unknownRelationship(let entity, let relationship, let known):
            return "entity '\(entity)' has no relationship '\(TerminalText.echoed(relationship))'"
                + NearNames.hint(for: relationship, among: known, kind: "relationships")
        case .unknownProperty(let entity, let property, let known):
            return "entity '\(entity)' has no attribute or relationship '\(TerminalText.echoed(property))'"
                + NearNames.hint(for: property, among: known, kind: "attributes and relationships")
        case .leftOut(let name):
            return
                "'\(TerminalText.echoed(name))' is left out of the export: it cannot also be named to nest or never to nest"
        case .cannotNest(let name, let reason):
            return "'\(TerminalText.echoed(name))' cannot nest: \(reason)"
        case .conflictingNesting(let name):
            return "'\(TerminalText.echoed(name))' is named both to nest and never to nest"
        case .nothingSelected:
            return "the entities chosen leave every entity out: nothing to export"
        case .notWithSince(let option):
            return "'--\(option)' does not go with --since, which writes the objects that changed (narrow them "
                + "with --entity and --exclude-entity)"
        }
    }

    /// ``ExitStatus/usage``: the names or options given are to change.
    public var exitStatus: ExitStatus { .usage }
}
