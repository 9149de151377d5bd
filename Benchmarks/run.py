#!/usr/bin/env python3
"""The graphexport benchmark (issue 7): `make bench`, or `python3 Benchmarks/run.py`.

Builds graphexport in release mode, makes (or reuses) large Scrapbook-layout stores, one per size
and key order (make_large_store.py --order: `creation`, keys in the order a user would have made
the objects, scattered over the tree; `grouped`, numbered page by page, the order the tree shape's
destination windows read best), and runs on each store, in one run, every contender in rounds,
A B C … A B C …, so that the machine's drift falls on all of them alike:

    gx-<format>-<shape>  graphexport, every built-in format of this build, tree and flat (a format
                         that does not nest, such as jsonl or graphml, flat only; formats without
                         a ceiling, such as plist or graphml, only at the smallest size unless
                         BENCH_EVERY_FORMAT=1: the time budget)
    sqlite3-json         `sqlite3 -readonly -json` over the same tables (SELECT * per table)
    read-floor           reference/read_floor.c: SELECT * per table, every column fetched
    ceiling-<format>     reference/<format>_ceiling.c: the flat document written by hand (JSON;
                         JSON Lines, `json_ceiling --lines`: the same objects as `-f jsonl` writes
                         them), raw libxml2 xmlTextWriter (XML) or raw libyaml emitter (YAML); only
                         their self-reported writing time counts (see reference/replay.h)
    python-nested        python_nested_export.py, what a user would write instead (tree JSON);
                         above 200 000 objects one run only (its warm-up run), for the budget

Then, on the same Scrapbook layout in creation order without the indexes Core Data makes on its key
columns (make_large_store.py --without-indexes: a store whose `Z<TABLE>_Z<COLUMN>_INDEX` indexes were
dropped, issue 36), the same contenders but python-nested and the diff; its objects, keys and values
are the indexed store's, so the ceilings replay the indexed store's replay.

Then the same on plain SQLite databases of real schemas (issue 23), read through their foreign
keys: `chinook`, the shared Chinook sample (shared/data/chinook beside the repository) scaled by
make_chinook_store.py, `chinook-noindex`, the same without Chinook's `IFK_*` indexes (no foreign key
has an index, as SQLite leaves them unless asked: issue 36), and `northwind`, the Northwind schema
written by make_northwind_store.py (text and composite keys, link tables), each at the same sizes,
with the contenders above but python-nested (which reads the Scrapbook layout) and the diff, and with

    gx-setup             graphexport's set-up alone: open, schema, layout, prepared queries, an
                         empty selection (`--root <table> --where 0`), no object written

and the ceilings replaying the same document (make_plain_replay.py).

Targets. For every store (each key order of the Scrapbook layout, the store without indexes, each
plain database) one table, "Issue 40 targets", checks at the largest size every target of issue 40
with one function (issue_40_rows), whatever the kind of store; ratios are of medians in one run and
judged by CPU time (user + system), the wall time shown beside, but for the wall-time target:

    flat JSON / (read floor + JSON ceiling)                ≤ 1.25×
    JSON Lines / (read floor + JSON Lines ceiling)         ≤ 1.25×
    tree JSON / flat JSON                                  ≤ 1.5×
    flat XML, flat YAML / (read floor + that ceiling)      ≤ 1.25×
    plain `diff` / `sqldiff`                               ≤ 2×     (where the diff ran)
    Core Data `diff` (1 % changed) / one flat export       ≤ 1.25×  (where the diff ran)
    flat JSON / `sqlite3 -json`, wall time                 ≤ 1.0×
    peak RSS of every export and diff at every size        ≤ 32 MB
    peak RSS at the largest size vs the smallest           within ±10 %
    CPU time of every export, largest size vs smallest     ≤ 11×    (n log n, not n²)

the last two when the largest size is ten times the smallest (100 000 and 1 000 000 by default).

A second table, "Other targets and reports", holds what is still another open issue's contract:
a plain database's set-up ≤ 2 % of its flat JSON export (issue 36; gx-setup's time includes the
process start-up, a few milliseconds: read it at 1 000 000 rows), and the Python export's ratios
(reported, no limit).

Each contender first runs once into a pipe the driver reads (warm-up; counts the bytes, checks
the exit status). Timed runs write to /dev/null. Wall time (around fork and wait4) and peak RSS
(from wait4) are taken by reference/measure.c. The table of each size shows medians, objects/s,
MB/s (10^6 bytes), peak RSS (MB, 10^6 bytes) and the ratios to the references; the target tables
follow each store's.

Environment:
    BENCH_SIZES    comma-separated object counts (default 100000,1000000)
    BENCH_ORDERS   comma-separated key orders of the stores (default creation,grouped; also
                   random; `none`: the plain databases only): each order gets its own tables and
                   targets
    BENCH_REPEAT   timed runs per contender (default 5 up to 200 000 objects, else 3)
    BENCH_BUDGET   seconds for the measurements (default 600 per key order); rounds that would not fit leave
                   out the slowest contenders once they have a timed run, and say so
    BENCH_ONLY     regular expression: only contenders whose name matches (references for the
                   ratios are kept)
    BENCH_EVERY_FORMAT=1  every format at every size
    BENCH_DIFF=0   leave out the diff contenders (diff_bench.py: `graphexport diff` of two stores
                   that differ in 1 % of their objects, Core Data and plain SQLite, against one flat
                   JSON export and `sqldiff`), which run at the largest size, in the first key order
    BENCH_UNINDEXED  comma-separated key orders of Scrapbook-layout stores without their indexes
                   (default creation; empty: none)
    BENCH_UNINDEXED_BUDGET seconds for their measurements (default 300)
    BENCH_PLAIN    comma-separated plain databases (default chinook,chinook-noindex,northwind;
                   empty: none)
    BENCH_PLAIN_SIZES  their row counts (default BENCH_SIZES)
    BENCH_PLAIN_BUDGET seconds for the measurements of each plain database (default 300)
    BENCH_CALLGRIND=1  also count the instructions (valgrind --tool=callgrind) of gx-json-flat,
                   gx-json-tree, gx-setup and sqlite3-json on each store at the smallest size
    GRAPHEXPORT    a built graphexport to use instead of building one (`swift build -c release
                   --static-swift-stdlib`)
    SWIFT          the swift command (default swift)

Then history_bench.py times `--since` (issue 21) on the largest store in creation order, given a
history of 100 changed objects, against the full JSON export (BENCH_ONLY matching `gx-since` keeps it;
BENCH_SINCE=0 leaves it and sync out), followed by sync_bench.py, `graphexport sync` (issue 39) on that store against -f sqlite, and notes_bench.py times the Apple Notes decoder (issue 24) on the shared apple-notes-macos12 sample
grown to 20 000 notes, decoded against `--no-decode notes` (BENCH_ONLY matching `gx-notes` keeps it;
BENCH_NOTES=0 leaves it out), and relational_bench.py times -f sql and -f sqlite (issue 38) on Chinook
scaled to the largest size against flat JSON, the sqlite3 shell's INSERT … SELECT and pgloader
(BENCH_ONLY matching `gx-sql` keeps it; BENCH_RELATIONAL=0 leaves it out).

Writes Benchmarks/results.md (the tables, for docs/PERFORMANCE.md) and Benchmarks/results.json
(every sample).
"""
import hashlib
import history_bench
import json
import notes_bench
import os
import relational_bench
import platform
import re
import shutil
import sqlite3
import statistics
import subprocess
import sync_bench
import sys
import tempfile
import time

