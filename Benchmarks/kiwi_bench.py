#!/usr/bin/env python3
"""Solve a layoutd request with kiwisolver (the C++ Cassowary solver) and time it.

    python3 Benchmarks/kiwi_bench.py FILE [--runs 5] [--limit 60] [--frames OUT.json]

Reads a layoutd request JSON (the wire format written by families.py), builds the problem
in kiwisolver and prints one JSON summary line on stdout:
    {"file", "views", "constraints", "runs": [ms, ...], "medianMs", "limitS", "timedOut", "maxRssMB"}
``--frames OUT`` writes the frames of the first run as {"view": [x, y, w, h]} (x, y relative
to the parent), the format layout-bench prints, for comparison.

Model (performance.md sections 1 and 4):
  * 4 variables per view (x, y, w, h), all in the ROOT's space; root x == 0, y == 0 (required);
  * ``size.width`` / ``size.height`` given: root.w / root.h == value (required); omitted: fitting
    size, ``root.dim == 0 @50`` (``--fitting le`` uses ``<= 0 @50``, ``--fitting none`` nothing);
  * intrinsic size per axis: ``size >= c @compression`` and ``size <= c @hugging`` (750 / 250);
  * a constraint is evaluated in its items' closest common ancestor's space (a location
    attribute without secondItem means the superview's same attribute); with multiplier 1 on
    locations this equals the root-space reading;
  * priority p -> strength 10^(6p/1000) for p < 1000, kiwi ``required`` for p = 1000.
Timed: variable and constraint creation + every addConstraint + updateVariables (JSON
parsing excluded), each run in a fresh process with a fresh solver, killed at ``--limit``
seconds ("> limit"). Runs stop at the first one that passes the limit.

kiwisolver is installed on first use into Benchmarks/.venv (git-ignored).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
VENV = os.path.join(HERE, ".venv")
VENV_PY = os.path.join(VENV, "bin", "python")


def ensure_kiwi():
    """Import kiwisolver, creating Benchmarks/.venv and re-executing inside it if needed."""
    try:
        import kiwisolver  # noqa: F401
        return
    except ImportError:
        pass
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        subprocess.check_call([VENV_PY, "-m", "pip", "install", "-q", "kiwisolver"])
    else:
        if not os.path.exists(VENV_PY):
            print("kiwi_bench: creating Benchmarks/.venv with kiwisolver", file=sys.stderr)
            subprocess.check_call([sys.executable, "-m", "venv", VENV])
        try:
            subprocess.check_call([VENV_PY, "-c", "import kiwisolver"], stderr=subprocess.DEVNULL)
        except subprocess.CalledProcessError:
            subprocess.check_call([VENV_PY, "-m", "pip", "install", "-q", "kiwisolver"])
        os.execv(VENV_PY, [VENV_PY, os.path.abspath(sys.argv[0])] + sys.argv[1:])


H_LOC = {"left", "right", "centerX", "leading", "trailing"}
V_LOC = {"top", "bottom", "centerY"}
LOC = H_LOC | V_LOC


def solve(req: dict, fitting: str = "eq", shuffle: int | None = None):
    """Build and solve; returns (elapsed seconds, frames dict)."""
    import kiwisolver as kiwi

    t0 = time.perf_counter()
    s = kiwi.Solver()
    var, parent = build(req, s.addConstraint, fitting, shuffle)
    s.updateVariables()
    elapsed = time.perf_counter() - t0
    return elapsed, frames(req["views"], var, parent, lambda v: v.value())


def build(req: dict, add, fitting: str = "eq", shuffle: int | None = None):
    """Makes the request's variables and hands each of its constraints to ``add`` (a kiwisolver
    ``Constraint``); returns each view's variables ``{id: (x, y, w, h)}`` and parent ``{id: parent}``."""
    import kiwisolver as kiwi

    required = kiwi.strength.required

    def strength(p):
        p = float(p)
        return required if p >= 1000 else 10.0 ** (6.0 * p / 1000.0)

    views = req["views"]
    var = {}
    parent = {}
    for v in views:
        vid = v["id"]
        var[vid] = (kiwi.Variable(vid + ".x"), kiwi.Variable(vid + ".y"),
                    kiwi.Variable(vid + ".w"), kiwi.Variable(vid + ".h"))
        parent[vid] = v.get("parent")
    root = views[0]["id"]
    assert parent[root] is None, "the first view must be the root"
    rx, ry, rw, rh = var[root]
    add(rx == 0)
    add(ry == 0)
    size = req.get("size") or {}
    for key, v in (("width", rw), ("height", rh)):
        if key in size and size[key] is not None:
            add(v == float(size[key]))
        elif fitting == "eq":
            add((v == 0) | strength(50))
        elif fitting == "le":
            add((v <= 0) | strength(50))

    def expr(vid, attr):
        x, y, w, h = var[vid]
        if attr in ("left", "leading"):
            return 1.0 * x
        if attr in ("right", "trailing"):
            return x + w
        if attr == "centerX":
            return x + 0.5 * w
        if attr == "top":
            return 1.0 * y
        if attr == "bottom":
            return y + h
        if attr == "centerY":
            return y + 0.5 * h
        if attr == "width":
            return 1.0 * w
        if attr == "height":
            return 1.0 * h
        raise ValueError(f"unsupported attribute {attr!r}")

    def ancestors(vid):
        out = []
        while vid is not None:
            out.append(vid)
            vid = parent[vid]
        return out

    def common_ancestor(a, b):
        seen = set(ancestors(a))
        for x in ancestors(b):
            if x in seen:
                return x
        raise ValueError(f"{a} and {b} have no common ancestor")

    for v in views:
        intr = v.get("intrinsicSize")
        if not intr:
            continue
        hug = v.get("hugging") or {}
        comp = v.get("compressionResistance") or {}
        x, y, w, h = var[v["id"]]
        for key, axis, sv in (("width", "horizontal", w), ("height", "vertical", h)):
            c = intr.get(key)
            if c is None or c < 0:
                continue
            add((sv >= float(c)) | strength(comp.get(axis, 750)))
            add((sv <= float(c)) | strength(hug.get(axis, 250)))

    constraints = req["constraints"]
    if shuffle is not None:  # diagnostic: another constraint order must give the same frames
        import random
        constraints = list(constraints)
        random.Random(shuffle).shuffle(constraints)
    for c in constraints:
        a, fa = c["firstItem"], c["firstAttribute"]
        b, sa = c.get("secondItem"), c.get("secondAttribute")
        m = float(c.get("multiplier", 1))
        k = float(c.get("constant", 0))
        lhs = expr(a, fa)
        if b is None and fa in LOC:
            b, sa = parent[a], fa
            if b is None:
                raise ValueError(f"location constraint on the root without secondItem: {c}")
        if b is not None:
            sa = sa or fa
            rhs = m * expr(b, sa) + k
            if fa in LOC and m != 1.0:
                # Evaluate in the closest common ancestor's space: first - o rel m (second - o) + k.
                anc = common_ancestor(a, b)
                o = var[anc][0] if fa in H_LOC else var[anc][1]
                lhs = lhs - o
                rhs = rhs - m * o
        else:
            rhs = k
        rel = c.get("relation", "==")
        if rel == "==":
            con = lhs == rhs
        elif rel == "<=":
            con = lhs <= rhs
        elif rel == ">=":
            con = lhs >= rhs
        else:
            raise ValueError(f"bad relation {rel!r}")
        p = c.get("priority", 1000)
        if p < 1000:
            con = con | strength(p)
        add(con)
    return var, parent


