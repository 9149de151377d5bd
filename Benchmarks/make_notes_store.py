"""Grows a copy of the shared Apple Notes store (macOS 12) to many notes, for timing the Notes
decoder (docs/PERFORMANCE.md, *Value decoders*).

    python3 Benchmarks/make_notes_store.py <shared apple-notes-macos12 folder> <output folder> [notes]

Copies NoteStore.sqlite with its -wal and -shm into <output folder>, then adds copies of the six
readable notes (default 20 000 notes in all), each with its ICNoteData, so that the store holds
what a real one holds: mostly notes, their data gzip-compressed protocol buffers of a few hundred
bytes, one table attachment they may name.
"""
import os
import shutil
import sqlite3
import sys


def main(source, output, count=20000):
    os.makedirs(output, exist_ok=True)
    for name in ("NoteStore.sqlite", "NoteStore.sqlite-wal", "NoteStore.sqlite-shm"):
        shutil.copyfile(os.path.join(source, name), os.path.join(output, name))
    db = sqlite3.connect(os.path.join(output, "NoteStore.sqlite"))
    columns = [row[1] for row in db.execute("PRAGMA table_info(ZICCLOUDSYNCINGOBJECT)")]
    notes = db.execute(
        "SELECT * FROM ZICCLOUDSYNCINGOBJECT WHERE Z_ENT = 11 AND ZISPASSWORDPROTECTED = 0 ORDER BY Z_PK").fetchall()
    data = {row[0]: row for row in db.execute("SELECT ZNOTE, ZCRYPTOINITIALIZATIONVECTOR, ZCRYPTOTAG, ZDATA FROM ZICNOTEDATA")}
    next_object = db.execute("SELECT max(Z_PK) FROM ZICCLOUDSYNCINGOBJECT").fetchone()[0] + 1
    next_data = db.execute("SELECT max(Z_PK) FROM ZICNOTEDATA").fetchone()[0] + 1
    pk, data_column = columns.index("Z_PK"), columns.index("ZNOTEDATA")
    identifier = columns.index("ZIDENTIFIER")
    placeholders = ",".join("?" * len(columns))
    existing = db.execute("SELECT count(*) FROM ZICCLOUDSYNCINGOBJECT WHERE Z_ENT = 11").fetchone()[0]
    for index in range(count - existing):
        note = list(notes[index % len(notes)])
        original = note[pk]
        note[pk], note[data_column] = next_object, next_data
        note[identifier] = f"{note[identifier]}-{index}"
        db.execute(f"INSERT INTO ZICCLOUDSYNCINGOBJECT VALUES ({placeholders})", note)
        _, vector, tag, blob = data[original]
        db.execute(
            "INSERT INTO ZICNOTEDATA (Z_PK, Z_ENT, Z_OPT, ZNOTE, ZCRYPTOINITIALIZATIONVECTOR, ZCRYPTOTAG, ZDATA) "
            "VALUES (?, 17, 1, ?, ?, ?, ?)", (next_data, next_object, vector, tag, blob))
        next_object += 1
        next_data += 1
    db.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_NAME = 'ICCloudSyncingObject'", (next_object - 1,))
    db.execute("UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_NAME = 'ICNoteData'", (next_data - 1,))
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(int(argument) for argument in sys.argv[3:]))
