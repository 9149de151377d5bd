#!/usr/bin/env python3
"""Writes the seed corpora of the fuzzers (issue 11) from the repository's Scrapbook sample and,
when they are there, the shared Core Data samples beside the repository. Nothing is committed:
`make fuzz` runs this before every fuzzing session, into a folder it empties first.

    python3 Fuzz/make_seeds.py <output folder> [<shared coredata-samples folder>]

One folder per fuzzer:
- model-xml: every `contents` file of an .xcdatamodel;
- property-list: each store's `Z_METADATA.Z_PLIST`, each inflated `Z_MODELCACHE`, each legacy
  `elements` file, and Scrapbook's model archived as a keyed archive;
- keyed-archive: each `Z_MODELCACHE` blob as the store has it (raw DEFLATE) and inflated, each
  legacy `elements` file, and Scrapbook's archived model, plain and compressed;
- store: each store cut down to a few rows per table and rewritten with 512-byte pages (only those
  that stay under 64 KB), Scrapbook also with its archived model as `Z_MODELCACHE`, and a small
  plain SQLite database with the foreign-key shapes the plain reader knows.

Also writes the model paths the store fuzzer should try, one per line, to
`<output folder>/store-models.txt`.
"""

import glob
import hashlib
import os
import plistlib
import shutil
import sqlite3
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
import zlib

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRAPBOOK = os.path.join(REPO, "Samples", "Scrapbook")
SCRAPBOOK_MODEL = os.path.join(SCRAPBOOK, "Scrapbook.xcdatamodeld")
ROWS_PER_TABLE = 4
MAX_STORE_SEED = 64 * 1024
KEPT_TABLES = {"Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE"}

ATTRIBUTE_TYPES = {
    "Undefined": 0, "Integer 16": 100, "Integer 32": 200, "Integer 64": 300, "Decimal": 400,
    "Double": 500, "Float": 600, "String": 700, "Boolean": 800, "Date": 900, "Binary": 1000,
    "UUID": 1100, "URI": 1200, "Transformable": 1800, "ObjectID": 2000,
}
DELETION_RULES = {"No Action": 0, "Nullify": 1, "Cascade": 2, "Deny": 3}


def write_seed(folder, data):
    """Writes `data` as a seed named by its hash (so the same bytes are one seed)."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()[:16]), "wb") as file:
        file.write(data)


def deflate(data):
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


def archived_model(contents_path):
    """The model of a `contents` file as Core Data archives an NSManagedObjectModel
    (docs/COREDATA.md, coredata-format.md section 4), in a binary property list."""
    model = ElementTree.parse(contents_path).getroot()
    objects = ["$null"]
    classes = {}

    def add(value):
        objects.append(value)
        return plistlib.UID(len(objects) - 1)

    def class_of(*names):
        if names not in classes:
            classes[names] = add({"$classname": names[0], "$classes": list(names) + ["NSObject"]})
        return classes[names]

    def dictionary(entries):
        return add({
            "$class": class_of("NSDictionary"),
            "NS.keys": [add(key) for key, _ in entries],
            "NS.objects": [value for _, value in entries],
        })

    entities = [element for element in model if element.tag == "entity"]
    entity_uids = {}
    for entity in entities:
        entity_uids[entity.get("name")] = add(None)
    model_uid = add(None)
    for entity in entities:
        name = entity.get("name")
        properties = []
        for element in entity:
            flags = 1 | (2 if element.get("optional") == "YES" else 0) | (8 if element.get("transient") == "YES" else 0)
            fields = {"NSPropertyName": add(element.get("name")), "NSEntity": entity_uids[name], "_P": flags}
            if element.tag == "attribute":
                fields["$class"] = class_of("NSAttributeDescription", "NSPropertyDescription")
                fields["NSAttributeType"] = ATTRIBUTE_TYPES.get(element.get("attributeType"), 0)
                if element.get("allowsExternalBinaryDataStorage") == "YES":
                    fields["NSFlagsKey"] = 4
            elif element.tag == "relationship":
                fields["$class"] = class_of("NSRelationshipDescription", "NSPropertyDescription")
                fields["NSDestinationEntity"] = entity_uids.get(element.get("destinationEntity"), plistlib.UID(0))
                if element.get("inverseName"):
                    fields["_NSInverseRelationshipName"] = add(element.get("inverseName"))
                fields["NSMaxCount"] = 0 if element.get("toMany") == "YES" else 1
                fields["NSDeleteRule"] = DELETION_RULES.get(element.get("deletionRule", "Nullify"), 1)
                if element.get("ordered") == "YES":
                    fields["NSIsOrdered"] = True
            else:
                continue
            properties.append((element.get("name"), add(fields)))
        objects[entity_uids[name].data] = {
            "$class": class_of("NSEntityDescription"),
            "NSEntityName": add(name),
            "NSSuperentity": entity_uids.get(entity.get("parentEntity"), plistlib.UID(0)),
            "NSIsAbstract": entity.get("isAbstract") == "YES",
            "NSManagedObjectModel": model_uid,
            "NSProperties": dictionary(properties),
        }
    objects[model_uid.data] = {
        "$class": class_of("NSManagedObjectModel"),
        "NSEntities": dictionary([(entity.get("name"), entity_uids[entity.get("name")]) for entity in entities]),
    }
    archive = {"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": model_uid}, "$objects": objects}
    return plistlib.dumps(archive, fmt=plistlib.FMT_BINARY, sort_keys=False)


def copied_store(store, scratch):
    """A writable copy of a store and its `-wal`, checkpointed into one rollback-journal file."""
    copy = os.path.join(scratch, "store.sqlite")
    for suffix in ("", "-wal"):
        if suffix == "" or os.path.exists(store + suffix):
            shutil.copyfile(store + suffix, copy + suffix)
    connection = sqlite3.connect(copy)
    connection.execute("PRAGMA journal_mode = DELETE")
    return copy, connection


def blobs(connection):
    """The store's metadata plist and model cache blob, each `None` when missing."""
    def first(sql):
        try:
            row = connection.execute(sql).fetchone()
        except sqlite3.Error:
            return None
        return bytes(row[0]) if row and isinstance(row[0], bytes) else None
    return first("SELECT Z_PLIST FROM Z_METADATA"), first("SELECT Z_CONTENT FROM Z_MODELCACHE")


