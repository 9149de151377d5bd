#!/usr/bin/env python3
"""The relational formats' benchmark (issue 38), run by run.py on the plain Chinook database scaled
to the largest size (make_chinook_store.py), in one run, contender after contender in rounds:

    gx-json-flat      graphexport -f json --shape flat: the reference of the SQL script's CPU time
    gx-sql            graphexport -f sql (PostgreSQL)             target: CPU ≤ 1.1× gx-json-flat
    gx-sqlite         graphexport -o out.db (-f sqlite)           target: wall ≤ 2× sqlite3-copy
    sqlite3-copy      the sqlite3 shell writing the same rows into the same schema: the tables of
                      `graphexport schema --format sql --sql-dialect sqlite`, the store ATTACHed,
                      one INSERT … SELECT per table (keys, identifiers and foreign keys computed in
                      SQL), then the same indexes and views; no journal, no syncs: the C floor
    psql-load         psql -v ON_ERROR_STOP=1 -f out.sql into a new database of a private server
                      (Tests/postgresql-server)                   target: wall ≤ pgloader-load
    pgloader-load     pgloader loading the same store into a new database of that server

and peak RSS ≤ 32 MB for gx-sql and gx-sqlite. The PostgreSQL pair is left out, saying why, when
no server starts or pgloader is missing (`make bench` installs postgresql and pgloader).
"""
import os
import shutil
import sqlite3
import statistics
import subprocess
import tempfile

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
SERVER = os.path.join(ROOT, "Tests", "postgresql-server")


def quote(name):
    return '"' + name.replace('"', '""') + '"'


def copy_script(graphexport, store, folder):
    """The sqlite3 shell's script that writes the rows of `-f sqlite` into the same schema: the
    schema's tables, then one INSERT … SELECT per table from the ATTACHed store, then the schema's
    indexes and views. The mapping (which store column each column comes from) is read from a
    database the SQLite format wrote of the same store."""
    schema = subprocess.run([graphexport, "schema", "--format", "sql", "--sql-dialect", "sqlite", "--quiet", store],
                            check=True, capture_output=True, text=True).stdout.splitlines()
    tables = [line for line in schema if line.startswith("CREATE TABLE")]
    rest = [line for line in schema if not line.startswith("CREATE TABLE")]
    sample = os.path.join(folder, "mapping.db")
    subprocess.run([graphexport, store, "-o", sample, "--quiet"], check=True)
    out = sqlite3.connect(sample)
    src = sqlite3.connect("file:%s?mode=ro" % store, uri=True)
    inserts = []
    places = out.execute("SELECT entity, property, \"table\", \"column\" FROM graphexport_columns").fetchall()
    hierarchy = {entity for entity, _, table, _ in places if table == entity}
    for table in sorted(hierarchy):
        columns = [row[1] for row in out.execute("SELECT * FROM pragma_table_info(?)", (table,))]
        source_columns = {row[1]: row for row in src.execute("SELECT * FROM pragma_table_info(?)", (table,))}
        key = next((name for name, row in source_columns.items() if row[5] == 1), "rowid")
        keys_to = {}
        for row in src.execute("SELECT \"table\", \"from\" FROM pragma_foreign_key_list(?)", (table,)):
            keys_to.setdefault(row[0], []).append(row[1])
        references = {row[3]: row[2] for row in out.execute("SELECT * FROM pragma_foreign_key_list(?)", (table,))}
        values = []
        for column in columns:
            if column == "_pk":
                values.append(quote(key))
            elif column == "_id":
                values.append("'%s/' || %s" % (table.replace("'", "''"), quote(key)))
            elif column == "_entity":
                values.append("'%s'" % table.replace("'", "''"))
            elif column in references:
                candidates = keys_to.get(references[column], [])
                if len(candidates) != 1:
                    raise RuntimeError("%s.%s: no single foreign key of the store to %s" % (table, column,
                                                                                             references[column]))
                values.append(quote(candidates[0]))
            else:
                values.append(quote(column))
        inserts.append("INSERT INTO %s (%s) SELECT %s FROM src.%s;" % (
            quote(table), ", ".join(map(quote, columns)), ", ".join(values), quote(table)))
    for entity, _, table, column in places:
        if table is None or table in hierarchy:
            continue
        target = out.execute("SELECT \"table\" FROM pragma_foreign_key_list(?) WHERE \"from\" = ?",
                             (table, column)).fetchone()[0]
        links = [name for (name,) in src.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                 if name not in hierarchy]
        for link in links:
            keys = {row[0]: row[1] for row in src.execute(
                "SELECT \"table\", \"from\" FROM pragma_foreign_key_list(?)", (link,))}
            if entity in keys and target in keys:
                inserts.append("INSERT INTO %s SELECT %s, %s FROM src.%s;" % (
                    quote(table), quote(keys[entity]), quote(keys[target]), quote(link)))
    os.remove(sample)
    path = os.path.join(folder, "copy.sql")
    with open(path, "w") as script:
        script.write("PRAGMA journal_mode = OFF;\nPRAGMA synchronous = OFF;\nBEGIN;\n")
        script.write("\n".join(tables) + "\n")
        script.write("ATTACH '%s' AS src;\n" % store.replace("'", "''"))
        script.write("\n".join(inserts) + "\n")
        script.write("\n".join(rest) + "\nCOMMIT;\n")
    return path


