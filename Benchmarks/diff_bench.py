"""The diff benchmark (issue 21), run by Benchmarks/run.py: `graphexport diff` of two stores of N objects
that differ in 1 % of their objects, as a Core Data store and as a plain SQLite database, against
one flat JSON export of the same store and, for the plain database, SQLite's own `sqldiff`.

The stores are the benchmark's Scrapbook store (make_large_store.py) and three made from it, cached
in Benchmarks/.cache beside it:

    <store>.changed-<hash>.sqlite   a copy changed as an app would change it, in 1 % of its objects:
                                    half of them items whose title was edited (Z_OPT raised), a
                                    quarter items deleted (with their Z_1TAGS rows and the references
                                    to them cleared), a quarter new items (copies of others with new
                                    keys, Z_PRIMARYKEY.Z_MAX raised), all chosen by arithmetic on
                                    the keys
    <store>.plain-<hash>.sqlite     the same objects as a plain database: one table per Core Data
                                    table (scrapbook, page, tag, item; columns without their Z,
                                    lowercased, Z_OPT left out), the to-ones as declared foreign keys
                                    with indexes, Z_1TAGS as the link table item_tag
    <store>.plain-changed-<hash>.sqlite  the plain database changed the same way

Contenders (each run in rounds with the main benchmark's measure()):

    diff-gx-json-flat      graphexport --shape flat of the old Core Data store (the reference)
    diff-gx-coredata       graphexport diff --format jsonl of the two Core Data stores
    diff-gx-plain-json-flat  graphexport --shape flat of the old plain database
    diff-gx-plain          graphexport diff --format jsonl of the two plain databases
    diff-sqldiff           sqldiff of the two plain databases

Their targets (issue 40: diff-gx-coredata <= 1.25x diff-gx-json-flat, diff-gx-plain <= 2x diff-sqldiff,
peak RSS <= 32 MB for both diffs) are rows of run.py's issue 40 table of the store they ran on.
"""
import os
import shutil
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
# Each Core Data table of the Scrapbook layout as a plain table, and its to-one columns: the
# Core Data column, the plain column and the table it points at.
PLAIN_TABLES = {"ZSCRAPBOOK": "scrapbook", "ZPAGE": "page", "ZTAG": "tag", "ZITEM": "item"}
FOREIGN_KEYS = {
    ("ZSCRAPBOOK", "ZCOVER"): "item", ("ZPAGE", "ZSCRAPBOOK"): "scrapbook", ("ZTAG", "ZSCRAPBOOK"): "scrapbook",
    ("ZTAG", "ZFEATUREDITEM"): "item", ("ZITEM", "ZPAGE"): "page", ("ZITEM", "ZCOVEROF"): "scrapbook",
}
# Names of the things the change touches, in each layout.
CORE_DATA = {"item": "ZITEM", "key": "Z_PK", "title": "ZTITLE", "version": "Z_OPT", "link": "Z_1TAGS",
             "link_item": "Z_1ITEMS", "refs": [("ZTAG", "ZFEATUREDITEM"), ("ZSCRAPBOOK", "ZCOVER")],
             "cleared": ["ZCOVEROF"]}
PLAIN = {"item": "item", "key": "id", "title": "title", "version": None, "link": "item_tag", "link_item": "item_id",
         "refs": [("tag", "featureditem"), ("scrapbook", "cover")], "cleared": ["coverof"]}


def plain_name(column):
    """ZTITLE -> title, Z_FOK_SCRAPBOOK -> fok_scrapbook, Z1_FEATUREDITEM -> z1_featureditem."""
    if column == "Z_PK":
        return "id"
    if column == "Z_ENT":
        return "entity"
    if column.startswith("Z_"):
        return column[2:].lower()
    return column[1:].lower() if column.startswith("Z") and not column[1].isdigit() else column.lower()


def make_plain(store, out):
    """The objects of the Core Data store `store` as a plain database at `out`."""
    tmp = out + ".tmp"
    if os.path.exists(tmp):
        os.remove(tmp)
    db = sqlite3.connect(tmp)
    db.execute("ATTACH DATABASE ? AS cd", ("file:%s?mode=ro" % store,))
    for table, name in PLAIN_TABLES.items():
        columns = [(c[1], c[2]) for c in db.execute("PRAGMA cd.table_info(%s)" % table) if c[1] != "Z_OPT"]
        definitions = []
        for column, declared in columns:
            definition = "%s %s" % (plain_name(column), declared or "")
            if column == "Z_PK":
                definition = "id INTEGER PRIMARY KEY"
            elif (table, column) in FOREIGN_KEYS:
                definition += " REFERENCES %s(id)" % FOREIGN_KEYS[(table, column)]
            definitions.append(definition.strip())
        db.execute("CREATE TABLE %s (%s)" % (name, ", ".join(definitions)))
        db.execute("INSERT INTO %s SELECT %s FROM cd.%s" % (name, ", ".join(c for c, _ in columns), table))
        for (owner, column), _ in FOREIGN_KEYS.items():
            if owner == table:
                db.execute("CREATE INDEX %s_%s ON %s (%s)" % (name, plain_name(column), name, plain_name(column)))
    db.execute("CREATE TABLE item_tag (item_id INTEGER REFERENCES item(id), tag_id INTEGER REFERENCES tag(id), "
               "PRIMARY KEY (item_id, tag_id))")
    db.execute("CREATE INDEX item_tag_tag ON item_tag (tag_id, item_id)")
    db.execute("INSERT INTO item_tag SELECT Z_1ITEMS, Z_7TAGS FROM cd.Z_1TAGS")
    db.commit()
    db.execute("DETACH DATABASE cd")
    db.execute("VACUUM")
    db.close()
    os.replace(tmp, out)


