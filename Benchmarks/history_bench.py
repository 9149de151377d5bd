#!/usr/bin/env python3
"""The `--since` benchmark (issue 21), run by Benchmarks/run.py (`make bench`) on its largest
store in creation order, or by itself:

    python3 Benchmarks/history_bench.py GRAPHEXPORT STORE.sqlite

It copies the Scrapbook-layout store (make_large_store.py) and gives the copy a persistent history
in the layout the real stores show (`ATRANSACTION`, `ACHANGE`, `ATRANSACTIONSTRING` with the DDL of
the Apple Notes and SwiftData samples, entities 16001-16003 in `Z_PRIMARYKEY`), holding 100 changed
objects in 10 saves: 45 pages retitled, 45 notes rewritten, 5 notes inserted and 5 deleted (their
pages' `items` recorded as updated, as Core Data records an inverse), each update's `ZCOLUMNS`
numbered as docs/COREDATA.md says. The entity rows change with it, so the history is true.

Then, in rounds, it times a full JSON export (tree shape) against the export `--since 0`, which
writes the 100 objects (tree and flat), each with reference/measure.c: the issue's targets are
`--since` in at most 5 % of the full export's time, and a peak RSS of at most 32 MB.
"""
import os
import rounds
import shutil
import sqlite3
import sys

# The history tables as the real stores' DDL has them (shared/coredata-samples: apple-notes-macos12,
# swiftdata-resourcesmanager).
HISTORY_DDL = [
    "CREATE TABLE ACHANGE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCHANGETYPE INTEGER, "
    "ZENTITY INTEGER, ZENTITYPK INTEGER, ZTRANSACTIONID INTEGER, ZCOLUMNS BLOB )",
    "CREATE INDEX ACHANGE_ZTRANSACTIONID_INDEX ON ACHANGE (ZTRANSACTIONID)",
    "CREATE TABLE ATRANSACTION ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZAUTHORTS INTEGER, "
    "ZBUNDLEIDTS INTEGER, ZCONTEXTNAMETS INTEGER, ZPROCESSIDTS INTEGER, ZTIMESTAMP FLOAT, ZAUTHOR VARCHAR, "
    "ZBUNDLEID VARCHAR, ZCONTEXTNAME VARCHAR, ZPROCESSID VARCHAR, ZQUERYGEN BLOB )",
    "CREATE INDEX ATRANSACTION_ZAUTHORTS_INDEX ON ATRANSACTION (ZAUTHORTS)",
    "CREATE INDEX ATRANSACTION_ZBUNDLEIDTS_INDEX ON ATRANSACTION (ZBUNDLEIDTS)",
    "CREATE INDEX ATRANSACTION_ZCONTEXTNAMETS_INDEX ON ATRANSACTION (ZCONTEXTNAMETS)",
    "CREATE INDEX ATRANSACTION_ZPROCESSIDTS_INDEX ON ATRANSACTION (ZPROCESSIDTS)",
    "CREATE INDEX Z_TRANSACTION_TransactionAuthorIndex ON ATRANSACTION (ZAUTHOR COLLATE BINARY ASC)",
    "CREATE INDEX Z_TRANSACTION_TransactionTimestampIndex ON ATRANSACTION (ZTIMESTAMP COLLATE BINARY ASC)",
    "CREATE TABLE ATRANSACTIONSTRING ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR )",
    "CREATE UNIQUE INDEX Z_TRANSACTIONSTRING_UNIQUE_NAME ON ATRANSACTIONSTRING (ZNAME COLLATE BINARY ASC)",
]

# ZCOLUMNS of the Scrapbook model (to-ones, attributes, to-manys; root level first, by name):
# Page [scrapbook | backgroundColor, number, title | items]: title 3, items 4.
# Note [page | createdAt, position, title, color, text | tags]: text 5.
PAGE_TITLE, PAGE_ITEMS, NOTE_TEXT = 3, 4, 5
SAVES = 10
CHANGED = 100


