"""Timing in rounds, for the benchmarks run.py runs beside its own (history_bench.py,
notes_bench.py): each contender once to count its output, then A B … A B … so that the
machine's drift falls on all of them alike."""
import statistics


def measure(runs, run_once, repeat, log, label):
    """Times `runs` ((name, argv) pairs) with `run_once` (run.py's: [(wall, rss, cpu)], bytes,
    text): a warm-up run each that counts the output bytes, then `repeat` rounds. Returns
    (samples by name, output bytes by name, medians by name: (wall, peak RSS, CPU))."""
    samples = {name: [] for name, _ in runs}
    sizes = {}
    for name, argv in runs:
        [(wall, rss, cpu)], total, _ = run_once(argv, count_bytes=True)
        sizes[name] = total
        log("  %-20s warm-up %8.3f s %8.1f MB out" % (name, wall, total / 1e6))
    for r in range(repeat):
        for name, argv in runs:
            [(wall, rss, cpu)], _, _ = run_once(argv, count_bytes=False)
            samples[name].append((wall, rss, cpu))
        log("%s: round %d of %d done" % (label, r + 1, repeat))
    median = {name: (statistics.median(w for w, _, _ in s), max(r for _, r, _ in s),
                     statistics.median(c for _, _, c in s)) for name, s in samples.items()}
    return samples, sizes, median
