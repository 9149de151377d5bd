#!/usr/bin/env python3
"""Write Scrapbook.sqlite (+ .Scrapbook_SUPPORT/_EXTERNAL_DATA/): a store laid out the way Core
Data's SQLite store does it, covering every layout Core Data writes.

Run from anywhere:  python3 Samples/Scrapbook/make_store.py
Deterministic: no clock, no randomness. Two runs give byte-identical files (same SQLite library).

The model is read from Scrapbook.xcdatamodeld/Scrapbook.xcdatamodel/contents, so the store and the
model cannot drift apart. Section numbers (§) refer to shared/coredata-format.md. Layouts covered:
inheritance in one root table with an abstract root (§1.3), sibling name collisions (§1.3),
one-to-one with a key on both sides, to-one into a hierarchy with its Z<n>_ column, ordered
to-many with Z_FOK_, many-to-many join table (§1.4), external binary storage (§1.7).

Stand-in version hashes. Apple's NSStoreModelVersionHashes are SHA-256 digests computed inside
Core Data (§1.2); we cannot reproduce them without Apple's code. Each entity's hash here is
SHA-256 of this UTF-8 text instead (lines joined by "\\n", no trailing newline; only the entity's
own properties, not inherited ones):

    entity <EntityName>
    parent <ParentName>                                            only for sub-entities
    abstract                                                       only for abstract entities
    attribute <name> <attributeType> <optional|required>[ external]          one line each, by name
    relationship <name> <Destination> <to-one|to-many>[ ordered] <optional|required> <inverseName|->

Departures from an Apple-written store (README.md has the details):
  * No Z_MODELCACHE (stores before iOS 9 have none, §1.2): the model is the .xcdatamodeld beside
    it. Real framework-1048 stores do have one, and an NSStoreModelVersionHashesDigest key too.
  * The TEXT Decimal is 'NaN'. NUMERIC affinity (DECIMAL) turns the text '19.99' into REAL on
    insert; forcing TEXT '19.99' in makes PRAGMA integrity_check fail ("TEXT value in ...").
  * The external values are small (20 KB and 6 KB). Core Data only moves values above a size
    threshold (about 100 KB, §1.7) to _EXTERNAL_DATA; small files keep the repository small.
"""
import datetime
import hashlib
import json
import os
import plistlib
import shutil
import sqlite3
import struct
import uuid
import xml.etree.ElementTree as ET
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
MODEL = os.path.join(HERE, "Scrapbook.xcdatamodeld", "Scrapbook.xcdatamodel", "contents")
STORE = os.path.join(HERE, "Scrapbook.sqlite")
# §1.1: side files live in .<store name without extension>_SUPPORT/_EXTERNAL_DATA/.
SUPPORT = os.path.join(HERE, ".Scrapbook_SUPPORT")
EXTERNAL = os.path.join(SUPPORT, "_EXTERNAL_DATA")
STORE_UUID = "6F2C8E4A-3B1D-4E7F-9A25-C0D81B7E5F93"  # Z_METADATA.Z_UUID, host of every object ID (§2)

# §1.6: attributeType -> declared SQL type.
SQL_TYPE = {"Integer 16": "INTEGER", "Integer 32": "INTEGER", "Integer 64": "INTEGER",
            "Boolean": "INTEGER", "Date": "TIMESTAMP", "Double": "FLOAT", "Float": "FLOAT",
            "Decimal": "DECIMAL", "String": "VARCHAR", "URI": "VARCHAR", "Binary": "BLOB",
            "UUID": "BLOB"}
# §1.3 column order: Z_PK, Z_ENT, Z_OPT, then a stable sort by type group (Core Data's
# sortColumnsByType) of a list built entity by entity in Z_ENT order, each entity contributing
# its own attributes by name, then its own to-one relationships by name. Groups as seen in
# Apple-written DDL: integers and Booleans, then FKs (same group, after the attributes); Date with
# Double/Float (interleaved by name in Apple Notes' ZICCLOUDSYNCINGOBJECT); Decimal; String; then
# Binary/UUID/URI (URI interleaved with UUID BLOBs in CallHistory's ZCALLRECORD; Binary assumed).
# The per-entity blocks are visible in real DDL: Notes' ZICCLOUDSYNCINGOBJECT has the root's
# integers and FKs (ZCLOUDSTATE, ZINVITATION) before the first sub-entity's; a Bear store's
# ZSFNOTEFILE has root integers, root FKs, then SFNoteImage's ZHEIGHT/ZWIDTH, then SFNoteVideo's
# ZHEIGHT1/ZWIDTH1. A Z<n>_ column and a Z_FOK_ column follow their FK column directly (Bear
# ZSFNOTEFILESERVERDATA "ZFILE, Z7_FILE"; plaso's NotesV7 schema "ZFOLDER, Z6_FOLDER"; a workout
# app's store "ZWORKOUT, Z_FOK_WORKOUT").
GROUP = {"Integer 16": 0, "Integer 32": 0, "Integer 64": 0, "Boolean": 0, "FK": 0, "Date": 1,
         "Double": 1, "Float": 1, "Decimal": 2, "String": 3, "Binary": 4, "UUID": 4, "URI": 4}