import diff_bench

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
CACHE = os.path.join(BENCH, ".cache")
MODEL = os.path.join(ROOT, "Samples", "Scrapbook", "Scrapbook.xcdatamodeld")
TABLES = ["ZSCRAPBOOK", "ZPAGE", "ZITEM", "ZTAG", "Z_1TAGS"]
CHINOOK = os.path.join(os.path.dirname(ROOT), "shared", "data", "chinook", "Chinook.sqlite")
# Each plain database: its generator's argv before N and OUT, and the table whose root the
# set-up contender selects nothing of.
PLAIN = {
    "chinook": ([os.path.join(BENCH, "make_chinook_store.py"), CHINOOK], "Album"),
    "chinook-noindex": ([os.path.join(BENCH, "make_chinook_store.py"), "--without-fk-indexes", CHINOOK], "Album"),
    "northwind": ([os.path.join(BENCH, "make_northwind_store.py")], "Orders"),
}
# Each format with a writer ceiling: the reference program (reference/<program>.c), its options before
# the replay file, and the pkg-config libraries it links.
CEILINGS = {"json": ("json_ceiling", [], []), "jsonl": ("json_ceiling", ["--lines"], []),
            "xml": ("xml_ceiling", [], ["libxml-2.0"]), "yaml": ("yaml_ceiling", [], ["yaml-0.1"])}
SHAPES = ["tree", "flat"]
START = time.monotonic()


def log(message):
    print("[%6.1fs] %s" % (time.monotonic() - START, message), file=sys.stderr, flush=True)


def env_int(name, default):
    value = os.environ.get(name)
    return int(value) if value else default


