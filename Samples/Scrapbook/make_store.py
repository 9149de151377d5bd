#!/usr/bin/env python3
"""Write Scrapbook.sqlite: a small store laid out the way Core Data's SQLite store does it.

Run from anywhere:  python3 Samples/Scrapbook/make_store.py
Deterministic: no clock, no randomness. Two runs give byte-identical files (same SQLite library).

The model is read from Scrapbook.xcdatamodeld/Scrapbook.xcdatamodel/contents, so the store and the
model cannot drift apart. Section numbers (§) refer to shared/coredata-format.md.

Stand-in version hashes. Apple's NSStoreModelVersionHashes are SHA-256 digests computed inside
Core Data (§1.2); we cannot reproduce them without Apple's code. Each entity's hash here is
SHA-256 of this UTF-8 text instead (lines joined by "\\n", no trailing newline):

    entity <EntityName>
    attribute <name> <attributeType> <optional|required>          one line per attribute, by name
    relationship <name> <Destination> <to-one|to-many> <optional|required> <inverseName>   by name

Departures from an Apple-written store (README.md has the details):
  * No Z_MODELCACHE (stores before iOS 9 have none, §1.2): the model is the .xcdatamodeld beside
    it. Real framework-1048 stores do have one, and an NSStoreModelVersionHashesDigest key too.
  * The TEXT Decimal is 'NaN'. NUMERIC affinity (DECIMAL) turns the text '19.99' into REAL on
    insert; forcing TEXT '19.99' in makes PRAGMA integrity_check fail ("TEXT value in ...").
"""
import datetime
import hashlib
import json
import os
import plistlib
import sqlite3
import struct
import uuid
import xml.etree.ElementTree as ET
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "Scrapbook.xcdatamodeld", "Scrapbook.xcdatamodel", "contents")
STORE = os.path.join(HERE, "Scrapbook.sqlite")
STORE_UUID = "6F2C8E4A-3B1D-4E7F-9A25-C0D81B7E5F93"  # Z_METADATA.Z_UUID, host of every object ID (§2)

# §1.6: attributeType -> declared SQL type.
SQL_TYPE = {"Integer 16": "INTEGER", "Integer 32": "INTEGER", "Integer 64": "INTEGER",
            "Boolean": "INTEGER", "Date": "TIMESTAMP", "Double": "FLOAT", "Float": "FLOAT",
            "Decimal": "DECIMAL", "String": "VARCHAR", "URI": "VARCHAR", "Binary": "BLOB",
            "UUID": "BLOB"}
# §1.3 column order: Z_PK, Z_ENT, Z_OPT, then a stable sort by type group (Core Data's
# sortColumnsByType) of "attributes by name, then to-one relationships by name". Groups as seen in
# Apple-written DDL: integers and Booleans, then FKs (same group, after the attributes); Date with
# Double/Float (interleaved by name in Apple Notes' ZICCLOUDSYNCINGOBJECT); Decimal; String; then
# Binary/UUID/URI (URI interleaved with UUID BLOBs in CallHistory's ZCALLRECORD; Binary assumed).
GROUP = {"Integer 16": 0, "Integer 32": 0, "Integer 64": 0, "Boolean": 0, "FK": 0, "Date": 1,
         "Double": 1, "Float": 1, "Decimal": 2, "String": 3, "Binary": 4, "UUID": 4, "URI": 4}


def load_model():
    """Entities in Z_ENT order: names sorted, no inheritance here (§1.2 'Entity numbering')."""
    model = {}
    for e in ET.parse(MODEL).getroot().iter("entity"):
        attrs = sorted((a.get("name"), a.get("attributeType"), a.get("optional") == "YES")
                       for a in e.iter("attribute"))
        rels = sorted((r.get("name"), r.get("destinationEntity"), r.get("toMany") == "YES",
                       r.get("optional") == "YES", r.get("inverseName"))
                      for r in e.iter("relationship"))
        model[e.get("name")] = (attrs, rels)
    return dict(sorted(model.items()))


def columns(attrs, rels):
    """[(column, sql type, property name)]. To-many relationships get no column (§1.4)."""
    cols = [(GROUP[t], "Z" + n.upper(), SQL_TYPE[t], n) for n, t, _ in attrs]
    cols += [(GROUP["FK"], "Z" + n.upper(), "INTEGER", n) for n, _, many, _, _ in rels if not many]
    return [c[1:] for c in sorted(cols, key=lambda c: c[0])]  # sorted() is stable