# What §1.2's numbering rule gives for this model (checked in main(), stated in README.md).
EXPECTED_NUMBERS = ["Item", "Clipping", "Note", "Photo", "Page", "Scrapbook", "Tag"]


# ---- model ------------------------------------------------------------------------------------
class Entity:
    def __init__(self, e):
        self.name, self.parent = e.get("name"), e.get("parentEntity")
        self.abstract = e.get("isAbstract") == "YES"
        # (name, attributeType, optional, external), by name
        self.attrs = sorted((a.get("name"), a.get("attributeType"), a.get("optional") == "YES",
                             a.get("allowsExternalBinaryDataStorage") == "YES")
                            for a in e.iter("attribute"))
        # (name, destination, to-many, optional, inverse or None, ordered), by name
        self.rels = sorted((r.get("name"), r.get("destinationEntity"), r.get("toMany") == "YES",
                            r.get("optional") == "YES", r.get("inverseName"), r.get("ordered") == "YES")
                           for r in e.iter("relationship"))
        self.children, self.number = [], None


def load_model():
    """{name: Entity} in Z_ENT order. §1.2 'Entity numbering': entity names sorted alphabetically,
    each hierarchy depth-first, parent before its sub-entities (sub-entities sorted by name)."""
    ents = {e.get("name"): Entity(e) for e in ET.parse(MODEL).getroot().iter("entity")}
    for e in ents.values():
        if e.parent:
            ents[e.parent].children.append(e.name)
    ordered = []

    def visit(name):
        ordered.append(name)
        for child in sorted(ents[name].children):
            visit(child)

    for name in sorted(n for n, e in ents.items() if not e.parent):
        visit(name)
    for number, name in enumerate(ordered, 1):
        ents[name].number = number
    return {name: ents[name] for name in ordered}


def root_of(model, name):
    while model[name].parent:
        name = model[name].parent
    return name


def lineage(model, name):
    """The entity and its ancestors: the entities whose properties a row of `name` has."""
    out = [name]
    while model[out[-1]].parent:
        out.append(model[out[-1]].parent)
    return out


def has_subentities(model, name):
    return bool(model[name].children)


def inverse_of(model, ent, rel):
    """The inverse relationship tuple of relationship `rel` of entity `ent`, or None."""
    name, dest, _, _, inv, _ = rel
    if inv is None:
        return None
    for d in [dest] + descendants(model, dest):
        for r in model[d].rels:
            if r[0] == inv:
                return r
    raise ValueError("no inverse %s.%s for %s.%s" % (dest, inv, ent, name))


def descendants(model, name):
    out = []
    for child in sorted(model[name].children):
        out += [child] + descendants(model, child)
    return out


def table_columns(model, root):
    """[(column, sql type, kind, entity, property)] for the root table Z<ROOT> (§1.3).

    kind: 'attr' attribute, 'fk' to-one key (§1.4), 'ent' Z<n>_ destination entity (§1.4, only
    when the destination has sub-entities), 'fok' Z_FOK_ order key (§1.4, the inverse is an
    ordered to-many). To-many relationships get no column here (§1.4)."""
    hierarchy = [root] + descendants(model, root)  # Z_ENT order
    used, cols = {"Z_PK", "Z_ENT", "Z_OPT"}, []

    def name_for(base):  # §1.3 'name collisions': suffix 1, 2, … in Z_ENT order
        n, i = base, 0
        while n in used:
            i += 1
            n = "%s%d" % (base, i)
        used.add(n)
        return n

    for ent in hierarchy:
        e = model[ent]
        for a, t, _, _ in e.attrs:
            cols.append((GROUP[t], name_for("Z" + a.upper()), SQL_TYPE[t], "attr", ent, a))
        for rel in e.rels:
            r, dest, many = rel[:3]
            if many:
                continue
            col = name_for("Z" + r.upper())
            cols.append((GROUP["FK"], col, "INTEGER", "fk", ent, r))
            if has_subentities(model, dest):  # §1.4: Z<n>_<REL>, n = destination entity number
                cols.append((GROUP["FK"], name_for("Z%d_%s" % (model[dest].number, col[1:])),
                             "INTEGER", "ent", ent, r))
            inv = inverse_of(model, ent, rel)
            if inv and inv[2] and inv[5]:  # §1.4 ordered one-to-many: Z_FOK_<INVERSE> here
                cols.append((GROUP["FK"], name_for("Z_FOK_" + col[1:]), "INTEGER", "fok", ent, r))
    return [c[1:] for c in sorted(cols, key=lambda c: c[0])]  # sorted() is stable


