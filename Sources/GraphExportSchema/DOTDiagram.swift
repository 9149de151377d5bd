public import GraphExport

/// A Graphviz DOT digraph of a model, as the export in one shape sees it, for `dot -Tsvg`: one
/// table-shaped node per entity (its name, in italics when abstract, then the attributes it declares
/// as `name: Type`, `?` after the type of those that may be null), one edge per relationship and
/// its inverse labelled with their names and with the cardinality at each end (`0..1`, `1`, `*`,
/// `1..*`), and a hollow-arrow edge from each sub-entity to its parent.
///
/// An edge starts at the owner when one side nests the other's objects in the export (tree shape
/// only), drawn with a filled diamond there; otherwise at the entity met first in model order, with
/// an arrowhead only when there is no inverse. Nodes are `e0`, `e1`, … in model order, so any
/// entity name is safe; names are escaped for Graphviz's HTML-like labels.
public struct DOTDiagram {
    private let layout: ExportLayout
    private let title: String

    /// The diagram of `model`'s export in `shape`; `title` names the graph.
    public init(model: GraphModel, shape: ExportShape, title: String) {
        self.layout = ExportLayout(model: model, shape: shape, typing: .declared)
        self.title = title
    }

    /// The DOT text, ending in a newline.
    public var text: String {
        let model = layout.model
        var lines = [
            "digraph \(Self.quoted(title)) {",
            "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11];",
            "  node [shape=plain, fontname=\"Helvetica\", fontsize=11];",
            "  edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        for (index, entity) in model.entities.enumerated() {
            lines.append("  e\(index) [label=<\(Self.table(entity))>];")
        }
        for line in DiagramModel(layout).lines {
            var attributes = [
                "label=\(Self.quoted(line.label))",
                "taillabel=\(Self.quoted(Self.text(DiagramModel.Cardinality(inverse: line.inverse))))",
                "headlabel=\(Self.quoted(Self.text(DiagramModel.Cardinality(line.relationship))))",
            ]
            if line.nests {
                attributes += ["dir=both", "arrowtail=diamond", "arrowhead=none"]
            } else if line.inverse != nil {
                attributes.append("dir=none")
            }
            lines.append("  e\(line.from) -> e\(line.to) [\(attributes.joined(separator: ", "))];")
        }
        for (index, entity) in model.entities.enumerated() {
            guard let parent = entity.parent.flatMap(model.index(of:)) else { continue }
            lines.append("  e\(index) -> e\(parent) [arrowhead=empty, style=dashed];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The node's HTML-like label: a one-column table, the entity's name on top.
    private static func table(_ entity: EntityInfo) -> String {
        let name = entity.isAbstract ? "<i>\(escaped(entity.name))</i>" : escaped(entity.name)
        var rows = ["<tr><td bgcolor=\"#dde6f0\"><b>\(name)</b></td></tr>"]
        for attribute in entity.attributes {
            let type = attribute.type.rawValue + (attribute.isOptional ? "?" : "")
            rows.append("<tr><td align=\"left\">\(escaped(attribute.name)): \(escaped(type))</td></tr>")
        }
        return "<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"4\">" + rows.joined() + "</table>"
    }

    private static func text(_ cardinality: DiagramModel.Cardinality) -> String {
        switch cardinality {
        case .zeroOrOne: return "0..1"
        case .exactlyOne: return "1"
        case .zeroOrMore: return "*"
        case .oneOrMore: return "1..*"
        }
    }

    /// A DOT double-quoted string: `"` and `\` escaped, line breaks as `\n`.
    private static func quoted(_ text: String) -> String {
        let body = text.replacingCharacters { character in
            switch character {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n", "\r\n", "\r": "\\n"
            default: nil
            }
        }
        return "\"" + body + "\""
    }

    /// Text for an HTML-like label: `&`, `<`, `>` and `"` as entities, and control characters,
    /// which the label cannot hold, as `&#xFFFD;`.
    private static func escaped(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            default: scalar.value < 0x20 || scalar.value == 0x7F ? "&#xFFFD;" : nil
            }
        }
    }
}
