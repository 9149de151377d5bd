#!/usr/bin/env python3
"""Write a large Core Data-layout store for the benchmark: N objects in the Scrapbook sample's
model and layout, so that `graphexport --model Samples/Scrapbook/Scrapbook.xcdatamodeld` reads it.

    python3 Benchmarks/make_large_store.py N OUT.sqlite

The schema is not re-typed here: the model is read, numbered and laid out by the sample's own
generator (Samples/Scrapbook/make_store.py: load_model, table_columns, join_tables,
version_hash), so the DDL, column order, entity numbers, indexes and metadata are the sample's.
Only the rows differ: made up by arithmetic on the row number (no clock, no `random`), so two runs
with the same N and the same SQLite library give byte-identical files.

Shape of the data, in blocks of 500 objects (N // 500 blocks; the rest of N goes as extra items
on the last page, so the total is exactly N; N must be at least 500):

    1 Scrapbook   title, subtitle, createdAt, isFavorite, identifier (UUID), pageCount,
                  coverImage (inline external-storage blob, 01 + ~40 bytes), cover -> a Photo
    9 Tags        name, scrapbook, featuredItem (every other tag; Z1_FEATUREDITEM set)
   20 Pages       ordered in their scrapbook by Z_FOK_SCRAPBOOK (not Z_PK order), number, title,
                  backgroundColor (some NULL)
  470 Items       23-24 per page; 50 % Photo, 30 % Note, 20 % Clipping, one ZITEM table;
                  text, dates (whole seconds become INTEGER, fractional ones REAL), doubles,
                  floats, decimals, UUIDs, URIs, small inline blobs (external-storage `image`
                  with its 01 marker, plain `thumbnail`); tags: 0, 1 or 2 per item (1 on average)
                  in Z_1TAGS

Every binary value is inline: there is no _EXTERNAL_DATA folder. Strings include accents, CJK,
emoji, quotes, `<>&`, newlines and tabs in a small share of rows, so escaping is exercised but
does not dominate.
"""
import hashlib
import os
import plistlib
import sqlite3
import sys
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "Samples", "Scrapbook"))
sys.dont_write_bytecode = True  # no __pycache__ inside Samples/
import make_store as sample  # noqa: E402  (the sample's schema functions; its main() is not run)

BLOCK = 500
PAGES_PER_BOOK = 20
TAGS_PER_BOOK = 9
ITEMS_PER_BOOK = BLOCK - 1 - PAGES_PER_BOOK - TAGS_PER_BOOK  # 470
STORE_UUID = str(uuid.UUID(bytes=hashlib.sha256(b"graphexport benchmark store").digest()[:16],
                           version=4)).upper()
DAY = 86400.0

PLACES = ["Lisbon", "Porto", "Kyoto", "Oaxaca", "Reykjavík", "Marrakesh", "Tromsø", "Hội An",
          "Valparaíso", "Zürich", "Edinburgh", "Cusco", "Tbilisi", "Sapporo", "Québec"]
WORDS = ["tram", "harbour", "tiles", "market", "sunset", "cathedral", "bridge", "garden",
         "festival", "lighthouse", "museum", "café", "mountain", "river", "bakery", "station",
         "street", "castle", "beach", "temple", "alley", "rooftop", "picnic", "ferry"]
ADJECTIVES = ["old", "blue", "quiet", "busy", "golden", "tiny", "windy", "crowded", "hidden",
              "famous", "rainy", "early"]
TAG_NAMES = ["family", "food", "travel", "friends", "architecture", "nature", "tickets & stubs",
             "食べ物", "pastéis"]
COLORS = ["#F4E1C1", "#2E5E4E", "#FFF8E7", "#FFFFFF", None, "#1B3A5C", None]
NOTE_COLORS = ["yellow", "pink", "blue", None, "#FFEEAA"]
KINDS = ["ticket", "newspaper", "web", "receipt", "postcard"]
RATINGS = [4.5, 5.0, 3.75, 0.5, 4.0, 4.25, None]
PRICES = [12.5, 3, 0, None, 19.99, None, 7.25]
SIZES = [(4032, 3024), (3024, 4032), (1920, 1080), (800, 600), (1200, 1200)]
# Escaping and non-ASCII text in about one row in eight; everything else is plain ASCII.
SPICE = ['', '', '', ' — "the best" one', '', ' <b>&</b> more', '', ' 奶奶の味 🥟', '',
         "\n\tdon't forget", '', '', ' Ñoño naïve café', '', '', '']