def frames(views: list, var: dict, parent: dict, value) -> dict:
    """``{id: [x, y, w, h]}``, x and y relative to the parent, from each variable's ``value``."""
    out = {}
    for v in views:
        vid = v["id"]
        x, y, w, h = (value(t) for t in var[vid])
        par = parent[vid]
        if par is not None:
            x -= value(var[par][0])
            y -= value(var[par][1])
        out[vid] = [x, y, w, h]
    return out


def worker(path: str, result: str, fitting: str, shuffle: int | None) -> int:
    import resource

    with open(path) as fh:
        req = json.load(fh)
    elapsed, frames = solve(req, fitting, shuffle)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    with open(result, "w") as fh:
        json.dump({"ms": elapsed * 1000.0, "rssMB": rss, "frames": frames}, fh)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per run (default 60)")
    ap.add_argument("--frames", help="write the first run's frames here")
    ap.add_argument("--fitting", choices=["eq", "le", "none"], default="eq",
                    help="omitted size dimensions: root.dim == 0 @50 (eq, default), <= 0 @50, or none")
    ap.add_argument("--shuffle", type=int, help="add the constraints in a random order (this seed); diagnostic")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    ensure_kiwi()
    if a.worker:
        return worker(a.file, a.worker, a.fitting, a.shuffle)

    with open(a.file) as fh:
        req = json.load(fh)
    summary = {"file": a.file, "views": len(req["views"]), "constraints": len(req["constraints"]),
               "runs": [], "medianMs": None, "limitS": a.limit, "timedOut": False, "maxRssMB": None}
    frames = None
    fd, tmp = tempfile.mkstemp(prefix="kiwi-", suffix=".json")
    os.close(fd)
    try:
        for _ in range(a.runs):
            cmd = [sys.executable, os.path.abspath(__file__), a.file, "--worker", tmp, "--fitting", a.fitting]
            if a.shuffle is not None:
                cmd += ["--shuffle", str(a.shuffle)]
            try:
                subprocess.run(cmd, check=True, timeout=a.limit)
            except subprocess.TimeoutExpired:
                summary["timedOut"] = True
                break
            except subprocess.CalledProcessError as e:
                summary["error"] = f"worker exited {e.returncode}"
                break
            with open(tmp) as fh:
                res = json.load(fh)
            summary["runs"].append(round(res["ms"], 3))
            summary["maxRssMB"] = max(summary["maxRssMB"] or 0.0, round(res["rssMB"], 1))
            if frames is None:
                frames = res["frames"]
    finally:
        os.unlink(tmp)
    if summary["runs"]:
        summary["medianMs"] = round(statistics.median(summary["runs"]), 3)
    if a.frames and frames is not None:
        with open(a.frames, "w") as fh:
            json.dump(frames, fh, separators=(",", ":"))
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
