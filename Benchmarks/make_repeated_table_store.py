"""Makes a copy of the shared Apple Notes store (macOS 12) with one hostile note: its data names
the store's one table attachment in every one of its attribute runs (issue 36, item 6), and the
table is grown to SIDE x SIDE cells, so that a decoder that writes the whole table for each run
writes RUNS tables.

    python3 Benchmarks/make_repeated_table_store.py <shared apple-notes-macos12 folder> <output folder> [RUNS [SIDE]]

Defaults: 2 500 runs and a 100 x 100 table, whose cells read `R<row>C<column>`. The note replaces
the data of "This is a note" (ICNoteData 2); the table is the ICAttachment of "This note has
special formatting". The layout is docs/NOTES.md's, the same as the tests' `tableData`.
"""
import gzip
import os
import shutil
import sqlite3
import sys


def varint(value):
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def field_varint(number, value):
    return varint(number << 3) + varint(value)


def field_bytes(number, payload):
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def object_id(number, index):
    return field_bytes(number, field_varint(6, index))


def table_data(side):
    """A MergableDataProto holding a side x side table (docs/NOTES.md, *Tables*)."""
    uuids = [bytes([index & 0xFF, index >> 8]) + bytes([9] * 14) for index in range(2 * side)]
    uuid_entry = lambda uuid: 6 + uuid
    column_entry = lambda column: 6 + len(uuids) + column
    cell_entry = lambda row, column: 6 + len(uuids) + side + row * side + column

    def ordered_set(indexes):
        array = field_bytes(1, field_bytes(2, b""))
        for position, uuid in enumerate(indexes):
            array += field_bytes(2, field_varint(1, position) + field_bytes(2, uuids[uuid]))
        ordering = field_bytes(1, array) + field_bytes(2, b"")
        return field_bytes(16, field_bytes(1, ordering) + field_bytes(2, b""))

    entries = []
    table_map = field_varint(1, 0)
    for key, entry in [(0, 1), (1, 2), (2, 3), (4, 4)]:
        table_map += field_bytes(3, field_varint(1, key) + object_id(2, entry))
    entries.append(field_bytes(13, table_map))
    entries.append(ordered_set(range(side)))
    entries.append(ordered_set(range(side, 2 * side)))
    cell_columns = b"".join(
        field_bytes(1, object_id(1, uuid_entry(side + column)) + object_id(2, column_entry(column)))
        for column in range(side))
    entries.append(field_bytes(6, cell_columns))
    entries.append(field_bytes(1, object_id(2, 5)))
    entries.append(field_bytes(13, field_varint(1, 2) + field_bytes(
        3, field_varint(1, 5) + field_bytes(2, field_bytes(4, b"CRTableColumnDirectionLeftToRight")))))
    for uuid in range(len(uuids)):
        entries.append(field_bytes(13, field_varint(1, 1) + field_bytes(
            3, field_varint(1, 3) + field_bytes(2, field_varint(2, uuid)))))
    for column in range(side):
        entries.append(field_bytes(6, b"".join(
            field_bytes(1, object_id(1, uuid_entry(row)) + object_id(2, cell_entry(row, column)))
            for row in range(side))))
    for row in range(side):
        for column in range(side):
            entries.append(field_bytes(10, field_bytes(2, b"R%dC%d" % (row, column))))
    data = b"".join(field_bytes(3, entry) for entry in entries)
    for key in ["crRows", "crColumns", "cellColumns", "UUIDIndex", "crTableColumnDirection", "self"]:
        data += field_bytes(4, key.encode())
    for name in ["com.apple.notes.ICTable", "com.apple.CRDT.NSUUID", "com.apple.CRDT.NSString"]:
        data += field_bytes(5, name.encode())
    data += b"".join(field_bytes(6, uuid) for uuid in uuids)
    return field_bytes(2, field_varint(2, 0) + field_bytes(3, data))


def repeated_table_note(identifier, runs):
    """A NoteStoreProto whose text is `runs` attachment characters, each its own run naming the table."""
    run = field_bytes(5, field_varint(1, 1) + field_bytes(
        12, field_bytes(1, identifier.encode()) + field_bytes(2, b"com.apple.notes.table")))
    note = field_bytes(2, "\ufffc".encode() * runs) + run * runs
    return field_bytes(2, field_varint(2, 0) + field_bytes(3, note))


def main(source, output, runs=2500, side=100):
    os.makedirs(output, exist_ok=True)
    for name in ("NoteStore.sqlite", "NoteStore.sqlite-wal", "NoteStore.sqlite-shm"):
        shutil.copyfile(os.path.join(source, name), os.path.join(output, name))
    db = sqlite3.connect(os.path.join(output, "NoteStore.sqlite"))
    (pk, identifier), = db.execute(
        "SELECT Z_PK, ZIDENTIFIER FROM ZICCLOUDSYNCINGOBJECT WHERE ZTYPEUTI = 'com.apple.notes.table'").fetchall()
    db.execute("UPDATE ZICCLOUDSYNCINGOBJECT SET ZMERGEABLEDATA1 = ? WHERE Z_PK = ?",
               (gzip.compress(table_data(side), mtime=0), pk))
    note = gzip.compress(repeated_table_note(identifier, runs), compresslevel=9, mtime=0)
    db.execute("UPDATE ZICNOTEDATA SET ZDATA = ? WHERE Z_PK = 2", (note,))
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    print("ICNoteData 2: %d bytes of data, %d runs naming a %d x %d table" % (len(note), runs, side, side))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(int(argument) for argument in sys.argv[3:]))