def version_hash(name, attrs, rels):
    opt = lambda o: "optional" if o else "required"
    lines = ["entity " + name]
    lines += ["attribute %s %s %s" % (n, t, opt(o)) for n, t, o in attrs]
    lines += ["relationship %s %s %s %s %s" % (n, d, "to-many" if m else "to-one", opt(o), inv)
              for n, d, m, o, inv in rels]
    return hashlib.sha256("\n".join(lines).encode("utf-8")).digest()


# ---- value encoders (§1.6) -------------------------------------------------------------------
EPOCH = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)


def date(iso):
    """Seconds since 2001-01-01T00:00:00Z as a float. Whole seconds end up INTEGER on disk:
    TIMESTAMP has NUMERIC affinity (§1.6), exactly as in Apple-written stores."""
    return (datetime.datetime.fromisoformat(iso) - EPOCH).total_seconds()


def uid(key):
    """16 raw bytes, RFC 4122 byte order (§1.6), derived from a fixed key."""
    return uuid.UUID(bytes=hashlib.sha256(key.encode()).digest()[:16], version=4).bytes


def png(w, h, tail):
    """A tiny fake PNG: signature + real IHDR chunk + a few bytes (contains 0x00 bytes)."""
    ihdr = b"IHDR" + struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + ihdr
            + struct.pack(">I", zlib.crc32(ihdr)) + tail)


