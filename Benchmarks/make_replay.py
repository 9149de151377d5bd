#!/usr/bin/env python3
"""Write the replay file that the C writer ceilings (reference/*_ceiling.c) read.

    python3 Benchmarks/make_replay.py STORE.sqlite OUT.gxr

A writer ceiling measures what one output library costs for *the same document* graphexport
writes, with nothing else in the way: no SQLite, no model, no traversal. So the document's
content is taken from the store here, ahead of time, and stored as a flat list of typed tokens:
every object of the flat shape (grouped by entity, Z_PK order), with the same keys in the same
order as graphexport's flat export (each entity's attributes by name, root entity first, then its
relationships by name), and the same values, *unformatted*: dates as seconds since 2001, doubles
as IEEE bits, binaries as raw bytes, UUIDs as 16 bytes, references as (entity, Z_PK). The ceiling
loads the file into memory (not timed), then times only the writing, which includes formatting
each value (ISO 8601 dates, shortest doubles, base64, object URIs, string escaping) and the
library's own work, and reports that time and the bytes written.

File layout (little-endian):
    "GXR1"
    u16 count, then count names (u16 length + UTF-8): entity, attribute and relationship names
    u16 count, then count header (key, value) pairs of strings: the export's @source fields
    tokens, one byte each, then their payload:
      O u16 entity u32 pk   begin object       }  end object
      K u16 name            the next value's key
      N null attribute      n  empty to-one relationship
      I i64 integer         B u8 boolean       D f64 double (Double and Float attributes)
      T f64 date (seconds since 2001-01-01T00:00:00Z)
      S u32 len, bytes: string or URI          M u32 len, bytes: decimal text
      X u32 len, bytes: binary (external-storage marker 01 removed)
      U 16 bytes: UUID      R u16 entity u32 pk: reference
      [ begin to-many       ]  end to-many     E  end of the document
"""
import os
import sqlite3
import struct
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Samples", "Scrapbook"))
sys.dont_write_bytecode = True  # no __pycache__ inside Samples/
import make_store as sample  # noqa: E402

U16, U32, I64, F64 = struct.Struct("<H"), struct.Struct("<I"), struct.Struct("<q"), struct.Struct("<d")
OBJ = struct.Struct("<cHI")  # O / R


class Names:
    """The file's names: called with a text, its number, each text numbered once in order of first use."""

    def __init__(self):
        self.texts, self._numbers = [], {}

    def __call__(self, text):
        if text not in self._numbers:
            self._numbers[text] = len(self.texts)
            self.texts.append(text)
        return self._numbers[text]


def replay_head(names, header):
    """The file's start: the magic, the names, then the header's (key, value) pairs of strings."""
    def text(value):
        data = value.encode("utf-8")
        return U16.pack(len(data)) + data
    return b"".join([b"GXR1", U16.pack(len(names))] + [text(n) for n in names] + [U16.pack(len(header))]
                    + [text(k) + text(v) for k, v in header])


def decimal_text(value):
    if isinstance(value, float):
        return repr(value)  # shortest round-trip text, as graphexport's DecimalDigits(shortest:)
    return str(value)