def note_blobs(connection):
    """The gunzipped note documents and table data of an Apple Notes store (none for another)."""
    found = []
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    queries = []
    if "ZICNOTEDATA" in tables:
        queries.append("SELECT ZDATA FROM ZICNOTEDATA")
    if "ZICCLOUDSYNCINGOBJECT" in tables:
        columns = {row[1] for row in connection.execute("PRAGMA table_info(ZICCLOUDSYNCINGOBJECT)")}
        queries += [f"SELECT {column} FROM ZICCLOUDSYNCINGOBJECT" for column in sorted(columns) if column.startswith("ZMERGEABLEDATA")]
    for query in queries:
        for (blob,) in connection.execute(query):
            if isinstance(blob, bytes) and blob.startswith(b"\x1f\x8b"):
                found.append(zlib.decompress(blob, 31))
    return found


def shrink(connection):
    """Keeps the first few rows of every table (all of the Core Data bookkeeping tables), drops
    triggers (Core Data's call functions only Core Data defines) and indexes (the Core Data reader
    reads none), and rewrites the file with 512-byte pages."""
    schema = connection.execute("SELECT type, name FROM sqlite_schema WHERE sql IS NOT NULL").fetchall()
    for kind, name in schema:
        if kind in ("trigger", "index"):
            connection.execute(f'DROP {kind.upper()} "{name}"')
    for kind, name in schema:
        if kind == "table" and name not in KEPT_TABLES and not name.startswith("sqlite_"):
            connection.execute(
                f'DELETE FROM "{name}" WHERE rowid NOT IN (SELECT rowid FROM "{name}" ORDER BY rowid LIMIT ?)',
                (ROWS_PER_TABLE,))
    connection.commit()
    connection.execute("PRAGMA page_size = 512")
    connection.execute("VACUUM")
    connection.close()


def store_seed(path, folder, name):
    with open(path, "rb") as file:
        data = file.read()
    if len(data) <= MAX_STORE_SEED:
        write_seed(folder, data)
    else:
        print(f"make_seeds: {name} is still {len(data)} bytes when cut down; left out", file=sys.stderr)


def plain_database(path):
    """A small plain SQLite database: declared, composite and cascading foreign keys, a self
    reference, a link table, a WITHOUT ROWID table, a view, every storage class, invalid UTF-8."""
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA page_size = 512")
    connection.executescript("""
        CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT NOT NULL);
        CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT, ArtistId INTEGER REFERENCES Artist(ArtistId));
        CREATE TABLE Genre (GenreId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT, AlbumId INTEGER REFERENCES Album ON DELETE CASCADE,
            GenreId INTEGER REFERENCES Genre, Milliseconds INTEGER, Price NUMERIC, Rating REAL, Cover BLOB,
            Released DATE, Explicit BOOLEAN, Length AS (Milliseconds / 1000));
        CREATE TABLE Playlist (PlaylistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE PlaylistTrack (PlaylistId INTEGER REFERENCES Playlist, TrackId INTEGER REFERENCES Track,
            PRIMARY KEY (PlaylistId, TrackId));
        CREATE TABLE Employee (EmployeeId INTEGER PRIMARY KEY, Name TEXT, ReportsTo INTEGER REFERENCES Employee);
        CREATE TABLE Zip (Code TEXT PRIMARY KEY, City TEXT) WITHOUT ROWID;
        CREATE TABLE Address (Street TEXT, Code TEXT REFERENCES Zip, Number INTEGER, customer_id INTEGER,
            PRIMARY KEY (Street, Number)) WITHOUT ROWID;
        CREATE TABLE Shipment (Id INTEGER PRIMARY KEY, Street TEXT, Number INTEGER,
            FOREIGN KEY (Street, Number) REFERENCES Address (Street, Number));
        CREATE TABLE Note (Body);
        CREATE VIEW LongTrack AS SELECT TrackId, Name FROM Track WHERE Milliseconds > 1000;
        INSERT INTO Artist VALUES (1, 'AC/DC'), (2, ''), (3, 'Accept');
        INSERT INTO Album VALUES (1, 'For Those About To Rock', 1), (2, 'Balls to the Wall', 3), (3, 'Orphan', 99);
        INSERT INTO Genre VALUES (1, 'Rock'), (2, 'Jazz');
        INSERT INTO Track VALUES (1, 'Walk', 1, 1, 343719, 0.99, 4.5, x'00ff10', '2001-01-01', 1),
            (2, 'Fast', 2, NULL, 'long', '1e3', NULL, NULL, 1234.5, 'yes'),
            (3, NULL, NULL, 2, -1, 1, -0.0, x'', NULL, NULL);
        INSERT INTO Playlist VALUES (1, 'Music'), (2, 'Empty');
        INSERT INTO PlaylistTrack VALUES (1, 1), (1, 2), (1, 3);
        INSERT INTO Employee VALUES (1, 'Adams', NULL), (2, 'Edwards', 1), (3, 'Loop', 3);
        INSERT INTO Zip VALUES ('10115', 'Berlin'), ('', 'Nowhere'), ('~x', 'Odd');
        INSERT INTO Address VALUES ('Main', '10115', 1, 7), ('Side', 'none', 2, NULL);
        INSERT INTO Shipment VALUES (1, 'Main', 1), (2, 'Main', 9), (3, NULL, NULL);
        INSERT INTO Note VALUES (1), (2.5), ('text'), (x'c328'), (NULL);
        """)
    connection.execute("INSERT INTO Note VALUES (CAST(x'66ff6f' AS TEXT))")
    connection.commit()
    connection.execute("VACUUM")
    connection.close()


