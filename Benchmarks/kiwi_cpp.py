#!/usr/bin/env python3
"""kiwi's C++ engine beside layoutd's solve on one request, in alternating rounds.

    python3 Benchmarks/kiwi_cpp.py FILE [--layout .build/release/layout] [--rounds 5] [--runs 2001]

kiwi_bench.py times kiwisolver through Python, whose calls dominate a small request (0.4 ms for
the twenty-view one). This takes the Python out: the request's constraints, built exactly as
kiwi_bench.py builds them (its ``build``), are written to a file and solved by
``kiwi_cpp.cpp`` against the C++ headers of the installed kiwisolver's own source release
(downloaded once with ``pip download --no-binary``, compiled with ``c++ -O3``, both into
Benchmarks/out/). Each round runs the C++ peer (RUNS fresh solvers in one process) and then
``layout bench FILE --runs RUNS``; the report gives each round's medians, the median over the
rounds of each and of kiwi ÷ layoutd, and whether the frames agree to 1e-6. layoutd's solve
starts from the decoded request (compiling the constraints, the diagnosis and the frames
included); kiwi's from the exported numbers (making its variables and constraints included).
Needs a C++ compiler and network access (or a pip cache) for the first download.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tarfile

import kiwi_bench

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "out")
SOURCE = os.path.join(HERE, "kiwi_cpp.cpp")
BINARY = os.path.join(OUT, "kiwi_cpp")


def kiwi_headers() -> str:
    """The folder holding kiwi/kiwi.h of the installed kiwisolver's version, fetched if missing."""
    import kiwisolver

    version = kiwisolver.__version__
    root = os.path.join(OUT, f"kiwisolver-{version}")
    if not os.path.exists(os.path.join(root, "kiwi", "kiwi.h")):
        os.makedirs(OUT, exist_ok=True)
        subprocess.check_call([sys.executable, "-m", "pip", "download", "-q", "--no-binary", ":all:", "--no-deps",
                               "--dest", OUT, f"kiwisolver=={version}"])
        archive, = glob.glob(os.path.join(OUT, f"kiwisolver-{version}.tar.gz"))
        with tarfile.open(archive) as tar:
            tar.extractall(OUT, members=[m for m in tar.getmembers() if m.name.startswith(f"kiwisolver-{version}/kiwi/")])
    return root


def compile_peer() -> None:
    """Builds Benchmarks/out/kiwi_cpp unless it is newer than its source."""
    if os.path.exists(BINARY) and os.path.getmtime(BINARY) > os.path.getmtime(SOURCE):
        return
    subprocess.check_call([os.environ.get("CXX", "c++"), "-O3", "-std=c++17", "-I", kiwi_headers(), "-o", BINARY, SOURCE])


def export(req: dict, path: str):
    """Writes the request's constraints for kiwi_cpp; returns each view's variable indices and parents."""
    recorded = []
    var, parent = kiwi_bench.build(req, recorded.append)
    index = {}
    lines = []
    for c in recorded:
        e = c.expression()
        terms = []
        for t in e.terms():
            v = t.variable()
            index.setdefault(v.name(), len(index))
            terms.append(f"{index[v.name()]} {t.coefficient()!r}")
        lines.append(f"{c.op()} {c.strength()!r} {e.constant()!r} {len(terms)} {' '.join(terms)}")
    # Every view's variables have an index, even one no constraint names (kiwi leaves it at 0).
    for variables in var.values():
        for v in variables:
            index.setdefault(v.name(), len(index))
    with open(path, "w") as fh:
        fh.write(f"{len(index)} {len(lines)}\n" + "\n".join(lines) + "\n")
    return {vid: tuple(index[v.name()] for v in vs) for vid, vs in var.items()}, parent


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("--layout", default=os.path.join(HERE, "..", ".build", "release", "layout"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--runs", type=int, default=2001)
    a = ap.parse_args(argv)
    kiwi_bench.ensure_kiwi()
    compile_peer()
    with open(a.file) as fh:
        req = json.load(fh)
    problem = os.path.join(OUT, "kiwi_cpp-" + os.path.basename(a.file) + ".txt")
    indices, parent = export(req, problem)

    rows = []
    worst = 0.0
    for _ in range(a.rounds):
        peer = json.loads(subprocess.run([BINARY, problem, str(a.runs)], check=True, capture_output=True, text=True).stdout)
        ours = json.loads(subprocess.run([a.layout, "bench", a.file, "--runs", str(a.runs)], check=True,
                                         capture_output=True, text=True).stdout)
        kiwi_frames = kiwi_bench.frames(req["views"], indices, parent, lambda i: peer["values"][i])
        worst = max(worst, largest_difference(kiwi_frames, ours["frames"]))
        rows.append((peer["medianUs"], ours["solveMs"] * 1000.0))

    print(f"{a.file}: kiwi C++ (build + add + update) against `layout bench` (solve), "
          f"{a.rounds} alternating rounds of {a.runs} runs, medians in µs\n")
    print("\n".join(table(rows)))
    agree = worst <= 1e-6
    print(f"\nframes agree to 1e-6: {'yes' if agree else 'no'} (largest difference {worst:.3g})")
    return 0 if agree else 1


def largest_difference(kiwi_frames: dict, ours: dict) -> float:
    """The largest difference between a number of kiwi's frames and the same of layoutd's
    (infinite for a view layoutd does not answer)."""
    worst = 0.0
    for vid, frame in kiwi_frames.items():
        if vid not in ours:
            return float("inf")
        worst = max(worst, max(abs(p - q) for p, q in zip(frame, ours[vid])))
    return worst


def table(rows: list) -> list:
    """The Markdown rows of the report: each round's (kiwi µs, layoutd µs) and their ratio, then
    the median over the rounds of each column (the ratio's, of the rounds' ratios)."""
    lines = ["| round | kiwi C++ | layoutd solve | kiwi ÷ layoutd |", "|---:|---:|---:|---:|"]
    for k, (peer, ours) in enumerate(rows, 1):
        lines.append(f"| {k} | {peer:.2f} | {ours:.2f} | {peer / ours:.2f} |")
    lines.append(f"| median | {statistics.median(r[0] for r in rows):.2f} | {statistics.median(r[1] for r in rows):.2f} "
                 f"| {statistics.median(r[0] / r[1] for r in rows):.2f} |")
    return lines


if __name__ == "__main__":
    sys.exit(main())
