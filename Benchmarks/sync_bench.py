#!/usr/bin/env python3
"""The `graphexport sync` benchmark (issue 39), SQLite target, by itself:

    python3 Benchmarks/sync_bench.py GRAPHEXPORT HISTORY-STORE.sqlite

and by run.py (`make bench`) after the `--since` benchmark, on the store history_bench.py makes (the largest store of `make bench`, 1 000 000 objects, with a
history of 100 changed objects in 10 saves), contender after contender in rounds, each run's
target made ready before it (untimed):

    gx-sqlite         graphexport -o out.db: the -f sqlite export, the reference
    gx-sync-first     graphexport sync into a new file        target: wall ≤ 1.25× gx-sqlite
    gx-sync-delta     graphexport sync into a copy whose recorded token is the history's start,
                      so that the run applies the 100 changed objects of the 10 saves
                                                              target: wall ≤ 5 % of gx-sync-first
    gx-sync-compare   graphexport sync --repair into a copy with 1 % of each table's rows edited:
                      the comparison a store without history gets
                                                              target: wall ≤ 2× gx-sync-first

and peak RSS ≤ 32 MB for every sync. Times and peak RSS are measured by run.py's measure.c.
"""
import os
import shutil
import sqlite3
import statistics
import sys

CONTENDERS = ["gx-sqlite", "gx-sync-first", "gx-sync-delta", "gx-sync-compare"]


def prepare(folder, graphexport, model, store, run_once):
    """Makes the first copy (`first.db`), the copy whose token is the history's start (`behind.db`)
    and the copy with 1 % of its rows edited (`edited.db`)."""
    first = os.path.join(folder, "first.db")
    run_once([graphexport, "sync", "--model", model, "--quiet", store, first], count_bytes=False)
    behind = os.path.join(folder, "behind.db")
    shutil.copyfile(first, behind)
    db = sqlite3.connect(behind)
    db.execute("UPDATE graphexport_sync SET value = substr(value, 1, instr(value, ':')) || '0' "
               "WHERE key = 'historyToken'")
    db.commit()
    db.close()
    edited = os.path.join(folder, "edited.db")
    shutil.copyfile(first, edited)
    db = sqlite3.connect(edited)
    tables = [row[0] for row in db.execute(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'graphexport%'")]
    for table in tables:
        columns = [row for row in db.execute("SELECT name, type FROM pragma_table_info(?)", (table,))]
        names = [name for name, _ in columns]
        text = [name for name, kind in columns[3:] if kind.upper() == "TEXT"]
        if "_entity" not in names or not text:
            continue
        column = '"%s"' % text[0].replace('"', '""')
        db.execute('UPDATE "%s" SET %s = %s || \'*\' WHERE _pk %% 100 = 0 AND %s IS NOT NULL'
                   % (table.replace('"', '""'), column, column, column))
    db.commit()
    db.close()
    return first, behind, edited


def run(graphexport, model, store, cache, run_once, repeat, log):
    """Times the contenders in rounds with `run_once` (run.py's: [(wall, rss, cpu)], bytes, text),
    in a folder of `cache`; returns the markdown lines."""
    folder = os.path.join(cache, "sync")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    first, behind, edited = prepare(folder, graphexport, model, store, run_once)
    target = os.path.join(folder, "target.db")
    sync = [graphexport, "sync", "--model", model, "--quiet", store, target]
    runs = {
        "gx-sqlite": (None, [graphexport, "--model", model, "--quiet", "-o", target, store]),
        "gx-sync-first": (None, sync),
        "gx-sync-delta": (behind, sync),
        "gx-sync-compare": (edited, sync[:2] + ["--repair"] + sync[2:]),
    }
    samples = {name: [] for name in CONTENDERS}
    for r in range(repeat + 1):
        for name in CONTENDERS:
            source, argv = runs[name]
            for suffix in ("", "-journal", "-wal"):
                if os.path.exists(target + suffix):
                    os.remove(target + suffix)
            if source:
                shutil.copyfile(source, target)
            [(wall, rss, cpu)], _, _ = run_once(argv, count_bytes=False)
            if r > 0:
                samples[name].append((wall, rss, cpu))
            log("  %-16s %8.3f s %8.1f MB" % (name, wall, rss / 1e6))
    shutil.rmtree(folder, ignore_errors=True)
    median = {name: (statistics.median(w for w, _, _ in s), max(r for _, r, _ in s),
                     statistics.median(c for _, _, c in s)) for name, s in samples.items()}
    reference, first_sync = median["gx-sqlite"][0], median["gx-sync-first"][0]
    lines = ["## `graphexport sync` (issue 39): 1 000 000 objects into SQLite", "",
             "| contender | wall s (median) | CPU s | peak RSS MB |", "|---|---|---|---|"]
    for name in CONTENDERS:
        wall, rss, cpu = median[name]
        lines.append("| %s | %.3f | %.3f | %.1f |" % (name, wall, cpu, rss / 1e6))
    peak = max(median[name][1] for name in CONTENDERS[1:])
    checks = [("first sync ≤ 1.25× -f sqlite", first_sync <= 1.25 * reference, first_sync / reference, "×"),
              ("100 changed ≤ 5 % of the first sync", median["gx-sync-delta"][0] <= 0.05 * first_sync,
               100 * median["gx-sync-delta"][0] / first_sync, " %"),
              ("comparison of 1 % changed ≤ 2× the first sync", median["gx-sync-compare"][0] <= 2 * first_sync,
               median["gx-sync-compare"][0] / first_sync, "×")]
    lines += [""] + ["%s: %s (%.2f%s)." % (text, "PASS" if ok else "FAIL", value, unit)
                     for text, ok, value, unit in checks]
    lines += ["peak RSS ≤ 32 MB: %s (%.1f MB)." % ("PASS" if peak <= 32e6 else "FAIL", peak / 1e6), ""]
    return lines


if __name__ == "__main__":
    import run as bench  # noqa: E402  (run.py beside this file: its measuring)

    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    bench.MEASURE = bench.build_references()["measure"]
    print("\n".join(run(os.path.abspath(sys.argv[1]), bench.MODEL, os.path.abspath(sys.argv[2]), bench.CACHE,
                        bench.run_once, bench.env_int("BENCH_REPEAT", 3), bench.log)))
