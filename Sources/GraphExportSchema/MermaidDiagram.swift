public import GraphExport

/// A Mermaid `erDiagram` of a model, as the export in one shape sees it: one block per entity with
/// the attributes it declares (type, name, `"optional"` for those that may be null), one line per
/// relationship and its inverse with crow's-foot cardinalities and the relationship names as the
/// label, and a dotted `is a` line from each sub-entity to its parent.
///
/// A line is solid (Mermaid's *identifying*) when one side owns the other, nesting its objects in
/// the export (tree shape only); dotted otherwise. It starts at the owner, or at the entity met
/// first in model order. Mermaid takes only plain words (ASCII letters, digits, `_`, `-`) as
/// attribute types and names: any other character is written `_` (`Integer_16`), and a renamed
/// attribute has its real name in the comment. Entity names with such characters are quoted.
public struct MermaidDiagram {
    private let layout: ExportLayout

    /// The diagram of `model`'s export in `shape`.
    public init(model: GraphModel, shape: ExportShape) {
        self.layout = ExportLayout(model: model, shape: shape, typing: .declared)
    }

    /// The diagram's text, ending in a newline.
    public var text: String {
        let model = layout.model
        var lines = ["erDiagram"]
        for entity in model.entities {
            guard !entity.attributes.isEmpty else {
                lines.append("    " + Self.entityName(entity.name))
                continue
            }
            lines.append("    \(Self.entityName(entity.name)) {")
            for attribute in entity.attributes {
                var comments: [String] = []
                let word = Self.word(attribute.name)
                if word != attribute.name { comments.append(attribute.name) }
                if attribute.isOptional { comments.append("optional") }
                let comment = comments.isEmpty ? "" : " \"" + Self.quoted(comments.joined(separator: ", ")) + "\""
                lines.append("        \(Self.word(attribute.type.rawValue)) \(word)\(comment)")
            }
            lines.append("    }")
        }
        for line in DiagramModel(layout).lines {
            let left = Self.leftMarker(DiagramModel.Cardinality(inverse: line.inverse))
            let right = Self.rightMarker(DiagramModel.Cardinality(line.relationship))
            lines.append(
                "    \(Self.entityName(model.entities[line.from].name)) \(left)\(line.nests ? "--" : "..")\(right) "
                    + "\(Self.entityName(model.entities[line.to].name)) : \"\(Self.quoted(line.label))\""
            )
        }
        for entity in model.entities {
            guard let parent = entity.parent else { continue }
            lines.append("    \(Self.entityName(entity.name)) |o..|| \(Self.entityName(parent)) : \"is a\"")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The crow's foot next to the entity a line starts from.
    private static func leftMarker(_ cardinality: DiagramModel.Cardinality) -> String {
        switch cardinality {
        case .zeroOrOne: return "|o"
        case .exactlyOne: return "||"
        case .zeroOrMore: return "}o"
        case .oneOrMore: return "}|"
        }
    }

    /// The crow's foot next to the entity a line ends at.
    private static func rightMarker(_ cardinality: DiagramModel.Cardinality) -> String {
        switch cardinality {
        case .zeroOrOne: return "o|"
        case .exactlyOne: return "||"
        case .zeroOrMore: return "o{"
        case .oneOrMore: return "|{"
        }
    }

    /// An entity's name as Mermaid reads it: as it is when it is a plain word, else quoted. A
    /// quoted entity name cannot hold `%`, `\`, CR, LF, VT or BS (Mermaid's `erDiagram` grammar):
    /// each is written as the character that pictures it (`％`, `＼`, `␍`, `␊`, `␋`, `␈`), one for one,
    /// so that two names stay two entities.
    private static func entityName(_ name: String) -> String {
        guard word(name) != name else { return name }
        let shown = quoted(name).unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "%": "\u{FF05}"
            case "\\": "\u{FF3C}"
            case "\r": "\u{240D}"
            case "\n": "\u{240A}"
            case "\u{0B}": "\u{240B}"
            case "\u{08}": "\u{2408}"
            default: Character(scalar)
            }
        }
        return "\"" + String(shown) + "\""
    }

    /// `name` as a word Mermaid takes for an attribute's type or name: letters, digits, `_` and
    /// `-`, starting with a letter; every other character `_`, and `_` in front of a name that
    /// does not start with a letter.
    private static func word(_ name: String) -> String {
        let characters = name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
                ? Character(scalar) : "_"
        }
        let word = String(characters)
        guard let first = word.unicodeScalars.first, first.properties.isAlphabetic else { return "_" + word }
        return word
    }

    /// Text for inside Mermaid's double quotes, which it cannot escape: `"` becomes `'`.
    private static func quoted(_ text: String) -> String {
        String(text.map { $0 == "\"" ? "'" : $0 })
    }
}