def run(graphexport, store, run_once, repeat, log):
    """Markdown lines of the table and targets, and every sample."""
    folder = tempfile.mkdtemp(prefix="graphexport-relational-bench-")
    server = None
    try:
        script = copy_script(graphexport, store, folder)
        out_db = os.path.join(folder, "out.db")
        floor_db = os.path.join(folder, "floor.db")
        out_sql = os.path.join(folder, "out.sql")
        subprocess.run([graphexport, store, "-f", "sql", "-o", out_sql, "--quiet"], check=True)
        contenders = {
            "gx-json-flat": [graphexport, store, "-f", "json", "--shape", "flat", "--quiet"],
            "gx-sql": [graphexport, store, "-f", "sql", "--quiet"],
            "gx-sqlite": [graphexport, store, "-o", out_db, "--quiet"],
            "sqlite3-copy": ["sh", "-c", 'rm -f "$1" && sqlite3 "$1" < "$2" > /dev/null', "sh", floor_db, script],
        }
        missing = []
        try:
            server = subprocess.run([SERVER, "start"], check=True, capture_output=True, text=True).stdout.strip()
        except subprocess.CalledProcessError as error:
            missing.append("no PostgreSQL server: %s" % error.stderr.strip())
        if server and not shutil.which("pgloader"):
            missing.append("pgloader is not installed")
        if server and not missing:
            def fresh(name):
                return "dropdb -h '%s' -U postgres --if-exists %s && createdb -h '%s' -U postgres %s" % (
                    server, name, server, name)
            contenders["psql-load"] = ["sh", "-c", "%s && psql -h '%s' -U postgres -d gxpsql -q -v ON_ERROR_STOP=1 "
                                       "-f '%s' > /dev/null" % (fresh("gxpsql"), server, out_sql)]
            contenders["pgloader-load"] = ["sh", "-c", "%s && pgloader --quiet sqlite://%s "
                                           "'postgresql://postgres@unix:%s:5432/gxpgloader' > /dev/null" % (
                                               fresh("gxpgloader"), store, server)]
        samples = {name: [] for name in contenders}
        for name, argv in contenders.items():
            log("relational: %s (warm-up)" % name)
            run_once(argv, False)
        for round_number in range(repeat):
            for name, argv in contenders.items():
                runs, _, _ = run_once(argv, False)
                samples[name] += runs
            log("relational: round %d of %d" % (round_number + 1, repeat))

        def median(name, index):
            return statistics.median(sample[index] for sample in samples[name])

        lines = ["## Into a database: the relational formats on %s (medians of %d runs)" % (
            os.path.basename(store), repeat), "",
            "| contender | wall s | CPU s | peak RSS MB |", "|---|---|---|---|"]
        for name in contenders:
            lines.append("| %s | %.3f | %.3f | %.1f |" % (name, median(name, 0), median(name, 2),
                                                        median(name, 1) / 1e6))
        lines += ["", "| target | ratio | limit | |", "|---|---|---|---|"]

        def target(label, value, limit):
            lines.append("| %s | %.2f | %s | %s |" % (label, value, limit, "PASS" if value <= limit else "FAIL"))
        target("gx-sql CPU / gx-json-flat CPU", median("gx-sql", 2) / median("gx-json-flat", 2), 1.1)
        target("gx-sqlite wall / sqlite3-copy wall", median("gx-sqlite", 0) / median("sqlite3-copy", 0), 2.0)
        if "psql-load" in samples:
            target("psql-load wall / pgloader-load wall", median("psql-load", 0) / median("pgloader-load", 0), 1.0)
        for name in ("gx-sql", "gx-sqlite"):
            target("%s peak RSS MB" % name, median(name, 1) / 1e6, 32)
        lines += ["", *("Left out: %s." % reason for reason in missing)] if missing else []
        return lines, {name: [list(sample) for sample in runs] for name, runs in samples.items()}
    finally:
        if server:
            subprocess.run([SERVER, "stop", server])
        shutil.rmtree(folder, ignore_errors=True)