def digest(*inputs):
    """A short hash of the generating inputs: each file's bytes, and an option (not a file) as text."""
    h = hashlib.sha256()
    for path in inputs:
        if path.startswith("--"):
            h.update(path.encode())
            continue
        with open(path, "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:10]


# ---- preparation ---------------------------------------------------------------------------------
def build_graphexport():
    given = os.environ.get("GRAPHEXPORT")
    if given:
        log("using GRAPHEXPORT=%s" % given)
        return os.path.abspath(given)
    swift = os.environ.get("SWIFT", "swift")
    # Built as the README's install builds it: the Swift runtime linked in statically, which
    # saves the dynamic loader about 3 ms at every start.
    log("swift build -c release --static-swift-stdlib --product graphexport")
    subprocess.run([swift, "build", "-c", "release", "--static-swift-stdlib", "--product", "graphexport"],
                   cwd=ROOT, check=True, stdout=sys.stderr)
    bin_path = subprocess.run([swift, "build", "-c", "release", "--static-swift-stdlib", "--show-bin-path"], cwd=ROOT,
                              check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_path, "graphexport")


def build_references():
    out = os.path.join(CACHE, "bin")
    os.makedirs(out, exist_ok=True)
    ref = os.path.join(BENCH, "reference")
    programs = {"measure": [], "read_floor": ["sqlite3"]}
    programs.update({program: libs for program, _, libs in CEILINGS.values()})
    paths = {}
    for name, libs in programs.items():
        source = os.path.join(ref, name + ".c")
        target = os.path.join(out, name)
        inputs = [source, os.path.join(ref, "replay.h")]
        inputs = inputs if name.endswith("_ceiling") else inputs[:1]
        if not os.path.exists(target) or any(os.path.getmtime(i) > os.path.getmtime(target) for i in inputs):
            flags = subprocess.run(["pkg-config", "--cflags", "--libs"] + libs, check=True,
                                   capture_output=True, text=True).stdout.split() if libs else []
            command = ["cc", "-O2", "-o", target, source] + flags
            log(" ".join(command))
            subprocess.run(command, check=True)
        paths[name] = target
    return paths


def cached(kind, n, order, inputs, make, store="scrapbook"):
    """Benchmarks/.cache/STORE-N-ORDER-<hash of the generating scripts>.<kind>, made once."""
    tag = digest(*inputs)
    path = os.path.join(CACHE, "%s-%d-%s-%s.%s" % (store, n, order, tag, kind))
    if not os.path.exists(path):
        for old in os.listdir(CACHE):
            if re.fullmatch(r"%s-%d-(%s-)?[0-9a-f]+\.%s" % (store, n, order, kind), old):
                os.remove(os.path.join(CACHE, old))
        began = time.monotonic()
        make(path)
        log("made %s in %.1f s" % (os.path.relpath(path, ROOT), time.monotonic() - began))
    return path


def prepare_store(n, order):
    generator = os.path.join(BENCH, "make_large_store.py")
    sample = os.path.join(ROOT, "Samples", "Scrapbook", "make_store.py")
    store = cached("sqlite", n, order, [generator, sample],
                   lambda path: subprocess.run([sys.executable, generator, "--order", order, str(n), path],
                                               check=True))
    replay_script = os.path.join(BENCH, "make_replay.py")
    replay = cached("gxr", n, order, [generator, sample, replay_script],
                    lambda path: subprocess.run([sys.executable, replay_script, store, path], check=True))
    return store, replay


def prepare_unindexed_store(n, order):
    """The Scrapbook-layout store of n objects in `order` without its indexes, made once."""
    generator = os.path.join(BENCH, "make_large_store.py")
    sample = os.path.join(ROOT, "Samples", "Scrapbook", "make_store.py")
    option = "--without-indexes"
    return cached("sqlite", n, order, [generator, sample, option], lambda path: subprocess.run(
        [sys.executable, generator, "--order", order, option, str(n), path], check=True), store="scrapbook-noindex")


def prepare_plain_store(name, n, graphexport):
    """The plain database `name` with n rows and its replay, made once (Benchmarks/.cache)."""
    generator, _ = PLAIN[name]
    written = generator + [os.path.join(BENCH, "generated_database.py")]
    store = cached("sqlite", n, "rows", written, lambda path: subprocess.run(
        [sys.executable] + generator + [str(n), path], check=True), store=name)
    replay_script = os.path.join(BENCH, "make_plain_replay.py")
    layout = os.path.join(BENCH, "make_replay.py")
    replay = cached("gxr", n, "rows", written + [replay_script, layout], lambda path: subprocess.run(
        [sys.executable, replay_script, graphexport, store, path], check=True), store=name)
    return store, replay


def store_tables(store):
    """The ordinary tables of a plain database, in schema order."""
    with sqlite3.connect("file:%s?mode=ro" % store, uri=True) as db:
        return [r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")]


def instructions(argv):
    """The instructions callgrind counts for one run of argv (its output to /dev/null)."""
    with tempfile.TemporaryDirectory() as folder:
        with open(os.devnull, "wb") as null:
            done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + os.path.join(
                folder, "out")] + argv, stdout=null, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    m = re.search(r"Collected : ([0-9]+)", done.stderr)
    if not m:
        raise RuntimeError("callgrind counted nothing for %s: %s" % (" ".join(argv), done.stderr[-500:]))
    return int(m.group(1))


def built_in_formats(graphexport):
    """({built-in format: the shapes it writes}, [plugin formats]) of `graphexport formats`: a format
    with nesting writes both shapes, any other (jsonl, graphml, …) the flat one alone."""
    listing = subprocess.run([graphexport, "formats"], check=True, capture_output=True, text=True).stdout
    formats, plugins = {}, []
    for line in listing.splitlines():
        if not line.strip():
            continue
        name = line.split()[0]
        if line.split()[1:2] == ["decoder"]:
            continue  # a value decoder (issue 24), not a format
        # "(built in)" or "(built in; nesting, …)"; a plugin's line names where it was found.
        if re.search(r"\(built in[;)]", line):
            formats[name] = SHAPES if re.search(r"\(built in;[^)]*\bnesting\b", line) else ["flat"]
        else:
            plugins.append(name)
    return formats, plugins


# ---- running -------------------------------------------------------------------------------------
class Contender:
    def __init__(self, name, argv, kind, fmt=None, shape=None, single=False, statuses=(0,)):
        self.name, self.argv, self.kind, self.fmt, self.shape = name, argv, kind, fmt, shape
        self.single = single  # one run only: the warm-up run is the sample
        self.statuses = statuses  # the exit statuses of a run that worked (`diff`: 1, differences found)
        self.walls, self.cpus, self.rss, self.bytes, self.warmup = [], [], [], None, None


MEASURE = None  # reference/measure.c, built by build_references()
MEASURED = re.compile(r"measure: wall_seconds=([0-9.]+) maxrss_kb=([0-9]+) status=(-?[0-9]+) cpu_seconds=([0-9.]+)")


def run_once(argv, count_bytes, count=1, statuses=(0,)):
    """[(wall seconds, peak RSS bytes, CPU seconds)] per run, stdout bytes or None, stderr text.
    The child is started by reference/measure.c, which times it and reads its peak RSS and CPU
    time (user + system) from wait4(2)."""
    command = [MEASURE, "-n", str(count)] + argv
    with tempfile.TemporaryFile() as err:
        if count_bytes:
            child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err, cwd=ROOT)
            total = 0
            while True:
                chunk = child.stdout.read(1 << 20)
                if not chunk:
                    break
                total += len(chunk)
            child.stdout.close()
        else:
            with open(os.devnull, "wb") as null:
                child = subprocess.Popen(command, stdout=null, stderr=err, cwd=ROOT)
            total = None
        child.wait()
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    runs = [(float(m.group(1)), int(m.group(2)) * 1024, float(m.group(4))) for m in MEASURED.finditer(text)]
    if child.returncode not in statuses or len(runs) != count:
        raise RuntimeError("%s exited %d: %s" % (" ".join(argv), child.returncode, text[-2000:]))
    return runs, total, text


def ceiling_seconds(text):
    """(wall seconds, bytes, CPU seconds) of a ceiling's writing, as it reports them."""
    m = re.search(r"write_seconds=([0-9.]+) bytes=([0-9]+) write_cpu_seconds=([0-9.]+)", text)
    if not m:
        raise RuntimeError("no write_seconds in ceiling output: %r" % text[-500:])
    return float(m.group(1)), int(m.group(2)), float(m.group(3))


