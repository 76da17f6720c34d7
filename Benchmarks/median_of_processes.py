#!/usr/bin/env python3
"""Merges the outputs of several `layout bench FILE --runs K` processes into one.

    python3 Benchmarks/median_of_processes.py OUT1.json OUT2.json OUT3.json > merged.json

Each process reports the median of its K runs; on a shared VM a whole process can land on a slow
or a fast core for its lifetime (whole processes 1.7x apart were seen here), so run.sh measures
each file in several processes and keeps, for every timing and rate, the median over the
processes. Everything else (frames, pivots, status) comes from the first output, and must be the
same in all of them (the solve is deterministic): a difference is an error. The per-process
solve times are kept as `solveMsByProcess`.
"""
import json
import statistics
import sys

TIMINGS = ("parseMs", "solveMs", "writeMs", "readMBps", "writeMBps", "jsonReadMBps")


def main(paths):
    outputs = [json.load(open(p)) for p in paths]
    merged = dict(outputs[0])
    for other, path in zip(outputs[1:], paths[1:]):
        for key, value in outputs[0].items():
            if key not in TIMINGS and other.get(key) != value:
                sys.exit(f"median_of_processes: {path} differs from {paths[0]} in '{key}'")
    for key in TIMINGS:
        values = [o[key] for o in outputs if isinstance(o.get(key), (int, float))]
        if values:
            merged[key] = statistics.median(values)
    merged["processes"] = len(outputs)
    merged["solveMsByProcess"] = [o.get("solveMs") for o in outputs]
    json.dump(merged, sys.stdout)
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
