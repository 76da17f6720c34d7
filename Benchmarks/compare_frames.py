#!/usr/bin/env python3
"""Compare two frame sets: {"view": [x, y, w, h]} or an object with a "frames" key
(layout-bench's output). Prints a JSON summary; exit 1 if they differ beyond --tol.

    python3 Benchmarks/compare_frames.py A.json B.json [--tol 1e-6]
"""
from __future__ import annotations

import argparse
import json
import sys


def load(path: str) -> dict:
    with open(path) as fh:
        d = json.load(fh)
    if isinstance(d, dict) and isinstance(d.get("frames"), dict):
        d = d["frames"]
    return d


def compare(a: dict, b: dict, tol: float = 1e-6) -> dict:
    only_a = sorted(set(a) - set(b))
    only_b = sorted(set(b) - set(a))
    worst, worst_id, differing = 0.0, None, 0
    for k in a.keys() & b.keys():
        fa, fb = a[k], b[k]
        d = max(abs(float(x) - float(y)) for x, y in zip(fa, fb)) if len(fa) == len(fb) == 4 else float("inf")
        if d > tol:
            differing += 1
        if d > worst:
            worst, worst_id = d, k
    return {"views": len(a.keys() & b.keys()), "differing": differing, "maxDiff": worst, "worst": worst_id,
            "worstFrames": [a.get(worst_id), b.get(worst_id)] if worst_id else None,
            "missing": only_a[:5] + only_b[:5], "missingCount": len(only_a) + len(only_b),
            "tol": tol, "agree": differing == 0 and not only_a and not only_b}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--tol", type=float, default=1e-6)
    x = ap.parse_args()
    r = compare(load(x.a), load(x.b), x.tol)
    print(json.dumps(r))
    return 0 if r["agree"] else 1


if __name__ == "__main__":
    sys.exit(main())
