#!/usr/bin/env python3
"""Runs the fuzzers built in Fuzz/.build (issue 11), one after another, and fails if any finds a
crash, a hang or an out-of-memory input. `make fuzz` builds them and calls this.

    python3 Fuzz/run.py <folder with the fuzzer binaries>

Environment:
- FUZZ_SECONDS: how long each fuzzer runs (default 60);
- FUZZ_TARGETS: which ones, separated by spaces (default: all five);
- FUZZ_SAMPLES: the shared Core Data samples to seed from (default ../shared/coredata-samples).

Everything lands in Fuzz/.corpus (ignored by git): `<target>/` is the corpus each fuzzer grows and
keeps from run to run, `seeds/` is rewritten every run, `findings/<target>/` gets the
reproducers, `logs/<target>.log` libFuzzer's output.
"""

import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
from make_seeds import make_seeds  # noqa: E402

FUZZ = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(FUZZ)
CORPUS = os.path.join(FUZZ, ".corpus")
TARGETS = {
    "model-xml": ("FuzzModelXML", ["-dict=" + os.path.join(FUZZ, "model-xml.dict")]),
    "property-list": ("FuzzPropertyList", []),
    "keyed-archive": ("FuzzKeyedArchive", []),
    "store": ("FuzzStore", []),
    "notes": ("FuzzNotes", []),
}
LIMITS = ["-rss_limit_mb=2048", "-timeout=10"]


def final_stats(log):
    """Executions, executions per second, coverage and features from libFuzzer's last status
    line and its final statistics."""
    stats = {}
    for line in log.splitlines():
        status = re.match(r"#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+)", line)
        if status:
            stats["cov"], stats["ft"] = int(status.group(2)), int(status.group(3))
        final = re.match(r"stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb):\s+(\d+)", line)
        if final:
            stats[final.group(1)] = int(final.group(2))
    return stats


def run(name, binary_folder, seconds, models):
    executable, extra = TARGETS[name]
    corpus = os.path.join(CORPUS, name)
    findings = os.path.join(CORPUS, "findings", name)
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(findings, exist_ok=True)
    before = set(os.listdir(findings))
    command = [
        os.path.join(binary_folder, executable), f"-max_total_time={seconds}", *LIMITS, "-print_final_stats=1",
        f"-artifact_prefix={findings}/", *extra, corpus, os.path.join(CORPUS, "seeds", name),
    ]
    # Swift's own crash reporter would stand between the trap and libFuzzer (and can hang).
    environment = dict(os.environ, SWIFT_BACKTRACE="enable=no", GRAPHEXPORT_FUZZ_MODELS=":".join(models))
    print(f"== {name}: {' '.join(command[1:])}", file=sys.stderr, flush=True)
    log_path = os.path.join(CORPUS, "logs", name + ".log")
    with open(log_path, "w") as log:
        status = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, env=environment).returncode
    with open(log_path) as log:
        stats = final_stats(log.read())
    new = sorted(set(os.listdir(findings)) - before)
    print(
        f"   {stats.get('number_of_executed_units', '?')} executions, {stats.get('average_exec_per_sec', '?')}/s, "
        f"cov {stats.get('cov', '?')}, ft {stats.get('ft', '?')}, peak RSS {stats.get('peak_rss_mb', '?')} MB, "
        f"corpus {len(os.listdir(corpus))} inputs; log {os.path.relpath(log_path, REPO)}",
        file=sys.stderr)
    if status == 0 and not new:
        return True
    print(f"   FAILED (libFuzzer exit status {status}); reproducers:", file=sys.stderr)
    for artifact in new:
        path = os.path.relpath(os.path.join(findings, artifact), REPO)
        print(f"     {path}", file=sys.stderr)
        print(f"       rerun: SWIFT_BACKTRACE=enable=no {os.path.relpath(command[0], REPO)} {path}", file=sys.stderr)
    return False


def main():
    binary_folder = os.path.abspath(sys.argv[1])
    seconds = int(os.environ.get("FUZZ_SECONDS", "60"))
    names = os.environ.get("FUZZ_TARGETS", " ".join(TARGETS)).split()
    unknown = [name for name in names if name not in TARGETS]
    if unknown:
        sys.exit(f"fuzz: unknown target {', '.join(unknown)}; the targets are {', '.join(TARGETS)}")
    seeds = os.path.join(CORPUS, "seeds")
    shutil.rmtree(seeds, ignore_errors=True)
    os.makedirs(os.path.join(CORPUS, "logs"), exist_ok=True)
    make_seeds(seeds, os.environ.get("FUZZ_SAMPLES", os.path.join(REPO, "..", "shared", "coredata-samples")))
    with open(os.path.join(seeds, "store-models.txt")) as file:
        models = file.read().split("\n")[:-1]
    failed = [name for name in names if not run(name, binary_folder, seconds, models)]
    if failed:
        sys.exit(f"fuzz: {', '.join(failed)} found inputs that crash, hang or run out of memory (see above)")


if __name__ == "__main__":
    main()
