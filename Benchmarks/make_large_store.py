#!/usr/bin/env python3
"""Write a large Core Data-layout store for the benchmark: N objects in the Scrapbook sample's
model and layout, so that `graphexport --model Samples/Scrapbook/Scrapbook.xcdatamodeld` reads it.

    python3 Benchmarks/make_large_store.py [--order creation|grouped|random] [--without-indexes] N OUT.sqlite

The schema is not re-typed here: the model is read, numbered and laid out by the sample's own
generator (Samples/Scrapbook/make_store.py: load_model, table_columns, join_tables,
version_hash), so the DDL, column order, entity numbers, indexes and metadata are the sample's.
Only the rows differ: made up by arithmetic on each object's grouped key (below; no clock, no
`random`), so two runs with the same N, order and SQLite library give byte-identical files.

With --without-indexes the store has none of the indexes Core Data makes (`Z<TABLE>_Z<COLUMN>_INDEX`
on each to-one's column, `Z<TABLE>_Z_ENT_INDEX`, the join table's second-column index): a store whose
indexes were dropped, which a reader must follow without a query per object that scans a table
(issue 36). Only the join table's primary key is left. The tables and rows are the same.

Key order (`Z_PK` of each table; every value stays with its object, so only the keys and the
references to them change from one order to another):

    creation  (default) the order in which a user would have made the objects, as Core Data
              numbers them: each scrapbook made at a random moment of the store's life, each of
              its pages at a random moment after it, each item of a page at a random moment after
              the page (moments drawn with a seeded splitmix64 PRNG of this file), a tag just
              before the first item that carries it. New items go onto pages old and new, of
              scrapbooks old and new: at 100 000 objects the first and last items of a page are
              about 52 000 keys apart and consecutive ones about 2 300.
    grouped   numbered scrapbook by scrapbook, page by page: a page's items have consecutive
              keys (the output of the generator before key orders, byte for byte).
    random    every table's keys shuffled (the same PRNG): the worst case of locality.

A value that is computed from the key (a UUID, a URL, a date) is computed from the grouped key in
every order, so the values are the same in all three; in `creation` order `createdAt` therefore
does not grow with `Z_PK`.

Shape of the data, in blocks of 500 objects (N // 500 blocks; the rest of N goes as extra items
on the last page, so the total is exactly N; N must be at least 500), in grouped keys:

    1 Scrapbook   title, subtitle, createdAt, isFavorite, identifier (UUID), pageCount,
                  coverImage (inline external-storage blob, 01 + ~40 bytes), cover -> a Photo
    9 Tags        name, scrapbook, featuredItem (every other tag; Z1_FEATUREDITEM set)
   20 Pages       ordered in their scrapbook by Z_FOK_SCRAPBOOK (not Z_PK order, in any key
                  order: the same order key stays with the same page), number, title,
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


class SplitMix64:
    """A small seeded PRNG (splitmix64), so that the key order does not depend on Python's
    `random` module: the same N and order give the same keys on every Python."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, bound):
        """A number in [0, bound), bound > 0 (modulo bias below 2^-40 for our sizes)."""
        return self.next() % bound


SEED = 0x6772617068657870  # "graphexp"
ORDERS = ("creation", "grouped", "random")


def creation_order(book_pages, page_items, item_tags, book_tags):
    """The grouped keys of every object, per root entity, in the order a user would have made
    them, drawn with the seeded PRNG: each scrapbook is made at a random moment of the store's
    life (uniform in [0, 1)), each of its pages at a random moment after it (uniform between the
    scrapbook's moment and 1), each item of a page at a random moment after the page. So at any
    moment new items go onto pages old and new, of scrapbooks old and new, and the items of one
    page get keys scattered over the table. A page's items are made in their `position` order and
    a scrapbook's pages in the order of their grouped keys (the moments drawn for them, sorted).
    A tag is made just before the first item that carries it (a tag no item carries, with the
    last object). Returns {root entity: [grouped key, in creation order]}."""
    rng = SplitMix64(SEED)

    def after(moment, count):  # count sorted moments, uniform in [moment, 1)
        return sorted(moment + (1.0 - moment) * (rng.next() >> 11) / float(1 << 53) for _ in range(count))

    events = []  # (moment, level, grouped key): level 0 scrapbook, 1 page, 2 item
    for book, pages in enumerate(book_pages, 1):
        made_at = (rng.next() >> 11) / float(1 << 53)
        events.append((made_at, 0, book))
        for page, page_at in zip(pages, after(made_at, len(pages))):
            events.append((page_at, 1, page))
            events.extend((item_at, 2, item) for item, item_at in zip(page_items[page], after(page_at, len(page_items[page]))))
    events.sort()
    made = {"Scrapbook": [], "Page": [], "Item": [], "Tag": []}
    roots = ("Scrapbook", "Page", "Item")
    tag_made = set()
    for _, level, key in events:
        if level == 2:
            for tag in item_tags.get(key, ()):
                if tag not in tag_made:
                    tag_made.add(tag)
                    made["Tag"].append(tag)
        made[roots[level]].append(key)
    for tags in book_tags:
        made["Tag"].extend(t for t in tags if t not in tag_made)
    return made


def shuffled(count, rng):
    """1 … count in a random order (Fisher–Yates with the seeded PRNG)."""
    keys = list(range(1, count + 1))
    for i in range(count - 1, 0, -1):
        j = rng.below(i + 1)
        keys[i], keys[j] = keys[j], keys[i]
    return keys