# ---- the object graph: {entity: [row]}; keys are property names, "pk" is Z_PK ------------------
# To-one relationships hold the destination's Z_PK. None = NULL.
DATA = {
    "Scrapbook": [
        dict(pk=1, title="Summer in Lisbon 🇵🇹", subtitle="Azulejos, pastéis & tram 28",
             createdAt=date("2017-07-01T08:00:12.500+00:00"), isFavorite=1,
             identifier=uid("Scrapbook/1"), pageCount=4),
        dict(pk=2, title="Grandma's Recipes & <Secrets>", subtitle="",  # empty string, not NULL
             createdAt=date("2023-01-21T10:30:00+00:00"), isFavorite=0,
             identifier=uid("Scrapbook/2"), pageCount=2),
    ],
    "Page": [  # numbers order pages inside a scrapbook; pages 5/6 are stored out of order
        dict(pk=1, number=1, title="Arrival in Alfama", backgroundColor="#F4E1C1", scrapbook=1),
        dict(pk=2, number=2, title="Belém", backgroundColor=None, scrapbook=1),
        dict(pk=3, number=3, title="Sintra day trip", backgroundColor="#2E5E4E", scrapbook=1),
        dict(pk=4, number=4, title=None, backgroundColor=None, scrapbook=1),  # no photos
        dict(pk=5, number=2, title="Sunday dumplings 饺子", backgroundColor="#FFF8E7", scrapbook=2),
        dict(pk=6, number=1, title="Old family photos", backgroundColor=None, scrapbook=2),
    ],
    "Tag": [
        dict(pk=1, name="azulejos", scrapbook=1),
        dict(pk=2, name="pastéis", scrapbook=1),
        dict(pk=3, name="sunset", scrapbook=1),  # no photos
        dict(pk=4, name="family", scrapbook=2),
        dict(pk=5, name="食べ物", scrapbook=2),
    ],
    "Photo": [
        dict(pk=1, page=1, tag=None, caption='Tram 28 — "Eléctrico" up to Graça',
             takenAt=date("2017-07-03T09:12:44.500+00:00"), width=4032, height=3024,
             fileSize=3145728, aspectRatio=4032 / 3024, rating=4.5, printPrice=12.5,  # REAL
             thumbnail=png(16, 12, b"\x00\x00\x00\x00IEND"),
             sourceURL="https://example.com/lisbon/tram-28.jpg"),
        dict(pk=2, page=1, tag=1, caption="Azulejos on Rua de São Tomé",
             takenAt=date("2017-07-03T11:40:02.250+00:00"), width=3024, height=4032,
             fileSize=2811904, aspectRatio=0.75, rating=5.0, printPrice=3,  # INTEGER
             thumbnail=None, sourceURL=None),
        dict(pk=3, page=2, tag=2, caption="Pastéis de Belém <still warm> & dusted with canela",
             takenAt=date("2017-07-04T16:05:10.125+00:00"), width=4032, height=3024,
             fileSize=3002112, aspectRatio=4032 / 3024, rating=3.75,
             printPrice="NaN",  # TEXT (NSDecimalNumber.notANumber); see docstring
             thumbnail=png(12, 16, b"\x00\xff\x00\xfe"),
             sourceURL="https://example.com/lisbon/past%C3%A9is.jpg?size=large&crop=1"),
        dict(pk=4, page=2, tag=None, caption="Torre de Belém", takenAt=None, width=1920,
             height=1080, fileSize=912384, aspectRatio=1920 / 1080, rating=None,
             printPrice=None, thumbnail=None, sourceURL=None),
        dict(pk=5, page=3, tag=4,  # cross link: tag 4 belongs to scrapbook 2
             caption="Grandma at Pena Palace — she'd never been!",
             takenAt=date("2017-07-06T13:22:51.875+00:00"), width=4032, height=3024,
             fileSize=3355443, aspectRatio=4032 / 3024, rating=5.0, printPrice=None,
             thumbnail=None, sourceURL=None),
        dict(pk=6, page=None, tag=None,  # orphan: on no page
             caption="Unsorted ✈️ airport selfie", takenAt=date("2017-07-08T06:01:33.640+00:00"),
             width=3024, height=4032, fileSize=1998848, aspectRatio=0.75, rating=0.5,
             printPrice=None, thumbnail=None, sourceURL="x-scrapbook-import://camera-roll/IMG_0042.HEIC"),
        dict(pk=7, page=6, tag=4, caption="Grandma's wedding, 1958",
             takenAt=date("1958-06-14T15:30:00+00:00"),  # before 1970, whole seconds: INTEGER
             width=600, height=800, fileSize=94208, aspectRatio=0.75, rating=5.0,
             printPrice=None, thumbnail=png(6, 8, b"\x00\x01\x02\x03"), sourceURL=None),
        # Z_PK 8 was a photo deleted by the app: Core Data never reuses a Z_PK, so it stays a gap.
        dict(pk=9, page=5, tag=5, caption="饺子 — folded the way 奶奶 taught me",
             takenAt=date("2023-01-22T12:45:07.066+00:00"), width=4032, height=3024,
             fileSize=2684354, aspectRatio=4032 / 3024, rating=4.25, printPrice=None,
             thumbnail=None, sourceURL=None),
        dict(pk=10, page=5, tag=None, caption="",  # empty string; the camera clock was wrong
             takenAt=date("2042-03-01T12:00:00.750+00:00"), width=4032, height=3024,
             fileSize=2516582, aspectRatio=4032 / 3024, rating=None, printPrice=None,
             thumbnail=None, sourceURL=None),
        dict(pk=11, page=6, tag=4, caption="Grandpa's first car, summer '69",
             takenAt=date("1969-07-20T20:17:40.500+00:00"),  # before 1970, fractional: REAL
             width=800, height=600, fileSize=101376, aspectRatio=800 / 600, rating=4.0,
             printPrice=None, thumbnail=None, sourceURL=None),
    ],
    "Note": [
        dict(pk=1, page=1, color="yellow", createdAt=date("2017-07-03T22:41:07.331+00:00"),
             text="Day 1: the hill up to Graça was steep!\nWorth it for the view."),
        dict(pk=2, page=2, color=None, createdAt=date("2017-07-04T18:00:00+00:00"),
             text='The sign said "Fábrica desde 1837" — we didn\'t wait in line… much.'),
        dict(pk=3, page=4, color="#FFEEAA", createdAt=526914238.20319,
             text="TODO:\n\tglue in the Sintra tickets\n\tscan the tram map"),
        dict(pk=4, page=6, color="pink", createdAt=date("2023-01-21T10:42:19.018+00:00"),
             text="Grandma's rule: sugar < flour, butter > margarine & never skip the pinch of salt"),
        dict(pk=5, page=5, color=None, createdAt=date("2023-01-22T13:02:55.700+00:00"),
             text="包饺子 with 奶奶 — Sunday 🥟\nRecipe is in the kitchen drawer"),
        dict(pk=6, page=5, color="blue", createdAt=date("2023-01-22T13:05:00.010+00:00"),
             text="Olá, ça va? Ñoño naïve café — Straße"),
    ],
}
for _photo in DATA["Photo"]:  # every photo gets its own fixed UUID
    _photo["identifier"] = uid("Photo/%d" % _photo["pk"])