def build(store, out, shape_note="flat"):
    model = sample.load_model()
    con = sqlite3.connect("file:%s?mode=ro" % store, uri=True)
    name = Names()

    ent_name = {e.number: n for n, e in model.items()}
    root_cols = {n: sample.table_columns(model, n) for n, e in model.items() if not e.parent}
    column_of = {}  # (entity, property) -> column, for attributes and to-one keys
    for root, cols in root_cols.items():
        for column, _, kind, owner, prop in cols:
            if kind in ("attr", "fk"):
                column_of[(owner, prop)] = column
    # Concrete entity of every row, for references into a hierarchy.
    concrete = {}
    for root in root_cols:
        concrete[root] = dict(con.execute("SELECT Z_PK, Z_ENT FROM Z%s" % root.upper()))

    def ref(dest, pk):
        root = sample.root_of(model, dest)
        return OBJ.pack(b"R", name(ent_name[concrete[root][pk]]), pk)

    # To-many relationships: {(entity, relationship): {pk: [reference bytes]}}.
    many = {}
    joins = {(owner, rel): (table, c1, c2) for table, owner, rel, c1, c2 in sample.join_tables(model)}
    for ent, e in model.items():
        for rel in e.rels:
            rname, dest, to_many, _, inverse, ordered = rel
            if not to_many:
                continue
            inv = sample.inverse_of(model, ent, rel)
            groups = defaultdict(list)
            if inv is not None and inv[2]:  # many-to-many: through the join table, either side
                if (ent, rname) in joins:
                    table, mine, other = joins[(ent, rname)]
                else:
                    table, other, mine = joins[(dest, inverse)]
                for a, b in con.execute("SELECT %s, %s FROM %s ORDER BY %s, %s" % (mine, other, table, mine, other)):
                    groups[a].append(ref(dest, b))
            else:  # one-to-many: the destination rows holding this object's key
                owner = next(d for d in [dest] + sample.descendants(model, dest)
                             if any(r[0] == inverse for r in model[d].rels))
                column = column_of[(owner, inverse)]
                order = ("Z_FOK_" + column[1:] + ", ") if ordered else ""
                sql = "SELECT %s, Z_PK FROM Z%s WHERE %s IS NOT NULL ORDER BY %s, %sZ_PK" % (
                    column, sample.root_of(model, dest).upper(), column, column, order)
                for a, b in con.execute(sql):
                    groups[a].append(ref(dest, b))
            many[(ent, rname)] = groups

    chunks = []
    put = chunks.append
    for ent, e in sorted(model.items()):  # concrete entities by name, as graphexport's flat shape
        if e.abstract:
            continue
        lineage = list(reversed(sample.lineage(model, ent)))  # root first
        attrs = [(owner, a, t, x) for owner in lineage for a, t, _, x in model[owner].attrs]
        rels = [(owner, r) for owner in lineage for r in model[owner].rels]
        to_one_cols = [column_of[(owner, r[0])] for owner, r in rels if not r[2]]
        cols = ["Z_PK"] + [column_of[(owner, a)] for owner, a, _, _ in attrs] + to_one_cols
        sql = "SELECT %s FROM Z%s WHERE Z_ENT = %d ORDER BY Z_PK" % (
            ", ".join(cols), sample.root_of(model, ent).upper(), e.number)
        keys = [U16.pack(name(a)) for _, a, _, _ in attrs]
        rel_keys = [U16.pack(name(r[0])) for _, r in rels]
        kinds = [(t, x) for _, _, t, x in attrs]
        type_name = name(ent)
        for row in con.execute(sql):
            pk = row[0]
            put(OBJ.pack(b"O", type_name, pk))
            for i, (t, external) in enumerate(kinds):
                v = row[i + 1]
                put(b"K" + keys[i])
                if v is None:
                    put(b"N")
                elif t in ("String", "URI"):
                    data = v.encode("utf-8")
                    put(b"S" + U32.pack(len(data)) + data)
                elif t == "Date":
                    put(b"T" + F64.pack(v))
                elif t in ("Integer 16", "Integer 32", "Integer 64"):
                    put(b"I" + I64.pack(v))
                elif t == "Boolean":
                    put(b"B\x01" if v else b"B\x00")
                elif t in ("Double", "Float"):
                    put(b"D" + F64.pack(v))
                elif t == "Decimal":
                    data = decimal_text(v).encode("ascii")
                    put(b"M" + U32.pack(len(data)) + data)
                elif t == "UUID":
                    put(b"U" + v)
                elif t == "Binary":
                    data = v[1:] if external else v
                    assert not external or v[:1] == b"\x01", "external files are not replayed"
                    put(b"X" + U32.pack(len(data)) + data)
                else:
                    raise ValueError("attribute type %s" % t)
            column = len(kinds) + 1
            for i, (owner, r) in enumerate(rels):
                put(b"K" + rel_keys[i])
                if r[2]:
                    put(b"[" + b"".join(many[(owner, r[0])].get(pk, ())) + b"]")
                else:
                    v = row[column]
                    column += 1
                    put(b"n" if v is None else ref(r[1], v))
            put(b"}")
    put(b"E")
    con_uuid = con.execute("SELECT Z_UUID FROM Z_METADATA").fetchone()[0]
    con.close()
    header = [("generator", "graphexport writer ceiling"), ("sourceKind", "Core Data store"),
              ("source", store), ("storeUUID", con_uuid), ("shape", shape_note)]
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(replay_head(name.texts, header))
        f.write(b"".join(chunks))
    os.replace(tmp, out)


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: make_replay.py STORE.sqlite OUT.gxr")
    build(sys.argv[1], sys.argv[2])


if __name__ == "__main__":
    main()
