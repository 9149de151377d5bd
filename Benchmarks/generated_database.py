"""A database a benchmark script generates: written as OUT.tmp without a journal (a fresh file has
nothing to roll back to), compacted, then moved to OUT, so that a file at OUT is always whole."""
import os
import sqlite3


def begin(out):
    """A connection to a new, empty OUT.tmp (one left by an earlier run is removed)."""
    tmp = out + ".tmp"
    if os.path.exists(tmp):
        os.remove(tmp)
    db = sqlite3.connect(tmp)
    db.execute("PRAGMA journal_mode = OFF")
    db.execute("PRAGMA synchronous = OFF")
    return db


def finish(db, out):
    """Commits, compacts and closes `db`, the connection begin(out) gave, and moves its file to OUT."""
    db.commit()
    db.execute("VACUUM")
    db.close()
    os.replace(out + ".tmp", out)