def format_contenders(formats, smallest, command, store):
    """gx-<format>-<shape> for every format with a ceiling, and for the others at the smallest
    size (or with BENCH_EVERY_FORMAT=1): `command` (graphexport and its options) on the store.
    No layout option: into a pipe or a file each format writes its own default (compact JSON, XML
    and plist; block-style YAML), the documents the ceilings replay."""
    every = os.environ.get("BENCH_EVERY_FORMAT") == "1" or smallest
    return [Contender("gx-%s-%s" % (fmt, shape), command + ["--format", fmt, "--shape", shape, store], "gx", fmt,
                      shape) for fmt, shapes in formats.items() if fmt in CEILINGS or every for shape in shapes]


def reference_contenders(refs, store, tables, replay):
    """`sqlite3 -json` and the read floor over `tables` of the store, and each format's ceiling
    replaying `replay` (the store's flat document)."""
    contenders = [Contender("sqlite3-json", ["sqlite3", "-readonly", "-json", store, "; ".join(
                      'SELECT * FROM "%s"' % t for t in tables)], "ref"),
                  Contender("read-floor", [refs["read_floor"], store] + tables, "ref")]
    for fmt, (program, options, _) in CEILINGS.items():
        contenders.append(Contender("ceiling-%s" % fmt, [refs[program]] + options + [replay], "ceiling", fmt))
    return contenders


def load_average():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def measure(n, contenders, repeat, deadline, loads):
    log("%d objects: warm-up run of each contender (counts bytes)" % n)
    notes = []
    for c in list(contenders):
        try:
            [(wall, rss, cpu)], total, text = run_once(c.argv, count_bytes=True, statuses=c.statuses)
        except RuntimeError as error:
            if c.kind != "gx":
                raise
            contenders.remove(c)  # one failing export must not cost the whole run
            notes.append("%s failed and was left out: %s" % (c.name, str(error).strip().splitlines()[-1][:300]))
            log("  %-16s FAILED: %s" % (c.name, error))
            continue
        if c.kind == "ceiling":
            seconds, written, _ = ceiling_seconds(text)
            c.warmup, c.bytes = seconds, written
        else:
            c.warmup, c.bytes = wall, total
        c.warmup_wall = wall
        if c.single:
            c.walls, c.cpus, c.rss = [wall], [cpu], [rss]
            notes.append("%s: one run, into the byte-counting pipe (time budget)" % c.name)
        log("  %-16s %8.2f s  %8.1f MB" % (c.name, wall, (c.bytes or 0) / 1e6))
    budget_notes = []
    for r in range(repeat):
        loads.append(load_average())
        for c in contenders:
            if c.single:
                continue
            left = deadline - time.monotonic()
            if c.walls and c.warmup_wall * 1.2 > left:
                budget_notes.append("%s: %d of %d timed runs (time budget)" % (c.name, len(c.walls), repeat))
                continue
            [(wall, rss, cpu)], _, text = run_once(c.argv, count_bytes=False, statuses=c.statuses)
            if c.kind == "ceiling":
                wall, _, cpu = ceiling_seconds(text)
            c.walls.append(wall)
            c.cpus.append(cpu)
            c.rss.append(rss)
        log("%d objects: round %d of %d done (load average %.2f)" % (n, r + 1, repeat, load_average()))
    loads.append(load_average())
    return notes + sorted(set(budget_notes))


def startup(graphexport):
    """Median wall time of 20 runs each of `--version` and `formats` (after 3 unmeasured ones),
    and of /bin/true for the cost of starting any process."""
    out = {}
    hyperfine = shutil.which("hyperfine")
    for label, argv in [("--version", [graphexport, "--version"]), ("formats", [graphexport, "formats"]),
                        ("/bin/true (spawn cost)", ["/bin/true"])]:
        if hyperfine:
            with tempfile.NamedTemporaryFile(suffix=".json") as f:
                subprocess.run([hyperfine, "-N", "--runs", "20", "--warmup", "3", "--export-json", f.name,
                                "--style", "none", " ".join(argv)], check=True, stdout=subprocess.DEVNULL)
                out[label] = statistics.median(json.load(open(f.name))["results"][0]["times"])
        else:
            runs, _, _ = run_once(argv, count_bytes=False, count=23)
            out[label] = statistics.median(run[0] for run in runs[3:])
    return out, "hyperfine -N" if hyperfine else "reference/measure.c, fork/exec/wait4"


# ---- report --------------------------------------------------------------------------------------
def cpu_pressure():
    """Linux pressure stall information: the share of time some task waited for a CPU (avg300)."""
    try:
        with open("/proc/pressure/cpu") as f:
            return f.readline().split()[3].split("=")[1] + " %"
    except (OSError, IndexError):
        return "?"


def machine():
    def first(argv):
        try:
            return subprocess.run(argv, capture_output=True, text=True).stdout.strip().splitlines()[0]
        except (OSError, IndexError):
            return "?"
    cpu = "?"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem = int(f.readline().split()[1]) / 1024 / 1024
    osname = "?"
    if os.path.exists("/etc/os-release"):
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    osname = line.split("=", 1)[1].strip().strip('"')
    return {"cpu": "%s, %d cores" % (cpu, os.cpu_count()), "memory": "%.1f GiB" % mem,
            "os": "%s, Linux %s" % (osname, platform.release()),
            "swift": first([os.environ.get("SWIFT", "swift"), "--version"]),
            "cc": first(["cc", "--version"]), "sqlite3 CLI": first(["sqlite3", "--version"]).split()[0],
            "python": "%s (sqlite %s)" % (platform.python_version(), sqlite3.sqlite_version)}


def fmt_ratio(x):
    return "–" if x is None else "%.2f×" % x


def medians(contenders, attribute):
    return {c.name: statistics.median(getattr(c, attribute)) for c in contenders if getattr(c, attribute)}


# ---- targets -------------------------------------------------------------------------------------
TARGET_HEAD = ["target", "limit", "judged by", "value", "result", "the other clock"]
DIFF_ONLY_HERE = "the diff runs on the Scrapbook layout of the first key order"


