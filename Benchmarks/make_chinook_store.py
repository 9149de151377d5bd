#!/usr/bin/env python3
"""Scale the Chinook sample database to N rows for the benchmark (issue 23): a plain SQLite
database of a real schema, read through its foreign keys.

    python3 Benchmarks/make_chinook_store.py [--without-fk-indexes] CHINOOK.sqlite N OUT.sqlite

The schema is Chinook's own, taken from the file: every table, index and foreign key as its
`sqlite_master` declares them (11 tables, PlaylistTrack the many-to-many link table). The rows are
Chinook's, copied: copy c of a table holds every row of the original with each key moved by c times
the table's largest key (`AlbumId` 1…347 becomes 348…694 in copy 1), and every foreign key moved
the same way, so that it points at the copy of its original parent. Each copy is the whole
database once more: every artist has the same albums, every album the same tracks, every
playlist the same tracks, every invoice the same lines, with the same values, so each table's
fan-out and the distribution of its values are Chinook's (15 607 rows per copy).

N need not be a multiple of 15 607: after the whole copies, one partial copy takes the first rows
of each table in key order, the same share of each (the largest table makes up the rest, so that
the total is exactly N); a foreign key of the partial copy whose parent row is not in it points at
the parent of copy 0, which exists, so every key stays valid. Keys grow copy by copy, so each
table's rows are in key order and a parent's children of one copy lie together, as in the original.

With --without-fk-indexes the copy leaves out Chinook's `IFK_*` indexes, the indexes of its foreign
keys: SQLite never creates those, and many real databases have none, so that a reader must follow
every foreign key without an index (issue 36). The tables, rows and other indexes are the same.

The result depends only on the input file, N and the option: two runs give byte-identical files.
"""
import sqlite3
import sys

import generated_database


def tables_of(source):
    """[(name, create SQL)] of the ordinary tables, in schema order, and of the indexes."""
    rows = source.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
    ).fetchall()
    tables = [(name, sql) for kind, name, sql in rows if kind == "table"]
    indexes = [(name, sql) for kind, name, sql in rows if kind == "index"]
    return tables, indexes


def key_columns(source, table):
    """The integer key columns of `table` that copies move: its own INTEGER primary-key columns
    (each moved by the table's largest value of it), and each foreign-key column (moved by its
    parent's). {column: (table whose key it is, that table's key column)}."""
    moved = {}
    for column in source.execute("PRAGMA table_info(%s)" % quote(table)):
        name, declared, pk = column[1], column[2], column[5]
        if pk and "INT" in declared.upper():
            moved[name] = (table, name)
    for key in source.execute("PRAGMA foreign_key_list(%s)" % quote(table)):
        moved[key[3]] = (key[2], key[4])
    return moved


def primary_key(source, table):
    """The primary-key columns of `table`, in key order."""
    columns = [c for c in source.execute("PRAGMA table_info(%s)" % quote(table)) if c[5]]
    return [c[1] for c in sorted(columns, key=lambda c: c[5])]


def is_link(source, table, moved):
    """Whether every primary-key column of `table` is a foreign key (PlaylistTrack)."""
    key = primary_key(source, table)
    return bool(key) and all(c in moved and moved[c][0] != table for c in key)


def link_condition(table, moved, bounds):
    """The rows of a link table that the partial copy may take: those with at least one parent in
    the partial copy, so that no row repeats a row of copy 0 (where both parents are copy 0's)."""
    return "(" + " OR ".join("%s <= %d" % (quote(c), bounds[owner]) for c, (owner, _) in moved.items()) + ")"


def partial_bound(source, table, count):
    """The largest key of the first `count` rows of `table` in key order (0 when none): the
    parents a partial copy holds. Only tables with one integer key are parents in Chinook."""
    key = primary_key(source, table)
    if len(key) != 1 or not count:
        return 0
    return source.execute("SELECT %s FROM %s ORDER BY %s LIMIT 1 OFFSET %d" % (
        quote(key[0]), quote(table), quote(key[0]), count - 1)).fetchone()[0]