def join_tables(model):
    """Many-to-many join tables (§1.4): named Z_<n><REL> after the side with the lower entity
    number; columns Z_<n><INVERSE> (rows of the lower side) then Z_<m><REL> (rows of the other
    side), as bnr-manytomany's Z_1BOOKS (Z_1AUTHORS, Z_2BOOKS) and Bear's Z_5TAGS (Z_5NOTES,
    Z_13TAGS). Returns [(table, owner entity, relationship, col1, col2)]."""
    out = []
    for ent, e in model.items():
        for rel in e.rels:
            inv = inverse_of(model, ent, rel)
            if not (rel[2] and inv and inv[2]):
                continue
            other = rel[1]
            if e.number < model[other].number:
                out.append(("Z_%d%s" % (e.number, rel[0].upper()), ent, rel[0],
                            "Z_%d%s" % (e.number, inv[0].upper()),
                            "Z_%d%s" % (model[other].number, rel[0].upper())))
    return out


def version_hash(model, name):
    e = model[name]
    opt = lambda o: "optional" if o else "required"
    lines = ["entity " + name]
    lines += ["parent " + e.parent] if e.parent else []
    lines += ["abstract"] if e.abstract else []
    lines += ["attribute %s %s %s%s" % (n, t, opt(o), " external" if x else "")
              for n, t, o, x in e.attrs]
    lines += ["relationship %s %s %s%s %s %s" % (n, d, "to-many" if m else "to-one",
                                                 " ordered" if od else "", opt(o), inv or "-")
              for n, d, m, o, inv, od in e.rels]
    return hashlib.sha256("\n".join(lines).encode("utf-8")).digest()


# ---- value encoders (§1.6, §1.7) --------------------------------------------------------------
EPOCH = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)


def date(iso):
    """Seconds since 2001-01-01T00:00:00Z as a float. Whole seconds end up INTEGER on disk:
    TIMESTAMP has NUMERIC affinity (§1.6), exactly as in Apple-written stores."""
    return (datetime.datetime.fromisoformat(iso) - EPOCH).total_seconds()


def uid(key):
    """16 raw bytes, RFC 4122 byte order (§1.6), derived from a fixed key."""
    return uuid.UUID(bytes=hashlib.sha256(key.encode()).digest()[:16], version=4).bytes


def stream(key, n):
    """n deterministic pseudo-random bytes (SHA-256 in counter mode)."""
    out = bytearray()
    i = 0
    while len(out) < n:
        out += hashlib.sha256(("%s/%d" % (key, i)).encode()).digest()
        i += 1
    return bytes(out[:n])


def png(w, h, tail):
    """A tiny fake PNG: signature + real IHDR chunk + a few bytes (contains 0x00 bytes)."""
    ihdr = b"IHDR" + struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + ihdr
            + struct.pack(">I", zlib.crc32(ihdr)) + tail)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def big_png(key, w, h, size):
    """A fake PNG of about `size` bytes: signature, IHDR, one IDAT of noise, IEND."""
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", stream(key, size - 57)) + chunk(b"IEND", b""))