POOL = b"".join(hashlib.sha256(b"pool/%d" % i).digest() for i in range(2048))  # 64 KiB of noise
PNG_HEAD = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"


def blob(key, size):
    """`size` deterministic bytes (contain 0x00 and 0xFF) taken from the noise pool."""
    start = (key * 2654435761) % (len(POOL) - size)
    return POOL[start:start + size]


def uuid_bytes(key):
    """16 bytes of an RFC 4122 version 4 UUID derived from key."""
    raw = bytearray(hashlib.sha256(b"uuid/%d" % key).digest()[:16])
    raw[6] = (raw[6] & 0x0F) | 0x40
    raw[8] = (raw[8] & 0x3F) | 0x80
    return bytes(raw)


PHRASES = {}


def phrase(n, words):
    """A few words picked by arithmetic on n (depends only on n mod 24: cached)."""
    key = (n % len(WORDS), words)
    text = PHRASES.get(key)
    if text is None:
        text = PHRASES[key] = " ".join(WORDS[(n * k * 7 + k) % len(WORDS)] for k in range(1, words + 1))
    return text


class Layout:
    """Column positions of each root table, from the sample's own table_columns()."""

    def __init__(self):
        self.model = sample.load_model()
        assert list(self.model) == sample.EXPECTED_NUMBERS, list(self.model)
        self.roots = [n for n, e in self.model.items() if not e.parent]
        self.tables = {root: sample.table_columns(self.model, root) for root in self.roots}
        self.joins = sample.join_tables(self.model)
        self.index = {}
        for root, cols in self.tables.items():
            for i, (column, _, kind, owner, prop) in enumerate(cols):
                key = (owner, prop) if kind in ("attr", "fk") else (owner, prop, kind)
                self.index[key] = i + 3  # after Z_PK, Z_ENT, Z_OPT

    def row(self, root, pk, entity):
        values = [None] * (len(self.tables[root]) + 3)
        values[0], values[1], values[2] = pk, self.model[entity].number, 1
        return values

    def ent(self, name):
        return self.model[name].number