def verdict(value, limit, missing="not measured"):
    return "– (%s)" % missing if value is None else ("PASS" if value <= limit else "FAIL")


def ratio_of(table, a, *b):
    """table[a] / the sum of table[b…], or None when one of them was not measured."""
    if a not in table or any(x not in table for x in b):
        return None
    return table[a] / sum(table[x] for x in b)


def issue_40_rows(results):
    """The rows (TARGET_HEAD) and notes of issue 40's targets for one store, `results` its measurements
    by size: every target at the largest size, whatever the kind of store. Ratios are of medians; a
    ratio target is judged by CPU time (user + system), which a busy machine disturbs less than wall
    time, the other clock shown beside; the wall-time target by wall time."""
    sizes = sorted(results)
    n, first = sizes[-1], sizes[0]
    contenders = results[n]["contenders"]
    clocks = {"CPU": medians(contenders, "cpus"), "wall": medians(contenders, "walls")}
    rows, notes = [], []
    diffed = any(name.startswith("diff-") for name in results[n]["by"])

    def ratio_row(label, a, refs, limit, clock="CPU", missing="not measured"):
        other = "wall" if clock == "CPU" else "CPU"
        value = ratio_of(clocks[clock], a, *refs)
        beside = "%s %s" % (other, fmt_ratio(ratio_of(clocks[other], a, *refs)))
        # A median of fewer than three runs (the budget left out the rest) is said beside its verdict.
        runs = [len(results[n]["by"][x].walls) for x in [a] + refs if x in results[n]["by"]]
        if value is not None and min(runs) < 3:
            beside += "; %d timed run%s" % (min(runs), "" if min(runs) == 1 else "s")
        rows.append([label, "≤ %.2f×" % limit, clock + " time", fmt_ratio(value), verdict(value, limit, missing),
                     beside])

    ratio_row("flat JSON / (read floor + JSON ceiling)", "gx-json-flat", ["read-floor", "ceiling-json"], 1.25)
    ratio_row("JSON Lines / (read floor + JSON Lines ceiling)", "gx-jsonl-flat", ["read-floor", "ceiling-jsonl"],
              1.25)
    ratio_row("tree JSON / flat JSON", "gx-json-tree", ["gx-json-flat"], 1.5)
    for fmt in ("xml", "yaml"):
        ratio_row("flat %s / (read floor + %s ceiling)" % (fmt.upper(), fmt.upper()), "gx-%s-flat" % fmt,
                  ["read-floor", "ceiling-" + fmt], 1.25)
    ratio_row("plain `diff` / `sqldiff`", "diff-gx-plain", ["diff-sqldiff"], 2.0,
              missing="not measured" if diffed else DIFF_ONLY_HERE)
    ratio_row("Core Data `diff` (1 % changed) / one flat export", "diff-gx-coredata", ["diff-gx-json-flat"], 1.25,
              missing="not measured" if diffed else DIFF_ONLY_HERE)
    ratio_row("flat JSON / `sqlite3 -json`", "gx-json-flat", ["sqlite3-json"], 1.0, clock="wall")

    # Memory: every graphexport process (exports and diffs) at every size.
    exports = sorted({c.name for s in sizes for c in results[s]["contenders"] if c.kind == "gx" and c.rss})
    peaks = [(max(results[s]["by"][e].rss) / 1e6, e, s) for e in exports for s in sizes
             if e in results[s]["by"] and results[s]["by"][e].rss]
    if peaks:
        peak, name, size = max(peaks)
        rows.append(["peak RSS, every export at every size", "≤ 32 MB", "peak RSS", "%.1f MB" % peak,
                     verdict(peak, 32), "largest: %s at %s" % (name, "{:,}".format(size))])
    else:
        rows.append(["peak RSS, every export at every size", "≤ 32 MB", "peak RSS", "–", verdict(None, 32), ""])
    # The same memory and n log n time at both sizes, when they are 100 000 and 1 000 000 (or any two a
    # tenth apart): n log n from one to the other is 12× at most, n² would be 100× (issue 36).
    steps = (n, first) if len(sizes) > 1 else (1000000, 100000)
    label = "peak RSS, %s vs %s" % tuple("{:,}".format(s) for s in steps)
    growth_label = "CPU time, %s vs %s" % tuple("{:,}".format(s) for s in steps)
    both = [e for e in exports if e in results[first]["by"] and results[first]["by"][e].rss and e in results[n]["by"]
            and results[n]["by"][e].rss]
    if n == 10 * first and both:
        before = medians(results[first]["contenders"], "cpus")
        before_wall = medians(results[first]["contenders"], "walls")
        changes = sorted((max(results[n]["by"][e].rss) / max(results[first]["by"][e].rss) - 1, e) for e in both)
        change, name = max(changes, key=lambda x: abs(x[0]))
        rows.append([label, "within ±10 %", "peak RSS", "%+.1f %%" % (100 * change),
                     "PASS" if abs(change) <= 0.10 else "FAIL", "largest change: %s" % name])
        growths = sorted((clocks["CPU"][e] / before[e], e) for e in both if before.get(e))
        growth, name = growths[-1]
        rows.append([growth_label, "≤ 11×", "CPU time", fmt_ratio(growth), verdict(growth, 11),
                     "largest: %s (wall %s)" % (name, fmt_ratio(clocks["wall"][name] / before_wall[name]))])
        notes.append("%s: %s" % (label, ", ".join("%s %+.1f %%" % (e, 100 * c) for c, e in changes)))
        notes.append("%s (linear: 10×): %s" % (growth_label, ", ".join("%s %.2f×" % (e, g) for g, e in growths)))
    else:
        missing = "needs two sizes a tenth apart, such as 100,000 and 1,000,000"
        rows.append([label, "within ±10 %", "peak RSS", "–", verdict(None, 0, missing), ""])
        rows.append([growth_label, "≤ 11×", "CPU time", "–", verdict(None, 0, missing), ""])
    return rows, notes