def main():
    for old in [STORE + s for s in ("", "-journal", "-wal", "-shm") if os.path.exists(STORE + s)]:
        os.remove(old)
    model = load_model()
    con = sqlite3.connect(STORE, isolation_level=None)
    # Apple's stores: 4096-byte pages, incremental auto-vacuum (_NSAutoVacuumLevel "2", §1.2).
    # Rollback journal (not WAL) so the sample is one self-contained file (§1.1).
    con.execute("PRAGMA page_size = 4096")
    con.execute("PRAGMA auto_vacuum = 2")
    con.execute("PRAGMA journal_mode = DELETE")
    con.execute("BEGIN")
    ents = {name: (num, columns(*model[name])) for num, name in enumerate(model, 1)}
    # Creation order as in Apple-written stores: entity tables, their FK indexes, then bookkeeping.
    for name, (num, cols) in ents.items():  # §1.3 entity table Z<UPPERCASE NAME>
        body = ", ".join(["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER", "Z_OPT INTEGER"]
                         + ["%s %s" % (c, t) for c, t, _ in cols])
        con.execute("CREATE TABLE Z%s ( %s )" % (name.upper(), body))
    for name, (num, cols) in ents.items():  # §1.4/§1.5 one index per to-one FK column
        rels = {r[0] for r in model[name][1]}
        for c, _, prop in cols:
            if prop in rels:
                con.execute("CREATE INDEX Z%s_%s_INDEX ON Z%s (%s)" % (name.upper(), c, name.upper(), c))
    con.execute("CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, "
                "Z_SUPER INTEGER, Z_MAX INTEGER)")
    con.execute("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), "
                "Z_PLIST BLOB)")
    for name, (num, cols) in ents.items():  # Z_OPT 1: inserted once, never updated (§1.3)
        sql = "INSERT INTO Z%s (Z_PK, Z_ENT, Z_OPT, %s) VALUES (%s)" % (
            name.upper(), ", ".join(c for c, _, _ in cols), ", ".join("?" * (len(cols) + 3)))
        for row in DATA[name]:
            assert set(row) == {"pk"} | {p for _, _, p in cols}, (name, row["pk"])
            con.execute(sql, [row["pk"], num, 1] + [row[p] for _, _, p in cols])
        # §1.2: one row per entity; Z_SUPER 0 (no inheritance); Z_MAX = highest Z_PK handed out.
        con.execute("INSERT INTO Z_PRIMARYKEY VALUES (?, ?, 0, ?)",
                    (num, name, max(r["pk"] for r in DATA[name])))
    # §1.2 metadata plist, binary, keys in the order an 847 store (wibosco-migration) has them.
    meta = {"NSStoreModelVersionIdentifiers": [""], "NSStoreType": "SQLite",
            "_NSAutoVacuumLevel": "2",
            "NSStoreModelVersionHashes": {n: version_hash(n, *model[n]) for n in model},
            "NSPersistenceFrameworkVersion": 1048, "NSStoreModelVersionHashesVersion": 3}
    con.execute("INSERT INTO Z_METADATA VALUES (1, ?, ?)",
                (STORE_UUID, plistlib.dumps(meta, fmt=plistlib.FMT_BINARY, sort_keys=False)))
    con.execute("COMMIT")  # one transaction on a fresh file: same bytes on every run, no VACUUM
    check = con.execute("PRAGMA integrity_check").fetchall()
    print("integrity_check:", ", ".join(r[0] for r in check))
    counts = {}
    for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
        n = con.execute('SELECT count(*) FROM "%s"' % table).fetchone()[0]
        print("%-14s %3d rows" % (table, n))
        counts[table] = n
    con.close()
    with open(os.path.join(HERE, "expected-counts.json"), encoding="utf-8") as f:
        expected = json.load(f)
    assert check == [("ok",)], check
    assert expected == {n: counts["Z" + n.upper()] for n in model}, (expected, counts)


if __name__ == "__main__":
    main()