def renumber(lay, rows, links, new_key):
    """Give every object the key new_key[root][grouped key] and every reference its target's new
    key (to-one columns and the join table); rows sorted by their new keys."""
    model = lay.model
    targets = {}  # row index of a to-one column -> root entity of its destination
    for root, cols in lay.tables.items():
        for i, (_, _, kind, owner, prop) in enumerate(cols):
            if kind == "fk":
                dest = next(r[1] for r in model[owner].rels if r[0] == prop)
                targets.setdefault(root, []).append((i + 3, sample.root_of(model, dest)))
    for root, table in rows.items():
        mine = new_key[root]
        for r in table:
            r[0] = mine[r[0]]
            for i, dest in targets.get(root, ()):
                if r[i] is not None:
                    r[i] = new_key[dest][r[i]]
        table.sort(key=lambda r: r[0])
    (_, owner, relationship, _, _), = lay.joins
    dest = next(r[1] for r in model[owner].rels if r[0] == relationship)
    assert (sample.root_of(model, owner), sample.root_of(model, dest)) == ("Item", "Tag"), (owner, dest)
    first, second = new_key["Item"], new_key["Tag"]
    return [(first[a], second[b]) for a, b in links]


def generate(n, out, order="creation", with_indexes=True):
    if order not in ORDERS:
        raise SystemExit("make_large_store.py: order must be one of %s" % ", ".join(ORDERS))
    if n < BLOCK:
        raise SystemExit("make_large_store.py: N must be at least %d" % BLOCK)
    lay = Layout()
    ix = lay.index
    books, pages, tags, items, links = [], [], [], [], []
    blocks = n // BLOCK
    extra = n - blocks * BLOCK
    page_pk = tag_pk = item_pk = 0
    # The tree, in grouped keys, for the other key orders: pages of each book, items of each
    # page (in position order), tags of each item (in join-row order), tags of each book.
    book_pages_all, page_items, item_tags, book_tags_all = [], {}, {}, []
    base = 500000000.0  # 2016-11-05, seconds since 2001
    photo, note, clipping = lay.ent("Photo"), lay.ent("Note"), lay.ent("Clipping")
    for b in range(blocks):
        book = b + 1
        created = base + b * 3 * DAY + (b % 8) * 0.125
        first_item = item_pk + 1
        book_tags = list(range(tag_pk + 1, tag_pk + TAGS_PER_BOOK + 1))
        # Items first (the scrapbook's cover and the tags' featured items point at them).
        book_pages = []
        book_pages_all.append(book_pages)
        book_tags_all.append(book_tags)
        for p in range(PAGES_PER_BOOK):
            page_pk += 1
            book_pages.append(page_pk)
            page_items[page_pk] = []
            on_page = ITEMS_PER_BOOK // PAGES_PER_BOOK + (1 if p < ITEMS_PER_BOOK % PAGES_PER_BOOK else 0)
            if b == blocks - 1 and p == PAGES_PER_BOOK - 1:
                on_page += extra
            for position in range(on_page):
                item_pk += 1
                i = item_pk
                page_items[page_pk].append(i)
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
                    item_tags.setdefault(i, []).append(links[-1][1])
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

    rows = {"Item": items, "Page": pages, "Scrapbook": books, "Tag": tags}
    if order != "grouped":
        if order == "creation":
            sequence = creation_order(book_pages_all, page_items, item_tags, book_tags_all)
        else:
            rng = SplitMix64(SEED)
            sequence = {root: shuffled(len(rows[root]), rng) for root in ("Scrapbook", "Page", "Item", "Tag")}
        new_key = {}
        for root, grouped_keys in sequence.items():
            assert sorted(grouped_keys) == list(range(1, len(rows[root]) + 1)), root
            new_key[root] = [0] * (len(grouped_keys) + 1)  # grouped key -> key in this order
            for key, old in enumerate(grouped_keys, 1):
                new_key[root][old] = key
        links = renumber(lay, rows, links, new_key)

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
    for root in roots:
        sql = "INSERT INTO Z%s VALUES (%s)" % (root.upper(), ", ".join("?" * (len(tables[root]) + 3)))
        con.executemany(sql, rows[root])
    (join_table, _, _, c1, c2), = joins
    con.executemany("INSERT INTO %s (%s, %s) VALUES (?, ?)" % (join_table, c1, c2), sorted(links))
    # Indexes after the rows (faster; the schema text is the same as the sample's).
    for root in (roots if with_indexes else []):
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
    args, order, with_indexes = sys.argv[1:], "creation", True
    if args[:1] == ["--order"] and len(args) > 1:
        order, args = args[1], args[2:]
    elif args[:1] and args[0].startswith("--order="):
        order, args = args[0].split("=", 1)[1], args[1:]
    if args[:1] == ["--without-indexes"]:
        with_indexes, args = False, args[1:]
    if len(args) != 2 or not args[0].isdigit() or order not in ORDERS:
        raise SystemExit("usage: make_large_store.py [--order creation|grouped|random] [--without-indexes] N "
                         "OUT.sqlite")
    counts, join_rows = generate(int(args[0]), args[1], order, with_indexes)
    print("%s (%s order%s): %s, %d Z_1TAGS rows" % (args[1], order, "" if with_indexes else ", no indexes",
                                                    ", ".join("%s %d" % kv for kv in sorted(counts.items())),
                                                    join_rows), file=sys.stderr)


if __name__ == "__main__":
    main()