def partial_counts(source, tables, counts, moves, rest):
    """How many rows of each table the partial copy takes: the same share of each (`rest` of one
    copy's rows), a link table no more than it has rows with a parent in the partial copy, what is
    missing taken from the largest other tables."""
    per_copy = sum(counts.values())
    partial = {t: rest * c // per_copy for t, c in counts.items()}
    others = sorted((t for t, _ in tables if not is_link(source, t, moves[t])), key=lambda t: -counts[t])
    for table in others:  # the rounding first, then what the links cannot take
        partial[table] = min(counts[table], partial[table] + max(rest - sum(partial.values()), 0))
    bounds = {t: partial_bound(source, t, partial[t]) for t, _ in tables}
    for table, _ in tables:
        if is_link(source, table, moves[table]):
            available = source.execute("SELECT count(*) FROM %s WHERE %s" % (
                quote(table), link_condition(table, moves[table], bounds))).fetchone()[0]
            partial[table] = min(partial[table], available)
    for table in others:
        partial[table] = min(counts[table], partial[table] + rest - sum(partial.values()))
    return partial


def quote(name):
    return '"' + name.replace('"', '""') + '"'


def main():
    arguments = sys.argv[1:]
    without_fk_indexes = arguments[:1] == ["--without-fk-indexes"]
    if without_fk_indexes:
        arguments = arguments[1:]
    if len(arguments) != 3:
        raise SystemExit("usage: make_chinook_store.py [--without-fk-indexes] CHINOOK.sqlite N OUT.sqlite")
    chinook, n, out = arguments[0], int(arguments[1]), arguments[2]
    source = sqlite3.connect("file:%s?mode=ro" % chinook, uri=True)
    tables, indexes = tables_of(source)
    if without_fk_indexes:
        indexes = [(name, sql) for name, sql in indexes if not name.startswith("IFK_")]
    counts = {t: source.execute("SELECT count(*) FROM %s" % quote(t)).fetchone()[0] for t, _ in tables}
    per_copy = sum(counts.values())
    if n < per_copy:
        raise SystemExit("make_chinook_store.py: N must be at least %d (one copy of Chinook)" % per_copy)
    moves = {t: key_columns(source, t) for t, _ in tables}
    # Each key's offset per copy: the largest value of the key column it belongs to.
    largest = {}
    for table, _ in tables:
        for owner, column in moves[table].values():
            if (owner, column) not in largest:
                largest[(owner, column)] = source.execute(
                    "SELECT max(%s) FROM %s" % (quote(column), quote(owner))).fetchone()[0]
    whole, rest = divmod(n, per_copy)
    partial = partial_counts(source, tables, counts, moves, rest)

    db = generated_database.begin(out)
    for _, sql in tables:
        db.execute(sql)
    db.execute("ATTACH DATABASE ? AS chinook", ("file:%s?mode=ro" % chinook,))
    bounds = {table: partial_bound(source, table, partial[table]) for table, _ in tables}
    for table, _ in tables:
        columns = [c[1] for c in source.execute("PRAGMA table_info(%s)" % quote(table))]
        order = ", ".join(quote(c) for c in primary_key(source, table)) or "rowid"
        for copy in range(whole + 1):
            if copy == whole and not partial[table]:
                continue
            values = []
            for column in columns:
                if column not in moves[table]:
                    values.append(quote(column))
                    continue
                owner, key = moves[table][column]
                offset = copy * largest[moves[table][column]]
                if copy < whole or (owner, key) == (table, column):
                    values.append("%s + %d" % (quote(column), offset))
                else:
                    # In the partial copy a parent row may be missing: then the parent of copy 0.
                    values.append("CASE WHEN %s <= %d THEN %s + %d ELSE %s END" % (
                        quote(column), bounds[owner], quote(column), offset, quote(column)))
            where = ""
            if copy == whole and is_link(source, table, moves[table]):
                where = " WHERE " + link_condition(table, moves[table], bounds)
            limit = "" if copy < whole else " LIMIT %d" % partial[table]
            db.execute("INSERT INTO main.%s (%s) SELECT %s FROM chinook.%s%s ORDER BY %s%s" % (
                quote(table), ", ".join(quote(c) for c in columns), ", ".join(values), quote(table), where,
                order, limit))
    db.commit()
    db.execute("DETACH DATABASE chinook")
    for _, sql in indexes:
        db.execute(sql)
    db.execute("ANALYZE")
    total = sum(db.execute("SELECT count(*) FROM %s" % quote(t)).fetchone()[0] for t, _ in tables)
    if total != n:
        raise SystemExit("make_chinook_store.py: wrote %d rows, not %d" % (total, n))
    generated_database.finish(db, out)


if __name__ == "__main__":
    main()
