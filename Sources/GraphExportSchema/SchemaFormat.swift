/// What `graphexport schema` writes about an export.
public enum SchemaFormat: String, CaseIterable, Sendable, Hashable {
    /// JSON Schema 2020-12 of the JSON export (``JSONExportSchema``).
    case jsonSchema = "json-schema"
    /// XML Schema of the XML export (``XMLExportSchema``).
    case xsd
    /// A Mermaid `erDiagram` (``MermaidDiagram``).
    case mermaid
    /// A Graphviz digraph (``DOTDiagram``).
    case dot
    /// The SQL that makes the tables of `-f sqlite` and `-f sql` (docs/RELATIONAL.md), in the
    /// `--sql-dialect` given.
    case sql

    /// The export format whose own options this schema follows (`xml` for `xsd`: `--xml-style`
    /// decides it; `sql` for `sql`: `--sql-dialect`), `nil` when no format's options shape it.
    public var optionsFormat: String? {
        switch self {
        case .xsd: "xml"
        case .sql: "sql"
        default: nil
        }
    }

    /// The format `name` names, in any case: its own name, or `json` for ``jsonSchema``.
    public init?(named name: String) {
        let name = name.lowercased()
        guard let format = Self(rawValue: name == "json" ? Self.jsonSchema.rawValue : name) else { return nil }
        self = format
    }

    /// The format whose file extension `path` ends in (`.json`, `.xsd`, `.mmd` or `.mermaid`,
    /// `.dot` or `.gv`, `.sql`, in any case), or `nil`.
    public init?(forPath path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "json": self = .jsonSchema
        case "xsd": self = .xsd
        case "mmd", "mermaid": self = .mermaid
        case "dot", "gv": self = .dot
        case "sql": self = .sql
        default: return nil
        }
    }
}
