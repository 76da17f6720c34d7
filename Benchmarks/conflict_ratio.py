#!/usr/bin/env python3
"""Diagnosis cost (issue #6): each family at N views solved as generated and with one conflict.

    python3 Benchmarks/conflict_ratio.py --bench ".build/release/layout bench" [--sizes 1000] [--runs 5]
        [--work Benchmarks/out] [--out FILE]

For each family and N, writes FAMILY-N-ids.json and FAMILY-N-conflict.json (families.py, the
second with --conflict: one extra required constraint that contradicts exactly one other) into
--work, with the families' dotted view ids (`cell0.img`, which layoutd refuses: a dot names an
owned guide) written with `_` instead,
runs the bench command on both (``CMD FILE --runs K``, which prints a JSON object with ``solveMs``
and ``status``, the median of K solves in one process) and prints a Markdown section with the
ratio conflict ÷ conflict-free; --out also writes it to a file. Goal: under 5 at N = 1000.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import families  # noqa: E402


def bench(command: list[str], path: str, runs: int) -> dict:
    done = subprocess.run(command + [path, "--runs", str(runs)], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} {path}: exit {done.returncode}: {done.stderr.strip()[:200]}")
    return json.loads(done.stdout)


def undotted(wire: dict) -> dict:
    """The request with every `.` in a view id (and in references to it) written as `_`."""
    def fix(name):
        return name.replace(".", "_") if isinstance(name, str) else name
    views = [dict(v, id=fix(v["id"]), **({"parent": fix(v["parent"])} if "parent" in v else {})) for v in wire["views"]]
    constraints = [dict(c, firstItem=fix(c["firstItem"]), **({"secondItem": fix(c["secondItem"])} if "secondItem" in c else {}))
                   for c in wire["constraints"]]
    return dict(wire, views=views, constraints=constraints)


def generate(family: str, n: int, conflict: bool, work: str) -> str:
    path = os.path.join(work, f"{family}-{n}-{'conflict' if conflict else 'ids'}.json")
    wire = undotted(families.generate(family, n).wire())
    with open(path, "w") as fh:
        families.dump(families.with_conflict(wire) if conflict else wire, fh)
    return path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bench", required=True, help='the bench command, e.g. ".build/release/layout bench"')
    ap.add_argument("--sizes", default="1000")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--work", default=os.path.join(HERE, "out"))
    ap.add_argument("--out")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    command = shlex.split(a.bench)
    lines = ["## Diagnosis cost: one conflict (issue #6)", "",
             f"`{a.bench} FILE --runs {a.runs}` on each family as generated and with `families.py --conflict` "
             "(one more required constraint, contradicting exactly one other: a conflict set of two, found and "
             "minimised by the solver's explanation, the rest of the solve going on without it). Solve times are "
             f"medians of {a.runs} in one process, parsing excluded. Goal: ratio under 5 at N = 1000.", "",
             "| family | N | conflict-free solve | with one conflict | ratio | status |",
             "|---|---:|---:|---:|---:|---|"]
    for family in families.FAMILIES:
        for n in (int(s) for s in a.sizes.split(",") if s):
            try:
                plain = bench(command, generate(family, n, False, a.work), a.runs)
                broken = bench(command, generate(family, n, True, a.work), a.runs)
            except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as error:
                lines.append(f"| {family} | {n} | – | – | – | error: {str(error)[:120]} |")
                continue
            ratio = broken["solveMs"] / plain["solveMs"] if plain["solveMs"] else float("nan")
            lines.append(f"| {family} | {n} | {plain['solveMs']:.2f} ms | {broken['solveMs']:.2f} ms | "
                         f"{ratio:.2f} | {plain.get('status')} → {broken.get('status')} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if a.out:
        with open(a.out, "w") as fh:
            fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