def bitmap(numbers, count):
    data = bytearray((count + 7) // 8)
    for n in numbers:
        data[n // 8] |= 0x80 >> (n % 8)
    return bytes(data)


def make(source, path):
    """A copy of `source` with a history of 100 changed objects; returns the number of changed
    objects the history holds."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    shutil.copyfile(source, path)
    db = sqlite3.connect(path)
    numbers = dict(db.execute("SELECT Z_NAME, Z_ENT FROM Z_PRIMARYKEY"))
    page_ent, note_ent = numbers["Page"], numbers["Note"]
    for ddl in HISTORY_DDL:
        db.execute(ddl)
    db.executemany("INSERT INTO ATRANSACTIONSTRING VALUES (?, 16003, NULL, ?)",
                   [(1, "org.graphexport.bench"), (2, "bench")])
    pages = [row[0] for row in db.execute("SELECT Z_PK FROM ZPAGE ORDER BY Z_PK LIMIT 45")]
    notes = [row for row in db.execute(
        "SELECT Z_PK, ZPAGE FROM ZITEM WHERE Z_ENT = ? AND ZPAGE IN (%s) ORDER BY Z_PK LIMIT 50"
        % ",".join(map(str, pages)), (note_ent,))]
    rewritten, deleted = notes[:45], notes[45:50]
    columns = [row[1] for row in db.execute("PRAGMA table_info(ZITEM)") if row[1] != "Z_PK"]
    next_item = db.execute("SELECT max(Z_MAX) FROM Z_PRIMARYKEY WHERE Z_NAME IN ('Item', 'Clipping', 'Note', "
                           "'Photo')").fetchone()[0]
    changes = []  # (transaction, type, entity, pk, columns)
    for index, page in enumerate(pages):
        db.execute("UPDATE ZPAGE SET ZTITLE = ?, Z_OPT = Z_OPT + 1 WHERE Z_PK = ?", ("Retitled %d" % index, page))
    for index, (note, _) in enumerate(rewritten):
        db.execute("UPDATE ZITEM SET ZTEXT = ?, Z_OPT = Z_OPT + 1 WHERE Z_PK = ?", ("Rewritten %d" % index, note))
    inserted = []
    for index, (note, page) in enumerate(rewritten[:5]):
        next_item += 1
        db.execute("INSERT INTO ZITEM (Z_PK, %s) SELECT ?, %s FROM ZITEM WHERE Z_PK = ?"
                   % (", ".join(columns), ", ".join(columns)), (next_item, note))
        db.execute("UPDATE ZITEM SET Z_OPT = 1, ZTEXT = ? WHERE Z_PK = ?", ("New %d" % index, next_item))
        inserted.append((next_item, page))
    for note, _ in deleted:
        db.execute("DELETE FROM Z_1TAGS WHERE Z_1ITEMS = ?", (note,))
        db.execute("DELETE FROM ZITEM WHERE Z_PK = ?", (note,))
    db.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_NAME = 'Item'", (next_item,))
    page_columns = {page: {PAGE_TITLE} for page in pages}
    for _, page in inserted + deleted:
        page_columns[page].add(PAGE_ITEMS)
    for index, page in enumerate(pages):
        changes.append((1 + index % SAVES, 1, page_ent, page, bitmap(page_columns[page], 5)))
    for index, (note, _) in enumerate(rewritten):
        changes.append((1 + index % SAVES, 1, note_ent, note, bitmap([NOTE_TEXT], 7)))
    for index, (note, _) in enumerate(inserted):
        changes.append((SAVES - 1, 0, note_ent, note, None))
    for note, _ in deleted:
        changes.append((SAVES, 2, note_ent, note, None))
    changes.sort()
    db.executemany("INSERT INTO ATRANSACTION (Z_PK, Z_ENT, ZBUNDLEIDTS, ZPROCESSIDTS, ZTIMESTAMP) "
                   "VALUES (?, 16002, 1, 2, ?)", [(t, 760000000.0 + t) for t in range(1, SAVES + 1)])
    db.executemany("INSERT INTO ACHANGE (Z_PK, Z_ENT, ZCHANGETYPE, ZENTITY, ZENTITYPK, ZTRANSACTIONID, ZCOLUMNS) "
                   "VALUES (?, 16001, ?, ?, ?, ?, ?)",
                   [(i + 1, kind, entity, pk, t, cols) for i, (t, kind, entity, pk, cols) in enumerate(changes)])
    db.executemany("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, 0, ?)",
                   [(16001, "CHANGE", len(changes)), (16002, "TRANSACTION", SAVES), (16003, "TRANSACTIONSTRING", 2)])
    db.commit()
    db.close()
    objects = {(entity, pk) for _, _, entity, pk, _ in changes}
    assert len(objects) == CHANGED, len(objects)
    return len(objects)


def contenders(graphexport, model, store):
    """(name, argv) of the full export and the exports since transaction 0."""
    base = [graphexport, "--model", model, "--format", "json", "--quiet", store]
    return [("gx-json-tree-full", base), ("gx-since-json-tree", base + ["--since", "0"]),
            ("gx-since-json-flat", base + ["--shape", "flat", "--since", "0"])]


def run(graphexport, model, store, cache, run_once, repeat, log):
    """Makes (or reuses) the history store beside the cache, times the contenders in rounds with
    `run_once` (run.py's: [(wall, rss, cpu)], bytes, text), and returns (markdown lines, results)."""
    path = os.path.join(cache, os.path.basename(store).replace(".sqlite", "") + "-history.sqlite")
    if not os.path.exists(path) or os.path.getmtime(path) < max(os.path.getmtime(store), os.path.getmtime(__file__)):
        log("made the history store %s (%d changed objects)" % (os.path.relpath(path), make(store, path)))
    runs = contenders(graphexport, model, path)
    samples, sizes, median = rounds.measure(runs, run_once, repeat, log, "--since")
    full = median["gx-json-tree-full"][0]
    lines = ["## `--since` (issue 21): 1 000 000 objects, a history of 100 changed objects", "",
             "| contender | wall s (median) | CPU s | peak RSS MB | output MB | of the full export |",
             "|---|---|---|---|---|---|"]
    for name, _ in runs:
        wall, rss, cpu = median[name]
        lines.append("| %s | %.3f | %.3f | %.1f | %.3f | %.2f %% |" % (name, wall, cpu, rss / 1e6, sizes[name] / 1e6,
                                                                      100 * wall / full))
    worst = max(median[name][0] for name, _ in runs if name != "gx-json-tree-full")
    peak = max(median[name][1] for name, _ in runs if name != "gx-json-tree-full")
    lines += ["", "Targets: `--since` ≤ 5 %% of the full export: %s (%.2f %%); peak RSS ≤ 32 MB: %s (%.1f MB)."
              % ("PASS" if worst <= 0.05 * full else "FAIL", 100 * worst / full, "PASS" if peak <= 32e6 else "FAIL",
                 peak / 1e6), ""]
    return lines, {name: {"samples": samples[name], "output_bytes": sizes[name]} for name, _ in runs}


if __name__ == "__main__":
    import run as bench  # noqa: E402  (run.py beside this file: its measuring)

    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    bench.MEASURE = bench.build_references()["measure"]
    table, _ = run(os.path.abspath(sys.argv[1]), bench.MODEL, os.path.abspath(sys.argv[2]), bench.CACHE,
                   bench.run_once, 3, bench.log)
    print("\n".join(table))