def jpeg(key, size):
    """A fake JPEG of about `size` bytes: SOI, JFIF APP0, a comment, 'scan data' of noise with
    0xFF bytes stuffed as in real entropy-coded data, EOI."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x48\x00\x48\x00\x00"
    comment = ("graphexport sample " + key).encode()
    com = b"\xff\xfe" + struct.pack(">H", len(comment) + 2) + comment
    head = b"\xff\xd8" + app0 + com
    body = stream(key, size - len(head) - 2).replace(b"\xff", b"\xff\x00")
    return head + body[:size - len(head) - 2].rstrip(b"\xff") + b"\xff\xd9"


class Inline:
    """§1.7 external-storage attribute kept in the row: 0x01 + the bytes."""
    def __init__(self, data):
        self.data = data


class External:
    """§1.7 external-storage attribute moved out: 0x02 + file name + 0x00 in the row, the raw
    bytes in _EXTERNAL_DATA/<file name>. File names are uppercase UUID strings (derived here)."""
    def __init__(self, key, data):
        self.name, self.data = str(uuid.UUID(bytes=uid(key))).upper(), data


# ---- the object graph: {concrete entity: [row]}; keys are property names, "pk" is Z_PK ---------
# To-one relationships hold the destination's Z_PK; None = NULL. Item.tags (the many-to-many,
# stored in Z_1TAGS) is a list of Tag Z_PKs on the item. "_fok_scrapbook" is a page's order key in
# its scrapbook's ordered `pages` (Z_FOK_SCRAPBOOK). "opt" is Z_OPT (default 1: inserted, never
# updated; §1.3). Item, Clipping, Note and Photo share one Z_PK sequence (ZITEM, §1.3).
DATA = {
    "Scrapbook": [
        dict(pk=1, opt=4, title="Summer in Lisbon 🇵🇹", subtitle="Azulejos, pastéis & tram 28",
             createdAt=date("2017-07-01T08:00:12.500+00:00"), isFavorite=1,
             identifier=uid("Scrapbook/1"), pageCount=5, cover=8,
             coverImage=External("Scrapbook/1/coverImage",
                                 big_png("Scrapbook/1/coverImage", 320, 200, 6144))),
        dict(pk=2, opt=2, title="Grandma's Recipes & <Secrets>", subtitle="",  # empty, not NULL
             createdAt=date("2023-01-21T10:30:00+00:00"), isFavorite=0,
             identifier=uid("Scrapbook/2"), pageCount=2, cover=17,
             coverImage=Inline(png(8, 8, b"\x00\x00\x00\x00IEND"))),
    ],
    # Scrapbook 1's ordered pages: 1, 2, 7, 3, 4 (page 7 was inserted between 2 and 3 later, so its
    # key is halfway); scrapbook 2's: 6, 5. Neither follows Z_PK order.
    "Page": [
        dict(pk=1, number=1, title="Arrival in Alfama", backgroundColor="#F4E1C1",
             scrapbook=1, _fok_scrapbook=1024),
        dict(pk=2, number=2, title="Belém", backgroundColor=None,
             scrapbook=1, _fok_scrapbook=2048),
        dict(pk=3, number=4, title="Sintra day trip", backgroundColor="#2E5E4E",
             scrapbook=1, _fok_scrapbook=3072),
        dict(pk=4, number=5, title=None, backgroundColor=None,
             scrapbook=1, _fok_scrapbook=4096),
        dict(pk=5, number=2, title="Sunday dumplings 饺子", backgroundColor="#FFF8E7",
             scrapbook=2, _fok_scrapbook=2048),
        dict(pk=6, number=1, title="Old family photos", backgroundColor=None,
             scrapbook=2, _fok_scrapbook=1024),
        dict(pk=7, opt=2, number=3, title="Blank — for the ticket stubs", backgroundColor="#FFFFFF",
             scrapbook=1, _fok_scrapbook=2560),  # no items
    ],
    "Tag": [  # featuredItem points into the Item hierarchy: Z1_FEATUREDITEM holds the row's Z_ENT
        dict(pk=1, opt=2, name="azulejos", scrapbook=1, featuredItem=3),  # a Photo (4)
        dict(pk=2, name="pastéis", scrapbook=1, featuredItem=None),
        dict(pk=3, name="sunset", scrapbook=1, featuredItem=None),  # no items
        dict(pk=4, opt=2, name="family", scrapbook=2, featuredItem=13),  # a Photo (4)
        dict(pk=5, opt=2, name="食べ物", scrapbook=2, featuredItem=19),  # a Note (3)
        dict(pk=6, opt=2, name="tickets & stubs", scrapbook=1, featuredItem=4),  # a Clipping (2)
    ],
    "Photo": [
        dict(pk=1, page=1, position=0, tags=[], title=None,
             createdAt=date("2017-07-03T21:40:00.125+00:00"),
             caption='Tram 28 — "Eléctrico" up to Graça',
             takenAt=date("2017-07-03T09:12:44.500+00:00"), width=4032, height=3024,
             fileSize=3145728, aspectRatio=4032 / 3024, rating=4.5, printPrice=12.5,  # REAL
             thumbnail=png(16, 12, b"\x00\x00\x00\x00IEND"),  # plain Binary: raw bytes
             image=Inline(jpeg("Photo/1/image", 96)), source="iPhone 7 — back camera",
             sourceURL="https://example.com/lisbon/tram-28.jpg", coverOf=None),
        dict(pk=3, page=1, position=2, tags=[1], title=None,
             createdAt=date("2017-07-03T21:41:10+00:00"),
             caption="Azulejos on Rua de São Tomé",
             takenAt=date("2017-07-03T11:40:02.250+00:00"), width=3024, height=4032,
             fileSize=2811904, aspectRatio=0.75, rating=5.0, printPrice=3,  # INTEGER
             thumbnail=None, image=None, source=None, sourceURL=None, coverOf=None),
        dict(pk=5, page=2, position=0, tags=[2, 5], title="Pastéis!",  # tag 5 is scrapbook 2's
             createdAt=date("2017-07-04T20:02:00+00:00"),
             caption="Pastéis de Belém <still warm> & dusted with canela",
             takenAt=date("2017-07-04T16:05:10.125+00:00"), width=4032, height=3024,
             fileSize=3002112, aspectRatio=4032 / 3024, rating=3.75,
             printPrice="NaN",  # TEXT (NSDecimalNumber.notANumber); see docstring
             thumbnail=png(12, 16, b"\x00\xff\x00\xfe"), image=Inline(jpeg("Photo/5/image", 80)),
             source=None, sourceURL="https://example.com/lisbon/past%C3%A9is.jpg?size=large&crop=1",
             coverOf=None),
        dict(pk=7, page=2, position=2, tags=[], title=None,
             createdAt=date("2017-07-04T20:03:30+00:00"),
             caption="Torre de Belém", takenAt=None, width=1920, height=1080, fileSize=912384,
             aspectRatio=1920 / 1080, rating=None, printPrice=None, thumbnail=None, image=None,
             source=None, sourceURL=None, coverOf=None),
        dict(pk=8, opt=3, page=3, position=0, tags=[4, 1],  # tag 4 belongs to scrapbook 2
             title="Pena Palace", createdAt=date("2017-07-06T19:20:00.500+00:00"),
             caption="Grandma at Pena Palace — she'd never been!",
             takenAt=date("2017-07-06T13:22:51.875+00:00"), width=4032, height=3024,
             fileSize=3355443, aspectRatio=4032 / 3024, rating=5.0, printPrice=None,
             thumbnail=png(16, 12, b"\x00\x01\x00\x01IEND"),
             image=External("Photo/8/image", jpeg("Photo/8/image", 20480)),
             source="iPhone 7 — back camera", sourceURL=None, coverOf=1),  # scrapbook 1's cover
        dict(pk=11, page=None, position=0, tags=[], title=None,  # orphan: no page, no tags
             createdAt=date("2017-07-08T06:05:00+00:00"),
             caption="Unsorted ✈️ airport selfie", takenAt=date("2017-07-08T06:01:33.640+00:00"),
             width=3024, height=4032, fileSize=1998848, aspectRatio=0.75, rating=0.5,
             printPrice=None, thumbnail=None, image=None, source="",  # empty string
             sourceURL="x-scrapbook-import://camera-roll/IMG_0042.HEIC", coverOf=None),
        # Z_PK 12 was an item deleted by the app: Core Data never reuses a Z_PK, so it stays a gap.
        dict(pk=13, page=6, position=0, tags=[4], title="Wedding day",
             createdAt=date("2023-01-21T10:35:00+00:00"),
             caption="Grandma's wedding, 1958",
             takenAt=date("1958-06-14T15:30:00+00:00"),  # before 1970, whole seconds: INTEGER
             width=600, height=800, fileSize=94208, aspectRatio=0.75, rating=5.0,
             printPrice=19.99,  # REAL, not exact in binary
             thumbnail=png(6, 8, b"\x00\x01\x02\x03"), image=Inline(jpeg("Photo/13/image", 120)),
             source="Scan of a print (Epson V600)", sourceURL=None, coverOf=None),
        dict(pk=14, page=6, position=1, tags=[4], title=None,
             createdAt=date("2023-01-21T10:36:12.250+00:00"),
             caption="Grandpa's first car, summer '69",
             takenAt=date("1969-07-20T20:17:40.500+00:00"),  # before 1970, fractional: REAL
             width=800, height=600, fileSize=101376, aspectRatio=800 / 600, rating=4.0,
             printPrice=9007199254740993,  # INTEGER 2^53+1: exact in int64, not in a Double
             thumbnail=None, image=None, source="Scan of a slide", sourceURL=None, coverOf=None),
        dict(pk=17, page=5, position=0, tags=[5, 4], title=None,
             createdAt=date("2023-01-22T13:00:00+00:00"),
             caption="饺子 — folded the way 奶奶 taught me",
             takenAt=date("2023-01-22T12:45:07.066+00:00"), width=4032, height=3024,
             fileSize=2684354, aspectRatio=4032 / 3024, rating=4.25,
             printPrice=1234567.891234567891,  # many digits: REAL keeps 1234567.8912345679
             thumbnail=None, image=None, source=None, sourceURL=None, coverOf=2),  # scrapbook 2's cover
        dict(pk=18, page=5, position=1, tags=[], title=None,
             createdAt=date("2023-01-22T13:00:40+00:00"),
             caption="",  # empty string; the camera clock was wrong
             takenAt=date("2042-03-01T12:00:00.750+00:00"), width=4032, height=3024,
             fileSize=2516582, aspectRatio=4032 / 3024, rating=None,
             printPrice=0,  # INTEGER 0, not NULL
             thumbnail=None, image=None, source=None, sourceURL=None, coverOf=None),
    ],
    "Note": [
        dict(pk=2, page=1, position=1, tags=[], title="Day 1", color="yellow",
             createdAt=date("2017-07-03T22:41:07.331+00:00"),
             text="Day 1: the hill up to Graça was steep!\nWorth it for the view."),
        dict(pk=6, page=2, position=1, tags=[2], title=None, color=None,
             createdAt=date("2017-07-04T18:00:00+00:00"),
             text='The sign said "Fábrica desde 1837" — we didn\'t wait in line… much.'),
        dict(pk=10, page=4, position=0, tags=[], title=None, color="#FFEEAA", createdAt=526914238.20319,
             text="TODO:\n\tglue in the Sintra tickets\n\tscan the tram map"),
        dict(pk=15, page=6, position=2, tags=[5], title="Grandma's rule", color="pink",
             createdAt=date("2023-01-21T10:42:19.018+00:00"),
             text="Grandma's rule: sugar < flour, butter > margarine & never skip the pinch of salt"),
        dict(pk=19, page=5, position=2, tags=[5], title=None, color=None,
             createdAt=date("2023-01-22T13:02:55.700+00:00"),
             text="包饺子 with 奶奶 — Sunday 🥟\nRecipe is in the kitchen drawer"),
        dict(pk=20, page=5, position=3, tags=[], title="", color="blue",  # empty title, not NULL
             createdAt=date("2023-01-22T13:05:00.010+00:00"),
             text="Olá, ça va? Ñoño naïve café — Straße"),
    ],
    "Clipping": [
        dict(pk=4, page=1, position=3, tags=[6], title="Tram 28 ticket", kind="ticket",
             createdAt=date("2017-07-09T20:00:00+00:00"),
             scannedAt=date("2017-07-09T19:58:31.200+00:00"),
             source="https://www.carris.pt/en/tickets/?line=28&zone=1"),
        dict(pk=9, page=3, position=1, tags=[6], title="Palácio da Pena entrance ticket",
             kind="ticket", createdAt=date("2017-07-09T20:01:00+00:00"), scannedAt=None,
             source=None),
        dict(pk=16, page=6, position=3, tags=[4],
             title='Wedding announcement — "Diário de Notícias", 15 June 1958', kind="newspaper",
             createdAt=date("2023-01-21T11:20:00+00:00"),
             scannedAt=date("2023-01-21T11:15:30+00:00"),
             source="https://arquivo.example.pt/dn/1958/06/15?page=7&col=3"),
        dict(pk=21, page=None, position=0, tags=[5],  # orphan: no page, reachable from tag 5 only
             title="Pão-de-ló <Tia Rosa's> & the 8-egg version", kind="web",
             createdAt=date("2023-02-02T09:00:00+00:00"), scannedAt=None,
             source="https://receitas.example.com/p%C3%A3o-de-l%C3%B3?por%C3%A7%C3%B5es=8#passo-2"),
    ],
}
for _photo in DATA["Photo"]:  # every photo gets its own fixed UUID
    _photo["identifier"] = uid("Photo/%d" % _photo["pk"])


def encode(attr_type, external, value, files):
    """A property value as Core Data stores it (§1.6, §1.7)."""
    if attr_type == "Binary" and external:
        if value is None:
            return None
        if isinstance(value, Inline):
            return b"\x01" + value.data
        assert isinstance(value, External), value
        files[value.name] = value.data
        return b"\x02" + value.name.encode("ascii") + b"\x00"
    assert not isinstance(value, (Inline, External)), "only external-storage attributes"
    return value


def check_graph(model):
    """Catch data mistakes: property sets, required values, both halves of each one-to-one."""
    rows = {}
    for ent, entity_rows in DATA.items():
        root = root_of(model, ent)
        assert not model[ent].abstract, ent
        for row in entity_rows:
            assert (root, row["pk"]) not in rows, (ent, row["pk"])  # Z_PK unique per root table
            rows[(root, row["pk"])] = (ent, row)
    for (root, pk), (ent, row) in rows.items():
        need, extra = {"pk"}, {"opt"}
        for e in lineage(model, ent):
            for a, _, optional, _ in model[e].attrs:
                need.add(a)
                assert optional or row[a] is not None, (ent, pk, a)
            for rel in model[e].rels:
                r, dest, many, optional, inv, ordered = rel
                inverse = inverse_of(model, e, rel)
                if many and inverse and inverse[2]:
                    if model[e].number < model[dest].number:  # the side whose table it is
                        need.add(r)
                        for t in row[r]:
                            target = rows[(root_of(model, dest), t)][0]
                            assert target in [dest] + descendants(model, dest), (ent, pk, r)
                    continue
                if many:
                    continue
                need.add(r)
                assert optional or row[r] is not None, (ent, pk, r)
                if row[r] is not None:
                    dest_ent, dest_row = rows[(root_of(model, dest), row[r])]
                    assert dest_ent in [dest] + descendants(model, dest), (ent, pk, r)
                    if inverse and not inverse[2]:  # one-to-one: both halves agree
                        assert dest_row[inverse[0]] == pk, (ent, pk, r)
                    if inverse and inverse[5]:
                        need.add("_fok_" + r)
        assert need <= set(row) <= need | extra, (ent, pk, set(row) ^ need)
    return rows


def main():
    for old in [STORE + s for s in ("", "-journal", "-wal", "-shm") if os.path.exists(STORE + s)]:
        os.remove(old)
    if os.path.isdir(SUPPORT):  # generated output only: rebuilt from DATA on every run
        shutil.rmtree(SUPPORT)
    model = load_model()
    assert list(model) == EXPECTED_NUMBERS, list(model)  # §1.2 numbering, as README.md states
    rows = check_graph(model)
    roots = [n for n, e in model.items() if not e.parent]
    tables = {root: table_columns(model, root) for root in roots}
    joins = join_tables(model)
    files = {}

    con = sqlite3.connect(STORE, isolation_level=None)
    # Apple's stores: 4096-byte pages, incremental auto-vacuum (_NSAutoVacuumLevel "2", §1.2).
    # Rollback journal (not WAL) so the sample is one self-contained file (§1.1).
    con.execute("PRAGMA page_size = 4096")
    con.execute("PRAGMA auto_vacuum = 2")
    con.execute("PRAGMA journal_mode = DELETE")
    con.execute("BEGIN")
    # Creation order as in Apple-written stores (bnr-manytomany, Bear, SwiftData): entity tables,
    # each entity's join tables right after its own table, then the indexes table by table, then
    # the bookkeeping tables.
    for root in roots:  # §1.3 one table per root entity, Z<UPPERCASE ROOT NAME>
        body = ", ".join(["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER", "Z_OPT INTEGER"]
                         + ["%s %s" % (c, t) for c, t, _, _, _ in tables[root]])
        con.execute("CREATE TABLE Z%s ( %s )" % (root.upper(), body))
        for table, owner, _, c1, c2 in joins:  # §1.4 many-to-many, DDL exactly as bnr's Z_1BOOKS
            if root_of(model, owner) == root:
                con.execute("CREATE TABLE %s ( %s INTEGER, %s INTEGER, PRIMARY KEY (%s, %s) )"
                            % (table, c1, c2, c1, c2))
    for root in roots:
        t = "Z" + root.upper()
        for c, _, kind, _, _ in tables[root]:  # §1.4/§1.5 one index per to-one FK column
            if kind == "fk":
                con.execute("CREATE INDEX %s_%s_INDEX ON %s (%s)" % (t, c, t, c))
        if model[root].children:  # §1.5 inheritance index, after the FK indexes as in Bear's store
            con.execute("CREATE INDEX %s_Z_ENT_INDEX ON %s (Z_ENT)" % (t, t))
        for table, owner, _, c1, c2 in joins:  # §1.4 <JOIN>_<col2>_INDEX ON (col2, col1)
            if root_of(model, owner) == root:
                con.execute("CREATE INDEX %s_%s_INDEX ON %s (%s, %s)" % (table, c2, table, c2, c1))
    con.execute("CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, "
                "Z_SUPER INTEGER, Z_MAX INTEGER)")
    con.execute("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), "
                "Z_PLIST BLOB)")

    for root in roots:
        cols = tables[root]
        sql = "INSERT INTO Z%s (Z_PK, Z_ENT, Z_OPT, %s) VALUES (%s)" % (
            root.upper(), ", ".join(c for c, _, _, _, _ in cols), ", ".join("?" * (len(cols) + 3)))
        attr_types = {(e, a): (t, x) for e in model for a, t, _, x in model[e].attrs}
        for pk in sorted(pk for (r, pk) in rows if r == root):
            ent, row = rows[(root, pk)]
            mine = lineage(model, ent)
            values = [pk, model[ent].number, row.get("opt", 1)]
            for c, _, kind, owner, prop in cols:
                if owner not in mine:  # a sibling's column (§1.3): NULL for this row
                    values.append(None)
                elif kind == "attr":
                    values.append(encode(*attr_types[(owner, prop)], row[prop], files))
                elif kind == "fk":
                    values.append(row[prop])
                elif kind == "ent":  # §1.4: the destination row's concrete Z_ENT
                    dest = [r for r in model[owner].rels if r[0] == prop][0][1]
                    target = row[prop] and rows[(root_of(model, dest), row[prop])][0]
                    values.append(model[target].number if target else None)
                else:  # "fok": §1.4 order key of this row in its owner's ordered to-many
                    values.append(row["_fok_" + prop] if row[prop] is not None else None)
            con.execute(sql, values)
    for table, owner, rel, c1, c2 in joins:  # one row per link, ordered by (col1, col2)
        members = [owner] + descendants(model, owner)
        for pk in sorted(pk for (r, pk), (e, _) in rows.items() if e in members):
            row = rows[(root_of(model, owner), pk)][1]
            for other in sorted(row[rel]):
                con.execute("INSERT INTO %s (%s, %s) VALUES (?, ?)" % (table, c1, c2), (pk, other))
    for name, e in model.items():
        # §1.2: one row per entity, abstract ones included; Z_SUPER = parent's Z_ENT (0 for
        # roots); Z_MAX = highest Z_PK handed out, kept on the root, 0 on sub-entities.
        zmax = max(pk for (r, pk) in rows if r == name) if not e.parent else 0
        con.execute("INSERT INTO Z_PRIMARYKEY VALUES (?, ?, ?, ?)",
                    (e.number, name, model[e.parent].number if e.parent else 0, zmax))
    # §1.2 metadata plist, binary, keys in the order an 847 store (wibosco-migration) has them.
    meta = {"NSStoreModelVersionIdentifiers": [""], "NSStoreType": "SQLite",
            "_NSAutoVacuumLevel": "2",
            "NSStoreModelVersionHashes": {n: version_hash(model, n) for n in model},
            "NSPersistenceFrameworkVersion": 1048, "NSStoreModelVersionHashesVersion": 3}
    con.execute("INSERT INTO Z_METADATA VALUES (1, ?, ?)",
                (STORE_UUID, plistlib.dumps(meta, fmt=plistlib.FMT_BINARY, sort_keys=False)))
    con.execute("COMMIT")  # one transaction on a fresh file: same bytes on every run, no VACUUM

    # §1.7: the external values' files, raw bytes, named as in the 0x02 references.
    os.makedirs(EXTERNAL)
    for name in sorted(files):
        with open(os.path.join(EXTERNAL, name), "wb") as f:
            f.write(files[name])

    check = con.execute("PRAGMA integrity_check").fetchall()
    print("integrity_check:", ", ".join(r[0] for r in check))
    for (table,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"):
        n = con.execute('SELECT count(*) FROM "%s"' % table).fetchone()[0]
        print("%-14s %3d rows" % (table, n))
    counts = {}
    for name, e in model.items():  # objects per concrete entity, by Z_ENT in the root table
        n = con.execute("SELECT count(*) FROM Z%s WHERE Z_ENT = ?" % root_of(model, name).upper(),
                        (e.number,)).fetchone()[0]
        assert not (e.abstract and n), (name, n)  # §1.3: abstract entities have no rows
        if not e.abstract:
            counts[name] = n
    print("objects:", json.dumps(counts, ensure_ascii=False))
    refs = set()
    for root in roots:
        for c, _, kind, owner, prop in tables[root]:
            if kind == "attr" and dict((a, x) for a, _, _, x in model[owner].attrs)[prop]:
                sql = "SELECT %s FROM Z%s WHERE %s IS NOT NULL" % (c, root.upper(), c)
                for (v,) in con.execute(sql):
                    assert v[:1] in (b"\x01", b"\x02"), (root, c)
                    if v[:1] == b"\x02":
                        refs.add(v[1:-1].decode("ascii"))
    on_disk = set(os.listdir(EXTERNAL))
    print("external files:", ", ".join("%s (%d bytes)" % (n, len(files[n])) for n in sorted(files)))
    con.close()
    with open(os.path.join(HERE, "expected-counts.json"), encoding="utf-8") as f:
        expected = json.load(f)
    assert check == [("ok",)], check
    assert refs == on_disk == set(files), (refs, on_disk)
    assert expected == counts, (expected, counts)


if __name__ == "__main__":
    main()
