#!/usr/bin/env python3
"""The Apple Notes decoder benchmark (issue 24), run by Benchmarks/run.py (`make bench`) or by
itself:

    python3 Benchmarks/notes_bench.py GRAPHEXPORT [NOTES]

It grows the shared `apple-notes-macos12` sample (`../shared/coredata-samples` beside the
repository) to NOTES notes (default 20 000) with make_notes_store.py, once (cached in
Benchmarks/.cache), and times, in rounds, a JSON export of it decoded (the notes' `text` and
`markdown`) against the same export with `--no-decode notes`, each with reference/measure.c. The
issue's target: decoding adds at most 10 % to the export's CPU time. It also times the export of
issue 36's hostile note (make_repeated_table_store.py). Without the shared sample it says so and
measures nothing.
"""
import os
import rounds
import subprocess
import sys

BENCH = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(os.path.dirname(os.path.dirname(BENCH)), "shared", "coredata-samples", "apple-notes-macos12")


def contenders(graphexport, store):
    """(name, argv) of the decoded export and the one without the decoder."""
    base = [graphexport, "--format", "json", "--quiet", store]
    return [("gx-notes-decoded", base), ("gx-notes-no-decode", base + ["--no-decode", "notes"])]


def run(graphexport, cache, run_once, repeat, log, notes=20000):
    """Makes (or reuses) the grown store in `cache`, times the contenders in rounds with
    `run_once` (run.py's: [(wall, rss, cpu)], bytes, text), and returns (markdown lines, results)."""
    if not os.path.exists(os.path.join(SAMPLE, "NoteStore.sqlite")):
        log("notes benchmark left out: no shared apple-notes-macos12 sample beside the repository")
        return ["## Apple Notes decoder (issue 24)", "", "Left out: the shared `apple-notes-macos12` sample is "
                "not beside the repository.", ""], {}
    folder = os.path.join(cache, "notes-%d" % notes)
    store = os.path.join(folder, "NoteStore.sqlite")
    generator = os.path.join(BENCH, "make_notes_store.py")
    if not os.path.exists(store) or os.path.getmtime(store) < os.path.getmtime(generator):
        subprocess.run([sys.executable, generator, SAMPLE, folder, str(notes)], check=True)
        log("made the notes store %s (%d notes)" % (os.path.relpath(store), notes))
    runs = contenders(graphexport, store)
    samples, sizes, median = rounds.measure(runs, run_once, repeat, log, "notes")
    plain = median["gx-notes-no-decode"][2]
    lines = ["## Apple Notes decoder (issue 24): %s notes, JSON" % "{:,}".format(notes).replace(",", " "), "",
             "| contender | wall s (median) | CPU s | peak RSS MB | output MB | CPU of the export without decoding |",
             "|---|---|---|---|---|---|"]
    for name, _ in runs:
        wall, rss, cpu = median[name]
        lines.append("| %s | %.3f | %.3f | %.1f | %.1f | %.2f |" % (name, wall, cpu, rss / 1e6, sizes[name] / 1e6,
                                                                   cpu / plain))
    added = median["gx-notes-decoded"][2] / plain - 1
    lines += ["", "Target: decoding adds ≤ 10 %% of CPU: %s (+%.0f %%)." % ("PASS" if added <= 0.10 else "FAIL",
                                                                          100 * added), ""]
    hostile_lines, hostile = repeated_table(graphexport, cache, run_once, repeat, log)
    results = {name: {"samples": samples[name], "output_bytes": sizes[name]} for name, _ in runs}
    results.update(hostile)
    return lines + hostile_lines, results


def repeated_table(graphexport, cache, run_once, repeat, log):
    """Issue 36's hostile note (make_repeated_table_store.py: 2 500 runs naming one 100 x 100
    table), exported as JSON: its markdown lines and samples. Before the table was written once,
    it was 222 MB of Markdown."""
    folder = os.path.join(cache, "notes-repeated-table")
    store = os.path.join(folder, "NoteStore.sqlite")
    generator = os.path.join(BENCH, "make_repeated_table_store.py")
    if not os.path.exists(store) or os.path.getmtime(store) < os.path.getmtime(generator):
        subprocess.run([sys.executable, generator, SAMPLE, folder], check=True, stdout=subprocess.DEVNULL)
        log("made the repeated-table store %s" % os.path.relpath(store))
    runs = [("gx-notes-repeated-table", [graphexport, "--format", "json", "--quiet", store])]
    samples, sizes, median = rounds.measure(runs, run_once, repeat, log, "notes repeated table")
    wall, rss, cpu = median["gx-notes-repeated-table"]
    lines = ["## Apple Notes: a note naming one 100 × 100 table in 2 500 runs (issue 36), JSON", "",
             "| contender | wall s (median) | CPU s | peak RSS MB | output MB |", "|---|---|---|---|---|",
             "| gx-notes-repeated-table | %.3f | %.3f | %.1f | %.2f |" % (
                 wall, cpu, rss / 1e6, sizes["gx-notes-repeated-table"] / 1e6), ""]
    return lines, {"gx-notes-repeated-table": {"samples": samples["gx-notes-repeated-table"],
                                               "output_bytes": sizes["gx-notes-repeated-table"]}}


if __name__ == "__main__":
    import run as bench  # noqa: E402  (run.py beside this file: its measuring)

    if len(sys.argv) not in (2, 3):
        raise SystemExit(__doc__)
    bench.MEASURE = bench.build_references()["measure"]
    table, _ = run(os.path.abspath(sys.argv[1]), bench.CACHE, bench.run_once, 5, bench.log,
                   *(int(argument) for argument in sys.argv[2:]))
    print("\n".join(table))
