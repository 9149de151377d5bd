/// The SQL a relational output is written in: what `--sql-dialect` names.
public enum SQLDialect: String, Sendable, Hashable, CaseIterable {
    /// PostgreSQL: `COPY … FROM stdin` data, foreign keys added after the data.
    case postgresql
    /// SQLite: multi-row `INSERT`s, foreign keys declared in the tables.
    case sqlite
}
