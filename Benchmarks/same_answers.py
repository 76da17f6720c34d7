#!/usr/bin/env python3
"""Whether two builds give the same answers: for a solver change meant to change the work, not the
result.

    python3 Benchmarks/same_answers.py OLD/layout NEW/layout [--layouts 3000] [--seed 0] [FILE ...]

Each FILE (a request) and each of `--layouts` generated layouts goes through `layout solve` of
both builds. A generated layout has 2–8 views, each placed on both axes against its parent or a
sibling and sized by an intrinsic size (with random hugging and compression resistance), a
constant, another view's size or its other edge, plus up to two random constraints per view at
random priorities, required ones included (so some conflict). Where the old answer has frames
and no ambiguity (a free direction lets two builds pick different points of the same optimum),
both answers must agree to 1e-6 in every frame and exactly in everything else (status,
conflicts, warnings); where it has one, only the status and the conflicts must agree; a problem
answer (a 4xx body) must be the same. Files are compared byte for byte. Exits 1 on any
difference, listing them.
"""
import argparse
import json
import random
import subprocess
import sys
import tempfile

AXES = (("left", "right", "width", "centerX"), ("top", "bottom", "height", "centerY"))
PRIORITIES = [1000, 1000, 999, 751, 750, 500, 251, 250, 50]


def layout(seed):
    r = random.Random(seed)
    views, ids, constraints = [{"id": "root"}], [], []
    for i in range(r.randint(2, 8)):
        parent = r.choice(["root"] + ids[-3:])
        view = {"id": f"v{i}", "parent": parent}
        intrinsic = r.random() < 0.7
        if intrinsic:
            view["intrinsicSize"] = {"width": r.choice([20, 40, 64, 100, 150, 300]), "height": r.choice([10, 20, 44, 90])}
            if r.random() < 0.5:
                view["compressionResistance"] = {"horizontal": r.choice([50, 250, 749, 750, 751, 999]),
                                                 "vertical": r.choice([50, 250, 750, 751, 999])}
            if r.random() < 0.5:
                view["hugging"] = {"horizontal": r.choice([50, 250, 251, 749, 750]), "vertical": r.choice([50, 250, 251, 751])}
        views.append(view)
        sibling = r.choice(ids) if ids and r.random() < 0.5 else None
        for lead, trail, size, center in AXES:
            anchor = r.choice([lead, trail, center])
            if sibling and r.random() < 0.5:
                constraints.append({"firstItem": view["id"], "firstAttribute": anchor, "relation": "==", "secondItem": sibling,
                                    "secondAttribute": r.choice([lead, trail, center]), "constant": r.choice([0, 8, -8, 16])})
            else:
                constraints.append({"firstItem": view["id"], "firstAttribute": anchor, "relation": "==", "secondItem": parent,
                                    "secondAttribute": anchor, "constant": 0 if anchor == center else r.choice([0, 8, -8, 12])})
            if intrinsic and r.random() >= 0.4:
                continue
            k = r.random()
            if k < 0.4:
                constraints.append({"firstItem": view["id"], "firstAttribute": size, "relation": "==", "constant": r.choice([30, 50, 80, 120])})
            elif k < 0.7 and sibling:
                constraints.append({"firstItem": view["id"], "firstAttribute": size, "relation": "==", "secondItem": sibling,
                                    "secondAttribute": size, "multiplier": r.choice([1, 1, 0.5, 2])})
            else:
                other = lead if anchor == trail else trail
                constraints.append({"firstItem": view["id"], "firstAttribute": other, "relation": "==", "secondItem": parent,
                                    "secondAttribute": other, "constant": r.choice([0, -8, 8, -20])})
        ids.append(view["id"])
    for _ in range(r.randint(0, 2 * len(ids))):
        axis = r.choice(AXES)
        first = r.choice(axis)
        constraint = {"firstItem": r.choice(ids), "firstAttribute": first, "relation": r.choice(["<=", ">=", "=="]),
                      "secondItem": r.choice(ids + ["root"]),
                      "secondAttribute": first if first in ("width", "height") else r.choice([axis[0], axis[1], axis[3]]),
                      "constant": r.choice([0, 8, -8, 20, -20, 100])}
        priority = r.choice(PRIORITIES)
        if priority < 1000:
            constraint["priority"] = priority
        constraints.append(constraint)
    if r.random() < 0.3:
        r.shuffle(constraints)
    size = {"width": r.choice([320, 375, 480])}
    if r.random() < 0.7:
        size["height"] = r.choice([480, 812])
    return {"size": size, "views": views, "constraints": constraints}


def solve(binary, path):
    return subprocess.run([binary, "solve", path], capture_output=True, text=True).stdout


def differs(old, new):
    """Why two answers to a generated layout differ, or None."""
    try:
        a, b = json.loads(old), json.loads(new)
    except ValueError:
        return None if old == new else "not JSON"
    if "frames" not in a:
        return None if a == b else "problem answers"
    if a.get("status") != b.get("status") or a.get("conflicts") != b.get("conflicts"):
        return f"status or conflicts: {a.get('status')} / {b.get('status')}"
    if a.get("ambiguities"):
        return None
    frames = b.get("frames", {})
    moved = [view for view, frame in a["frames"].items()
             if any(abs(frame[k] - frames.get(view, {}).get(k, float("inf"))) > 1e-6 for k in ("x", "y", "width", "height"))]
    if moved:
        return "frames of " + ", ".join(moved[:5])
    rest = lambda answer: {k: v for k, v in answer.items() if k not in ("frames", "size")}
    return None if rest(a) == rest(b) else "warnings or other fields"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("files", nargs="*")
    parser.add_argument("--layouts", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0, help="the first generated layout's seed")
    args = parser.parse_args()
    failures = []
    for path in args.files:
        if solve(args.old, path) != solve(args.new, path):
            failures.append(f"{path}: answers differ")
    compared = 0
    with tempfile.NamedTemporaryFile("w", suffix=".json") as request:
        for seed in range(args.seed, args.seed + args.layouts):
            request.seek(0)
            request.truncate()
            json.dump(layout(seed), request)
            request.flush()
            old = solve(args.old, request.name)
            why = differs(old, solve(args.new, request.name))
            compared += '"frames"' in old and '"ambiguities":[]' in old
            if why:
                failures.append(f"layout seed {seed}: {why}")
    print(f"{len(args.files)} files, {args.layouts} layouts ({compared} with frames and no ambiguity): "
          f"{len(failures)} differ")
    for failure in failures:
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
