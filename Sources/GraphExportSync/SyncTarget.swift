/// Where a sync keeps its copy (docs/SYNC.md): a SQLite file, or a schema of a PostgreSQL server.
public enum SyncTarget: Sendable, Hashable, CustomStringConvertible {
    /// A SQLite database file, made when missing.
    case sqlite(path: String)
    /// A PostgreSQL server, given as a libpq connection URI (`postgresql://…`), and the schema the
    /// tables go to (`nil`: the connection's current schema).
    case postgresql(uri: String, schema: String?)

    /// The target a command-line operand names: a `postgresql://` or `postgres://` URI is a server
    /// (`schema` applies to it alone), anything else the path of a SQLite file.
    public init(_ operand: String, schema: String? = nil) {
        let lowered = operand.lowercased()
        if lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") {
            self = .postgresql(uri: operand, schema: schema)
        } else {
            self = .sqlite(path: operand)
        }
    }

    /// Whether the target is a PostgreSQL server.
    public var isPostgreSQL: Bool {
        if case .postgresql = self { return true }
        return false
    }

    /// The target as messages name it: the path, or the URI without its password, with the schema.
    public var description: String {
        switch self {
        case .sqlite(let path): return path
        case .postgresql(let uri, let schema):
            let shown = Self.withoutPassword(uri)
            return schema.map { "\(shown) (schema \($0))" } ?? shown
        }
    }

    /// `uri` with the password of its user information, if any, shown as `***`.
    static func withoutPassword(_ uri: String) -> String {
        let characters = Array(uri)
        guard
            let scheme = (0..<max(0, characters.count - 2)).first(where: { characters[$0..<$0 + 3] == [":", "/", "/"] })
        else { return uri }
        let start = scheme + 3
        let end = characters[start...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? characters.count
        guard let at = characters[start..<end].lastIndex(of: "@"),
            let colon = characters[start..<at].firstIndex(of: ":")
        else { return uri }
        return String(characters[...colon]) + "***" + String(characters[at...])
    }
}