def generate(n, out):
    if n < BLOCK:
        raise SystemExit("make_large_store.py: N must be at least %d" % BLOCK)
    lay = Layout()
    ix = lay.index
    books, pages, tags, items, links = [], [], [], [], []
    blocks = n // BLOCK
    extra = n - blocks * BLOCK
    page_pk = tag_pk = item_pk = 0
    base = 500000000.0  # 2016-11-05, seconds since 2001
    photo, note, clipping = lay.ent("Photo"), lay.ent("Note"), lay.ent("Clipping")
    for b in range(blocks):
        book = b + 1
        created = base + b * 3 * DAY + (b % 8) * 0.125
        first_item = item_pk + 1
        book_tags = list(range(tag_pk + 1, tag_pk + TAGS_PER_BOOK + 1))
        # Items first (the scrapbook's cover and the tags' featured items point at them).
        book_pages = []
        for p in range(PAGES_PER_BOOK):
            page_pk += 1
            book_pages.append(page_pk)
            on_page = ITEMS_PER_BOOK // PAGES_PER_BOOK + (1 if p < ITEMS_PER_BOOK % PAGES_PER_BOOK else 0)
            if b == blocks - 1 and p == PAGES_PER_BOOK - 1:
                on_page += extra
            for position in range(on_page):
                item_pk += 1
                i = item_pk
                kind = i % 10
                entity = photo if kind < 5 else note if kind < 8 else clipping
                r = lay.row("Item", i, "Photo" if kind < 5 else "Note" if kind < 8 else "Clipping")
                r[ix[("Item", "createdAt")]] = created + i * 37.0 + (0.25 if i % 4 == 0 else 0.0)
                r[ix[("Item", "position")]] = position
                r[ix[("Item", "page")]] = page_pk
                if i % 4:
                    r[ix[("Item", "title")]] = phrase(i, 2 + i % 3).capitalize() + SPICE[i % 16]
                if entity == photo:
                    w, h = SIZES[i % 5]
                    r[ix[("Photo", "caption")]] = ("%s %s by the %s" % (
                        ADJECTIVES[i % 12].capitalize(), WORDS[i % 24], phrase(i + 3, 2))) + SPICE[(i + 5) % 16]
                    r[ix[("Photo", "takenAt")]] = None if i % 6 == 0 else created + i * 29.0 + (i % 1000) / 1000.0
                    r[ix[("Photo", "width")]] = w
                    r[ix[("Photo", "height")]] = h
                    r[ix[("Photo", "fileSize")]] = 80000 + (i * 7919) % 4000000
                    r[ix[("Photo", "aspectRatio")]] = w / h
                    r[ix[("Photo", "rating")]] = RATINGS[i % 7]
                    r[ix[("Photo", "printPrice")]] = PRICES[i % 7]
                    r[ix[("Photo", "identifier")]] = uuid_bytes(i)
                    if i % 2:
                        r[ix[("Photo", "sourceURL")]] = "https://photos.example.com/%s/%d.jpg?size=%d" % (
                            WORDS[i % 24], i, w)
                    if i % 3 == 0:
                        r[ix[("Photo", "image")]] = b"\x01" + blob(i, 48 + i % 49)
                    if i % 2 == 0:
                        r[ix[("Photo", "thumbnail")]] = PNG_HEAD + blob(i + 1, 16 + i % 17)
                    if i % 5 == 0:
                        r[ix[("Photo", "source")]] = "Scan of a print (%s)" % ADJECTIVES[i % 12]
                elif entity == note:
                    r[ix[("Note", "text")]] = "%s: %s, %s." % (
                        phrase(i, 3).capitalize(), phrase(i + 1, 6), phrase(i + 2, 4)) + SPICE[(i + 7) % 16]
                    r[ix[("Note", "color")]] = NOTE_COLORS[i % 5]
                else:
                    r[ix[("Clipping", "kind")]] = KINDS[i % 5]
                    if i % 3:
                        r[ix[("Clipping", "source")]] = "https://archive.example.org/%s?item=%d&page=%d" % (
                            WORDS[i % 24], i, i % 13)
                        r[ix[("Clipping", "scannedAt")]] = created + i * 31.0 + 0.5
                items.append(r)
                for k in range(i % 3):  # 0, 1 or 2 tags: one join row per item on average
                    links.append((i, book_tags[(i * 5 + k * 4) % TAGS_PER_BOOK]))
        cover = first_item  # the block's first Photo (items with pk % 10 < 5 are Photos)
        while cover % 10 >= 5:
            cover += 1
        items[cover - 1][ix[("Photo", "coverOf")]] = book
        # Pages: inserted in Z_PK order, ordered in the scrapbook by a permutation of it.
        for p, pk in enumerate(book_pages):
            slot = (p * 7) % PAGES_PER_BOOK
            r = lay.row("Page", pk, "Page")
            r[ix[("Page", "number")]] = slot + 1
            r[ix[("Page", "title")]] = None if p % 5 == 4 else "%s %s" % (
                phrase(pk, 2).capitalize(), SPICE[(pk + 3) % 16])
            r[ix[("Page", "backgroundColor")]] = COLORS[pk % 7]
            r[ix[("Page", "scrapbook")]] = book
            r[ix[("Page", "scrapbook", "fok")]] = (slot + 1) * 1024
            pages.append(r)
        for t, pk in enumerate(book_tags):
            r = lay.row("Tag", pk, "Tag")
            r[ix[("Tag", "name")]] = TAG_NAMES[t] if b == 0 else "%s %d" % (TAG_NAMES[t], b)
            r[ix[("Tag", "scrapbook")]] = book
            if t % 2 == 0:
                target = first_item + t * 11
                r[ix[("Tag", "featuredItem")]] = target
                r[ix[("Tag", "featuredItem", "ent")]] = items[target - 1][1]
            tags.append(r)
        tag_pk += TAGS_PER_BOOK
        r = lay.row("Scrapbook", book, "Scrapbook")
        r[ix[("Scrapbook", "title")]] = "%s %d%s" % (PLACES[b % 15], 2000 + b % 25, " 🇵🇹" if b % 9 == 0 else "")
        r[ix[("Scrapbook", "subtitle")]] = None if b % 4 == 3 else phrase(b, 4) + SPICE[b % 16]
        r[ix[("Scrapbook", "createdAt")]] = created
        r[ix[("Scrapbook", "isFavorite")]] = 1 if b % 3 == 0 else 0
        r[ix[("Scrapbook", "identifier")]] = uuid_bytes(-book)
        r[ix[("Scrapbook", "pageCount")]] = PAGES_PER_BOOK
        r[ix[("Scrapbook", "cover")]] = cover
        r[ix[("Scrapbook", "coverImage")]] = b"\x01" + PNG_HEAD + blob(book, 24)
        books.append(r)

    tmp = out + ".tmp"
    for path in (tmp, tmp + "-journal"):
        if os.path.exists(path):
            os.remove(path)
    con = sqlite3.connect(tmp, isolation_level=None)
    con.execute("PRAGMA page_size = 4096")
    con.execute("PRAGMA auto_vacuum = 2")
    con.execute("PRAGMA journal_mode = OFF")  # a fresh file: nothing to roll back to
    con.execute("PRAGMA synchronous = OFF")
    con.execute("PRAGMA cache_size = -262144")  # 256 MiB: the whole 1 M store stays in memory
    con.execute("BEGIN")
    model, roots, tables, joins = lay.model, lay.roots, lay.tables, lay.joins
    # Same DDL, in the same order, as Samples/Scrapbook/make_store.py main().
    for root in roots:
        body = ", ".join(["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER", "Z_OPT INTEGER"]
                         + ["%s %s" % (c, t) for c, t, _, _, _ in tables[root]])
        con.execute("CREATE TABLE Z%s ( %s )" % (root.upper(), body))
        for table, owner, _, c1, c2 in joins:
            if sample.root_of(model, owner) == root:
                con.execute("CREATE TABLE %s ( %s INTEGER, %s INTEGER, PRIMARY KEY (%s, %s) )"
                            % (table, c1, c2, c1, c2))
    rows = {"Item": items, "Page": pages, "Scrapbook": books, "Tag": tags}
    for root in roots:
        sql = "INSERT INTO Z%s VALUES (%s)" % (root.upper(), ", ".join("?" * (len(tables[root]) + 3)))
        con.executemany(sql, rows[root])
    (join_table, _, _, c1, c2), = joins
    con.executemany("INSERT INTO %s (%s, %s) VALUES (?, ?)" % (join_table, c1, c2), sorted(links))
    # Indexes after the rows (faster; the schema text is the same as the sample's).
    for root in roots:
        t = "Z" + root.upper()
        for c, _, kind, _, _ in tables[root]:
            if kind == "fk":
                con.execute("CREATE INDEX %s_%s_INDEX ON %s (%s)" % (t, c, t, c))
        if model[root].children:
            con.execute("CREATE INDEX %s_Z_ENT_INDEX ON %s (Z_ENT)" % (t, t))
        for table, owner, _, c1, c2 in joins:
            if sample.root_of(model, owner) == root:
                con.execute("CREATE INDEX %s_%s_INDEX ON %s (%s, %s)" % (table, c2, table, c2, c1))
    con.execute("CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, "
                "Z_SUPER INTEGER, Z_MAX INTEGER)")
    con.execute("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), "
                "Z_PLIST BLOB)")
    zmax = {"Item": item_pk, "Page": page_pk, "Scrapbook": blocks, "Tag": tag_pk}
    for name, e in model.items():
        con.execute("INSERT INTO Z_PRIMARYKEY VALUES (?, ?, ?, ?)",
                    (e.number, name, model[e.parent].number if e.parent else 0,
                     0 if e.parent else zmax[name]))
    meta = {"NSStoreModelVersionIdentifiers": [""], "NSStoreType": "SQLite",
            "_NSAutoVacuumLevel": "2",
            "NSStoreModelVersionHashes": {name: sample.version_hash(model, name) for name in model},
            "NSPersistenceFrameworkVersion": 1048, "NSStoreModelVersionHashesVersion": 3}
    con.execute("INSERT INTO Z_METADATA VALUES (1, ?, ?)",
                (STORE_UUID, plistlib.dumps(meta, fmt=plistlib.FMT_BINARY, sort_keys=False)))
    con.execute("COMMIT")
    con.execute("PRAGMA journal_mode = DELETE")
    counts = {name: con.execute("SELECT count(*) FROM Z%s WHERE Z_ENT = ?"
                                % sample.root_of(model, name).upper(), (e.number,)).fetchone()[0]
              for name, e in model.items() if not e.abstract}
    join_rows = con.execute("SELECT count(*) FROM %s" % join_table).fetchone()[0]
    con.close()
    assert sum(counts.values()) == n, (counts, n)
    os.replace(tmp, out)
    return counts, join_rows


def main():
    if len(sys.argv) != 3 or not sys.argv[1].isdigit():
        raise SystemExit("usage: make_large_store.py N OUT.sqlite")
    counts, join_rows = generate(int(sys.argv[1]), sys.argv[2])
    print("%s: %s, %d Z_1TAGS rows" % (sys.argv[2], ", ".join(
        "%s %d" % kv for kv in sorted(counts.items())), join_rows), file=sys.stderr)


if __name__ == "__main__":
    main()
