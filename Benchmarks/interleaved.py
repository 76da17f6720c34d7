#!/usr/bin/env python3
"""Compares two builds of `layout` on the same files, interleaved, on this machine now.

    python3 Benchmarks/interleaved.py OLD/layout NEW/layout Benchmarks/out/nested_grid-1000.json ... [--rounds 5] [--runs 5]

Wall times on a shared VM move between runs and between processes (a whole process can land on
a slow or a fast core), so two builds measured minutes apart can differ by more than the change
between them. Here each round runs `layout bench FILE --runs R` once per binary per file,
alternating which binary goes first, and the report gives per file the median over the rounds of
the solve and parse times, their ratio new ÷ old, and every round's solve time.
"""
import argparse
import json
import statistics
import subprocess


def bench(binary, path, runs):
    out = subprocess.run([binary, "bench", path, "--runs", str(runs)], capture_output=True, text=True, check=True)
    d = json.loads(out.stdout)
    return d["solveMs"], d["parseMs"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    times = {(f, b): ([], []) for f in a.files for b in (a.old, a.new)}
    for r in range(a.rounds):
        for f in a.files:
            for b in ((a.old, a.new) if r % 2 == 0 else (a.new, a.old)):
                solve, parse = bench(b, f, a.runs)
                times[(f, b)][0].append(solve)
                times[(f, b)][1].append(parse)
    print("| file | solve old | solve new | new ÷ old | parse old | parse new | new ÷ old | solves old / new (ms) |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for f in a.files:
        (so, po), (sn, pn) = times[(f, a.old)], times[(f, a.new)]
        ms, mp = statistics.median, statistics.median
        print(f"| {f.split('/')[-1]} | {ms(so):.2f} | {ms(sn):.2f} | {ms(sn) / ms(so):.2f} | {mp(po):.2f} | {mp(pn):.2f} | "
              f"{mp(pn) / mp(po):.2f} | {sorted(round(x, 2) for x in so)} / {sorted(round(x, 2) for x in sn)} |")


if __name__ == "__main__":
    main()