def other_target_rows(results):
    """The rows (TARGET_HEAD) of the targets outside issue 40 that are still an open issue's contract,
    and of what is only reported, for one store at its largest size: a plain database's set-up ≤ 2 %
    of its flat export (issue 36) and the Python nested export's ratios (report)."""
    n = sorted(results)[-1]
    contenders = results[n]["contenders"]
    cpu, wall = medians(contenders, "cpus"), medians(contenders, "walls")
    rows = []
    if results[n].get("plain"):
        def percent(x):
            return "–" if x is None else "%.1f %%" % (100 * x)
        value = ratio_of(cpu, "gx-setup", "gx-json-flat")
        rows.append(["set-up / flat JSON (issue 36)", "≤ 2 %", "CPU time", percent(value), verdict(value, 0.02),
                     "wall %s" % percent(ratio_of(wall, "gx-setup", "gx-json-flat"))])
    for c in contenders:
        if c.kind == "gx" and c.name in cpu and "python-nested" in cpu:
            rows.append(["%s / Python nested export" % c.name, "(report)", "CPU time",
                         fmt_ratio(ratio_of(cpu, c.name, "python-nested")), "",
                         "wall %s" % fmt_ratio(ratio_of(wall, c.name, "python-nested"))])
    return rows


def tables(by_order, startup_times, startup_method, info, loads):
    """(text for the terminal, Markdown) of every table."""
    md, text = [], []
    md.append("## Machine\n")
    for k, v in info.items():
        md.append("- %s: %s" % (k, v))
    md.append("- load average (1 min) at the start of each round: %s" % ", ".join("%.2f" % x for x in loads))
    started = "start-up: median of 20 runs (%s): %s" % (startup_method, ", ".join(
        "%s %.2f ms" % (k, v * 1000) for k, v in startup_times.items()))
    md.append("- " + started)
    md.append("")
    text.extend([started, ""])

    def add_table(title, head, rows, notes=()):
        md.extend([title, "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)])
        md.extend("| " + " | ".join(r) + " |" for r in rows)
        md.append("")
        widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(head)]
        text.append(title.lstrip("# "))
        text.append("  ".join(h.ljust(w) for h, w in zip(head, widths)).rstrip())
        text.extend("  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in rows)
        for note in notes:
            md.append("- note: " + note)
            text.append("note: " + note)
        if notes:
            md.append("")
        text.append("")

    for order, results in by_order.items():
        sizes = sorted(results)
        for n in sizes:
            res = results[n]
            wall, cpu = medians(res["contenders"], "walls"), medians(res["contenders"], "cpus")
            head = ["contender", "runs", "wall s (median)", "min–max", "CPU s", "objects/s", "MB/s",
                    "peak RSS MB", "× sqlite3 -json", "× (floor + ceiling)", "× Python"]
            rows = []
            for c in res["contenders"]:
                if not c.walls:
                    continue
                m = wall[c.name]

                def ratio(*others):
                    return ratio_of(wall, c.name, *others)
                rows.append([
                    c.name, str(len(c.walls)), "%.3f" % m, "%.3f–%.3f" % (min(c.walls), max(c.walls)),
                    "%.3f" % cpu[c.name], "{:,.0f}".format(n / m), "%.1f" % (c.bytes / 1e6 / m),
                    "%.1f" % (max(c.rss) / 1e6) + (" ¹" if c.kind == "ceiling" else ""),
                    fmt_ratio(ratio("sqlite3-json") if c.name != "sqlite3-json" else None),
                    fmt_ratio(ratio("read-floor", "ceiling-%s" % c.fmt) if c.kind == "gx" else None),
                    fmt_ratio(ratio("python-nested") if c.kind == "gx" else None)])
            notes = list(res["notes"]) + ["output sizes (MB): " + ", ".join(
                "%s %.1f" % (c.name, c.bytes / 1e6) for c in res["contenders"] if c.bytes)]
            if res.get("instructions"):
                notes.append("instructions (callgrind, one run): " + ", ".join(
                    "%s %.3f G" % (k, v / 1e9) for k, v in res["instructions"].items()))
            add_table("## %s %s, %s (up to %d timed runs each; medians)"
                      % ("{:,}".format(n), "rows" if res.get("plain") else "objects",
                         order if res.get("plain") or res.get("unindexed") else order + " order", res["repeat"]), head, rows, notes)
        md.append("¹ A ceiling holds the whole replayed document in memory and its times are those of the "
                  "writing alone (reference/replay.h): its RSS is not comparable. The read floor writes "
                  "nothing (MB/s 0).")
        md.append("")

        n = sizes[-1]
        plain = results[n].get("plain", False)
        store = order if plain else "Scrapbook layout, " + (order if results[n].get("unindexed") else order + " order")
        rows, notes = issue_40_rows(results)
        add_table("## Issue 40 targets: %s, %s %s (ratios of medians)" % (store, "{:,}".format(n),
                                                                           "rows" if plain else "objects"),
                  TARGET_HEAD, rows, notes)
        others = other_target_rows(results)
        if others:
            add_table("## Other targets and reports: %s, %s %s" % (store, "{:,}".format(n),
                                                                   "rows" if plain else "objects"), TARGET_HEAD, others)
    if len(by_order) > 1:
        # The same ratios side by side, one row per key order and size: what the order costs.
        rows = []
        for order, results in by_order.items():
            for n in sorted(results):
                wall = medians(results[n]["contenders"], "walls")

                def of(a, b):
                    return ratio_of(wall, a, b)
                rows.append(["{:,}".format(n), order, fmt_ratio(of("gx-json-tree", "gx-json-flat")),
                             fmt_ratio(of("gx-json-tree", "sqlite3-json")), fmt_ratio(of("gx-json-flat", "sqlite3-json")),
                             fmt_ratio(of("gx-xml-tree", "gx-xml-flat")), fmt_ratio(of("gx-yaml-tree", "gx-yaml-flat"))])
        add_table("## Key order (ratios of wall-time medians)",
                  ["objects", "order", "JSON tree / flat", "JSON tree / sqlite3 -json", "JSON flat / sqlite3 -json",
                   "XML tree / flat", "YAML tree / flat"], rows)
    return "\n".join(text), "\n".join(md)


def since_benchmark(graphexport, stores, sizes, orders):
    """The `--since` benchmark (history_bench.py) on the largest store in creation order (or the
    first order asked for): its markdown lines and samples; BENCH_ONLY or BENCH_SINCE=0 may leave it out."""
    if (not orders or not re.search(os.environ.get("BENCH_ONLY", ".*"), "gx-since")
            or os.environ.get("BENCH_SINCE", "1") == "0"):
        return [], {}
    order = "creation" if "creation" in orders else orders[0]
    store, _ = stores[(max(sizes), order)]
    log("--since on %s" % os.path.relpath(store, ROOT))
    lines, samples = history_bench.run(graphexport, MODEL, store, CACHE, run_once, env_int("BENCH_REPEAT", 3), log)
    # graphexport sync (sync_bench.py) on the same history store.
    history = os.path.join(CACHE, os.path.basename(store).replace(".sqlite", "") + "-history.sqlite")
    lines += sync_bench.run(graphexport, MODEL, history, CACHE, run_once, env_int("BENCH_REPEAT", 3), log)
    print("\n".join(lines))
    return lines, samples


def notes_benchmark(graphexport):
    """The Apple Notes decoder benchmark (notes_bench.py): its markdown lines and samples;
    BENCH_ONLY or BENCH_NOTES=0 may leave it out."""
    if not re.search(os.environ.get("BENCH_ONLY", ".*"), "gx-notes") or os.environ.get("BENCH_NOTES", "1") == "0":
        return [], {}
    lines, samples = notes_bench.run(graphexport, CACHE, run_once, env_int("BENCH_REPEAT", 5), log)
    print("\n".join(lines))
    return lines, samples


def relational_benchmark(graphexport, sizes):
    """The relational formats' benchmark (relational_bench.py) on Chinook scaled to the largest size:
    its markdown lines and samples; BENCH_ONLY or BENCH_RELATIONAL=0 may leave it out."""
    if (not re.search(os.environ.get("BENCH_ONLY", ".*"), "gx-sql") or os.environ.get("BENCH_RELATIONAL", "1") == "0"
            or not os.path.exists(CHINOOK)):
        return [], {}
    store, _ = prepare_plain_store("chinook", max(sizes), graphexport)
    log("relational formats on %s" % os.path.relpath(store, ROOT))
    lines, samples = relational_bench.run(graphexport, store, run_once, env_int("BENCH_REPEAT", 3), log)
    print("\n".join(lines))
    return lines, samples


def main():
    sizes = [int(s) for s in os.environ.get("BENCH_SIZES", "100000,1000000").split(",") if s.strip()]
    orders = [o.strip() for o in os.environ.get("BENCH_ORDERS", "creation,grouped").split(",") if o.strip()]
    orders = [] if orders == ["none"] else orders
    unknown = [o for o in orders if o not in ("creation", "grouped", "random")]
    if unknown:
        raise SystemExit("run.py: BENCH_ORDERS: unknown key order %s (creation, grouped, random, none)" % ", ".join(
            unknown))
    only = re.compile(os.environ.get("BENCH_ONLY", ".*"))
    budget = env_int("BENCH_BUDGET", 600 * len(orders))
    os.makedirs(CACHE, exist_ok=True)
    graphexport = build_graphexport()
    refs = build_references()
    global MEASURE
    MEASURE = refs["measure"]
    formats, plugins = built_in_formats(graphexport)
    log("graphexport formats: built in %s%s" % (", ".join(formats), "; plugins left out: " + ", ".join(plugins)
                                                 if plugins else ""))
    skipped = [f for f in ("json", "xml", "yaml") if f not in formats]
    stores = {(n, order): prepare_store(n, order) for order in orders for n in sorted(sizes)}
    info = machine()
    described = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True,
                               text=True).stdout.strip()
    # Named relative to the repository, so that results.md can go into the docs as it is.
    info["graphexport"] = "%s (%s)" % (os.path.relpath(graphexport, ROOT), "given by GRAPHEXPORT" if os.environ.get("GRAPHEXPORT")
                                       else "built from this tree, git %s" % (described or "?"))
    loads = [load_average()]
    deadline = time.monotonic() + budget
    results = {order: {} for order in orders}
    for order, n in [(order, n) for order in orders for n in sorted(sizes)]:
        store, replay = stores[(n, order)]
        contenders = format_contenders(formats, n == min(sizes), [graphexport, "--model", MODEL], store)
        if n == max(sizes) and order == orders[0] and os.environ.get("BENCH_DIFF", "1") != "0":
            generators = [os.path.join(BENCH, "make_large_store.py"), os.path.join(ROOT, "Samples", "Scrapbook",
                                                                                  "make_store.py")]
            contenders += diff_bench.contenders(
                graphexport, MODEL, store,
                lambda kind, inputs, make: cached(kind, n, order, generators + inputs, make), Contender)
        # The Python export takes over a minute per run at 1 000 000 objects, the largest share of
        # the time budget: one run there (the pipe costs it nothing measurable), the usual below.
        references = reference_contenders(refs, store, TABLES, replay) + [Contender(
            "python-nested", [sys.executable, os.path.join(BENCH, "python_nested_export.py"), store], "ref",
            single=n > 200000)]
        contenders = [c for c in contenders if only.search(c.name)] + references
        repeat = env_int("BENCH_REPEAT", 5 if n <= 200000 else 3)
        log("%s order:" % order)
        notes = measure(n, contenders, repeat, deadline, loads)
        if skipped:
            notes.append("graphexport has no %s format in this build: left out" % ", ".join(skipped))
        untargeted = [f for f in formats if f not in CEILINGS]
        if untargeted and not (os.environ.get("BENCH_EVERY_FORMAT") == "1" or n == min(sizes)):
            notes.append("%s measured at %s objects only (no target; BENCH_EVERY_FORMAT=1 adds them here)"
                         % (", ".join(untargeted), "{:,}".format(min(sizes))))
        results[order][n] = {"contenders": contenders, "repeat": repeat, "notes": notes,
                      "by": {c.name: c for c in contenders}, "store": store}
    for order in [o.strip() for o in os.environ.get("BENCH_UNINDEXED", "creation").split(",") if o.strip()]:
        if order not in ("creation", "grouped", "random"):
            raise SystemExit("run.py: BENCH_UNINDEXED: unknown key order %s (creation, grouped, random)" % order)
        label = "%s order, without indexes" % order
        results[label] = {}
        unindexed_deadline = time.monotonic() + env_int("BENCH_UNINDEXED_BUDGET", 300)
        for n in sorted(sizes):
            store = prepare_unindexed_store(n, order)
            # The same objects, keys and values as the indexed store of this order: the same document,
            # so its replay serves the ceilings.
            _, replay = stores[(n, order)] if (n, order) in stores else prepare_store(n, order)
            contenders = [c for c in format_contenders(formats, n == min(sizes), [graphexport, "--model", MODEL], store)
                          if only.search(c.name)] + reference_contenders(refs, store, TABLES, replay)
            repeat = env_int("BENCH_REPEAT", 5 if n <= 200000 else 3)
            log("%s:" % label)
            notes = measure(n, contenders, repeat, unindexed_deadline, loads)
            results[label][n] = {"contenders": contenders, "repeat": repeat, "notes": notes, "unindexed": True,
                                 "by": {c.name: c for c in contenders}, "store": store}
    plain_names = [p.strip() for p in os.environ.get("BENCH_PLAIN", ",".join(PLAIN)).split(",") if p.strip()]
    unknown = [p for p in plain_names if p not in PLAIN]
    if unknown:
        raise SystemExit("run.py: BENCH_PLAIN: unknown database %s (%s)" % (", ".join(unknown), ", ".join(PLAIN)))
    chinooks = [p for p in plain_names if p.startswith("chinook")]
    if chinooks and not os.path.exists(CHINOOK):
        log("no %s: the chinook databases are left out" % os.path.relpath(CHINOOK, ROOT))
        plain_names = [p for p in plain_names if p not in chinooks]
    plain_sizes = [int(s) for s in os.environ.get("BENCH_PLAIN_SIZES", ",".join(map(str, sizes))).split(",")
                   if s.strip()]
    for name in plain_names:
        label = "%s (plain SQLite)" % name
        results[label] = {}
        plain_deadline = time.monotonic() + env_int("BENCH_PLAIN_BUDGET", 300)
        for n in sorted(plain_sizes):
            store, replay = prepare_plain_store(name, n, graphexport)
            tables_of_store = store_tables(store)
            contenders = [c for c in format_contenders(formats, n == min(plain_sizes), [graphexport], store)
                          if only.search(c.name)]
            contenders.append(Contender("gx-setup", [graphexport, "--quiet", "--root", PLAIN[name][1], "--where", "0",
                                                     store], "setup"))
            contenders += reference_contenders(refs, store, tables_of_store, replay)
            repeat = env_int("BENCH_REPEAT", 5 if n <= 200000 else 3)
            log("%s:" % label)
            notes = measure(n, contenders, repeat, plain_deadline, loads)
            counted = {}
            if os.environ.get("BENCH_CALLGRIND") == "1" and n == min(plain_sizes):
                for c in contenders:
                    if c.name in ("gx-json-flat", "gx-json-tree", "gx-setup", "sqlite3-json"):
                        log("  callgrind %s" % c.name)
                        counted[c.name] = instructions(c.argv)
            results[label][n] = {"contenders": contenders, "repeat": repeat, "notes": notes, "plain": True,
                                 "by": {c.name: c for c in contenders}, "store": store, "instructions": counted}
    since_table, since_results = since_benchmark(graphexport, stores, sizes, orders)
    notes_table, notes_results = notes_benchmark(graphexport)
    relational_table, relational_results = relational_benchmark(graphexport, sizes)
    info["CPU pressure (PSI some, avg300) at the end"] = cpu_pressure()
    log("start-up times")
    startup_times, startup_method = startup(graphexport)
    text, md = tables(results, startup_times, startup_method, info, loads)
    print(text)
    header = ("# graphexport benchmark results\n\nWritten by `make bench` (Benchmarks/run.py) on %s, "
              "graphexport %s.\n\n" % (time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                                        subprocess.run([graphexport, "--version"], capture_output=True,
                                                       text=True).stdout.strip()))
    with open(os.path.join(BENCH, "results.md"), "w") as f:
        f.write(header + md + "\n" + "\n".join(since_table + notes_table + [""] + relational_table))
    with open(os.path.join(BENCH, "results.json"), "w") as f:
        json.dump({"machine": info, "load_average": loads, "startup_seconds": startup_times,
                   "orders": {order: {"sizes": {str(n): {"notes": r["notes"], "contenders": {
                       c.name: {"argv": c.argv, "wall_seconds": c.walls, "cpu_seconds": c.cpus,
                                "peak_rss_bytes": c.rss,
                                "output_bytes": c.bytes, "warmup_seconds": c.warmup}
                       for c in r["contenders"]}, "instructions": r.get("instructions", {})}
                       for n, r in by_size.items()}}
                       for order, by_size in results.items()}, "since": since_results, "notes": notes_results,
                   "relational": relational_results}, f, indent=1)
    log("wrote Benchmarks/results.md and Benchmarks/results.json; total %.0f s" % (time.monotonic() - START))


if __name__ == "__main__":
    main()