def make_changed(store, out, names, fraction=0.01):
    """A copy of `store` at `out` with `fraction` of its objects changed (module docstring)."""
    tmp = out + ".tmp"
    shutil.copyfile(store, tmp)
    db = sqlite3.connect(tmp)
    n = names
    tables = list(PLAIN_TABLES) if n is CORE_DATA else list(PLAIN_TABLES.values())
    total = sum(db.execute("SELECT count(*) FROM %s" % t).fetchone()[0] for t in tables)
    keys = [k for (k,) in db.execute("SELECT %s FROM %s ORDER BY %s" % (n["key"], n["item"], n["key"]))]
    count = int(total * fraction)
    step = len(keys) // count
    chosen = keys[::step][:count]
    edited, deleted, copied = chosen[0::2], chosen[1::4], chosen[3::4]
    marks = lambda ks: ",".join(str(k) for k in ks)  # noqa: E731
    version = ", %s = %s + 1" % (n["version"], n["version"]) if n["version"] else ""
    db.execute("UPDATE %s SET %s = coalesce(%s, '') || ' (edited)'%s WHERE %s IN (%s)"
               % (n["item"], n["title"], n["title"], version, n["key"], marks(edited)))
    db.execute("DELETE FROM %s WHERE %s IN (%s)" % (n["link"], n["link_item"], marks(deleted)))
    for table, column in n["refs"]:
        db.execute("UPDATE %s SET %s = NULL WHERE %s IN (%s)" % (table, column, column, marks(deleted)))
        if n is CORE_DATA and column == "ZFEATUREDITEM":
            db.execute("UPDATE ZTAG SET Z1_FEATUREDITEM = NULL WHERE ZFEATUREDITEM IS NULL")
    db.execute("DELETE FROM %s WHERE %s IN (%s)" % (n["item"], n["key"], marks(deleted)))
    columns = [c[1] for c in db.execute("PRAGMA table_info(%s)" % n["item"])]
    highest = db.execute("SELECT max(%s) FROM %s" % (n["key"], n["item"])).fetchone()[0]
    values = ["%s + %d" % (c, highest) if c == n["key"] else "NULL" if c in n["cleared"] else c for c in columns]
    db.execute("INSERT INTO %s (%s) SELECT %s FROM %s WHERE %s IN (%s)"
               % (n["item"], ", ".join(columns), ", ".join(values), n["item"], n["key"], marks(copied)))
    if n is CORE_DATA:
        db.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = (SELECT max(Z_PK) FROM ZITEM) WHERE Z_ENT = 1")
    db.commit()
    db.close()
    os.replace(tmp, out)
    return len(edited) + len(deleted) + len(copied)


def contenders(graphexport, model, store, cached, Contender):
    """The contenders at one size, for the store at `store`, and the plain databases' paths;
    `cached(kind, make)` makes a derived store once (run.py's cache)."""
    inputs = [os.path.join(HERE, "diff_bench.py")]
    changed = cached("changed.sqlite", inputs, lambda out: make_changed(store, out, CORE_DATA))
    plain = cached("plain.sqlite", inputs, lambda out: make_plain(store, out))
    plain_changed = cached("plain-changed.sqlite", inputs, lambda out: make_changed(plain, out, PLAIN))
    return [
        Contender("diff-gx-json-flat", [graphexport, "--model", model, "--format", "json", "--shape", "flat", store],
                  "gx", "json", "flat"),
        Contender("diff-gx-coredata", [graphexport, "diff", "--model", model, "--format", "jsonl", store, changed],
                  "gx", statuses=(1,)),
        Contender("diff-gx-plain-json-flat", [graphexport, "--format", "json", "--shape", "flat", plain],
                  "gx", "json", "flat"),
        Contender("diff-gx-plain", [graphexport, "diff", "--format", "jsonl", plain, plain_changed], "gx",
                  statuses=(1,)),
        Contender("diff-sqldiff", ["sqldiff", plain, plain_changed], "ref"),
    ]