def make_seeds(output, shared=None):
    """Writes the seed folders and store-models.txt into `output`; `shared` is the shared samples
    folder, or `None`."""
    shared = os.path.abspath(shared) if shared else None
    if shared and not os.path.isdir(shared):
        print(f"make_seeds: {shared} is missing; seeding from Samples/Scrapbook only", file=sys.stderr)
        shared = None
    folders = {
        name: os.path.join(output, name) for name in ("model-xml", "property-list", "keyed-archive", "store", "notes")
    }

    contents = [os.path.join(SCRAPBOOK_MODEL, "Scrapbook.xcdatamodel", "contents")]
    elements = []
    stores = [os.path.join(SCRAPBOOK, "Scrapbook.sqlite")]
    models = [SCRAPBOOK_MODEL]
    if shared:
        contents += sorted(glob.glob(os.path.join(shared, "**", "contents"), recursive=True))
        elements += sorted(glob.glob(os.path.join(shared, "**", "elements"), recursive=True))
        stores += sorted(
            path for pattern in ("*.sqlite", "*.store") for path in glob.glob(os.path.join(shared, "*", pattern)))
        models += sorted(glob.glob(os.path.join(shared, "*", "*.xcdatamodeld")))
        models += sorted(os.path.dirname(path) for path in elements)

    for path in contents:
        with open(path, "rb") as file:
            write_seed(folders["model-xml"], file.read())
    for path in elements:
        with open(path, "rb") as file:
            data = file.read()
        write_seed(folders["property-list"], data)
        write_seed(folders["keyed-archive"], data)

    archive = archived_model(contents[0])
    write_seed(folders["property-list"], archive)
    write_seed(folders["keyed-archive"], archive)
    write_seed(folders["keyed-archive"], deflate(archive))

    with tempfile.TemporaryDirectory() as scratch:
        for index, store in enumerate(stores):
            folder = os.path.join(scratch, str(index))
            os.mkdir(folder)
            copy, connection = copied_store(store, folder)
            metadata, cache = blobs(connection)
            if metadata:
                write_seed(folders["property-list"], metadata)
            if cache:
                write_seed(folders["keyed-archive"], cache)
                if not cache.startswith(b"bplist00"):
                    inflated = zlib.decompress(cache, -15)
                    write_seed(folders["property-list"], inflated)
                    write_seed(folders["keyed-archive"], inflated)
            for blob in note_blobs(connection):
                write_seed(folders["notes"], blob)
            shrink(connection)
            store_seed(copy, folders["store"], os.path.basename(store))

        copy, connection = copied_store(stores[0], os.path.join(scratch, "0"))
        connection.execute("CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)")
        connection.execute("INSERT INTO Z_MODELCACHE VALUES (?)", (deflate(archive),))
        shrink(connection)
        store_seed(copy, folders["store"], "Scrapbook.sqlite with a model cache")

        plain = os.path.join(scratch, "plain.sqlite")
        plain_database(plain)
        store_seed(plain, folders["store"], "the plain database")

    with open(os.path.join(output, "store-models.txt"), "w") as file:
        file.write("".join(path + "\n" for path in models))
    for name, folder in folders.items():
        count = len(os.listdir(folder)) if os.path.isdir(folder) else 0
        print(f"make_seeds: {count} {name} seeds", file=sys.stderr)


if __name__ == "__main__":
    make_seeds(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
