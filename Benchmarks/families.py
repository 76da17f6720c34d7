#!/usr/bin/env python3
"""Deterministic generator of the four benchmark families as layoutd request JSON.

Follows /work/shared/reference/performance.md section 1 exactly: same structure, same
draw order, Python ``random.Random(seed * 1000003 + familyIndex)`` with seed 1 and
familyIndex flat_row 0 / nested_grid 1 / table_cells 2 / priority_soup 3.

Usage:
    python3 Benchmarks/families.py FAMILY N [--seed S] > out.json
    python3 Benchmarks/families.py --all [--sizes 100,1000,10000] [--out Benchmarks/out]
    python3 Benchmarks/families.py --counts [--sizes ...]   # table of view / constraint counts
    python3 Benchmarks/families.py FAMILY N --conflict > out.json   # the same with one conflict
    python3 Benchmarks/families.py FAMILY N --reversed > out.json   # the same, listed backwards

``--conflict`` (wire format only) appends one required constraint, id ``conflict``: a copy of the
required equality nearest the middle of the list with its constant raised by 10. The two cannot
hold together and nothing else takes part, so the answer has exactly one conflict, of those two,
and ``conflict`` (installed last) is the one broken: the benchmark of issue #6's "a 1000-view
layout with one conflict is diagnosed in under 5 times its conflict-free solve time".

``--reversed`` (wire format only) lists the views after the root, and the constraints, in the
opposite order: the same layout and the same frames, for measuring how much the solver's work
depends on the order a request lists things in.

Output is the layoutd wire format (see Benchmarks/README.md):
  * the root's frame is (0, 0, W, H): the families' ``root.left == 0`` / ``root.top == 0``
    are dropped, ``root.width == c`` / ``root.height == c`` become ``size`` fields;
  * where the family determines the root height from its content (nested_grid's
    ``box.height <= 0 @50`` on the root box; table_cells' and priority_soup's
    ``root.bottom == last.bottom (+ c)``), ``size.height`` is omitted (fitting size) and
    the content constraint is kept; nested_grid's root ``height <= 0 @50`` *is* the fitting
    size rule, so it is dropped in favour of the omitted height;
  * every constraint on a location attribute names its ``secondItem`` explicitly;
  * fields equal to their defaults are omitted (hugging 250, compression 750,
    multiplier 1, constant 0, priority 1000).

The internal representation mirrors the ``layout-bench/1`` format of performance.md
(``--format layout-bench`` writes that instead), so counts can be checked against it:
``constraintCount`` there excludes intrinsic-size constraints, which are listed separately.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys

FAMILIES = ["flat_row", "nested_grid", "table_cells", "priority_soup"]
LOCATION_ATTRS = {"left", "right", "top", "bottom", "centerX", "centerY", "leading", "trailing"}
REQUIRED = 1000


class Problem:
    """Views and constraints in the layout-bench/1 shape (all in the root's space)."""

    def __init__(self, family: str, n: int, seed: int):
        self.family = family
        self.n = n
        self.seed = seed
        self.views: list[dict] = []
        self.constraints: list[dict] = []
        self.ids: set[str] = set()

    def view(self, vid: str, parent: str | None, intrinsic=None, hugging=None, compression=None) -> str:
        assert vid not in self.ids, vid
        self.ids.add(vid)
        v: dict = {"id": vid, "parent": parent}
        if intrinsic is not None:
            v["intrinsic"] = {"width": intrinsic[0], "height": intrinsic[1]}
        v["hugging"] = {"h": hugging[0] if hugging else 250, "v": hugging[1] if hugging else 250}
        v["compression"] = {"h": compression[0] if compression else 750,
                            "v": compression[1] if compression else 750}
        self.views.append(v)
        return vid

    def c(self, item, attr, rel, to_item=None, to_attr=None, multiplier=1, constant=0, priority=REQUIRED):
        assert rel in ("==", "<=", ">=")
        if to_item is not None and to_attr is None:
            to_attr = attr
        self.constraints.append({"item": item, "attr": attr, "rel": rel, "toItem": to_item,
                                 "toAttr": to_attr if to_item is not None else None,
                                 "multiplier": multiplier, "constant": constant, "priority": priority})

    def intrinsic_constraint_count(self) -> int:
        count = 0
        for v in self.views:
            intr = v.get("intrinsic")
            if intr:
                count += 2 * sum(1 for k in ("width", "height") if intr.get(k) is not None)
        return count

    # -- output -------------------------------------------------------------------------
    def layout_bench(self) -> dict:
        views = []
        for v in self.views:
            out = {"id": v["id"], "parent": v["parent"]}
            if "intrinsic" in v:
                out["intrinsic"] = v["intrinsic"]
                out["hugging"] = v["hugging"]
                out["compression"] = v["compression"]
            views.append(out)
        return {"format": "layout-bench/1", "family": self.family, "n": self.n, "seed": self.seed,
                "root": "root", "viewCount": len(self.views), "constraintCount": len(self.constraints),
                "views": views, "constraints": self.constraints}

    def wire(self) -> dict:
        """layoutd request JSON."""
        size: dict = {}
        constraints = []
        for c in self.constraints:
            if c["item"] == "root" and c["toItem"] is None:
                a, k = c["attr"], c["constant"]
                if a in ("left", "top") and c["rel"] == "==" and k == 0 and c["priority"] == REQUIRED:
                    continue  # holds by definition: the root's frame is (0, 0, W, H)
                if a in ("width", "height") and c["rel"] == "==" and c["priority"] == REQUIRED:
                    assert a not in size
                    size[a] = k
                    continue
                if a in ("width", "height") and c["rel"] == "<=" and k == 0 and c["priority"] == 50:
                    continue  # fitting size: expressed by omitting size[a]
                raise ValueError(f"unexpected root constraint {c}")
            out = {"firstItem": c["item"], "firstAttribute": c["attr"], "relation": c["rel"]}
            to_item, to_attr = c["toItem"], c["toAttr"]
            if to_item is None and c["attr"] in LOCATION_ATTRS:
                raise ValueError(f"location constraint without secondItem: {c}")
            if to_item is not None:
                out["secondItem"] = to_item
                out["secondAttribute"] = to_attr
            if c["multiplier"] != 1:
                out["multiplier"] = c["multiplier"]
            if c["constant"] != 0:
                out["constant"] = c["constant"]
            if c["priority"] != REQUIRED:
                out["priority"] = c["priority"]
            constraints.append(out)
        views = []
        for v in self.views:
            out: dict = {"id": v["id"]}
            if v["parent"] is not None:
                out["parent"] = v["parent"]
            if "intrinsic" in v:
                intr = {k: x for k, x in v["intrinsic"].items() if x is not None}
                out["intrinsicSize"] = intr
                hug = {"horizontal": v["hugging"]["h"], "vertical": v["hugging"]["v"]}
                hug = {k: x for k, x in hug.items() if x != 250}
                if hug:
                    out["hugging"] = hug
                comp = {"horizontal": v["compression"]["h"], "vertical": v["compression"]["v"]}
                comp = {k: x for k, x in comp.items() if x != 750}
                if comp:
                    out["compressionResistance"] = comp
            views.append(out)
        return {"size": size, "views": views, "constraints": constraints}


# ---------------------------------------------------------------------------------------
def flat_row(n: int, rng: random.Random, p: Problem) -> None:
    root = p.view("root", None)
    p.c(root, "left", "==", constant=0)
    p.c(root, "top", "==", constant=0)
    p.c(root, "width", "==", constant=48 * n + 8)
    p.c(root, "height", "==", constant=44)
    vs = [p.view(f"v{i}", root) for i in range(n)]
    for v in vs:
        p.c(v, "top", "==", root, "top")
        p.c(v, "bottom", "==", root, "bottom")
    p.c(vs[0], "left", "==", root, "left", constant=8)
    for i in range(1, n):
        p.c(vs[i], "left", "==", vs[i - 1], "right", constant=8)
        p.c(vs[i], "width", "==", vs[0], "width")
    p.c(vs[-1], "right", "==", root, "right", constant=-8)


def nested_grid(n: int, rng: random.Random, p: Problem) -> None:
    cells = max(1, round((n - 1) / (4 + 1 / 3)))

    # Tree shape: ("leaf",) or ("box", [children]).
    def build(count: int):
        if count == 1:
            return ["leaf"]
        if count <= 4:
            return ("box", [["leaf"] for _ in range(count)])
        base, extra = divmod(count, 4)
        return ("box", [build(base + (1 if i < extra else 0)) for i in range(4)])

    tree = build(cells)
    if tree[0] == "leaf":
        tree = ("box", [tree])

    # Draws, pre-order over cells.
    sizes = []
    for _ in range(cells):
        lw = rng.randint(40, 160)
        bw = rng.randint(44, 88)
        sizes.append((lw, bw))

    counter = {"box": 0, "cell": 0}

    def need(node, depth):
        if node[0] == "leaf":
            lw, bw = sizes[node_cell_index[id(node)]]
            return 72 + lw + bw
        cols = 2 if depth % 2 == 0 else 1
        kids = node[1]
        best = 0.0
        for r in range(0, len(kids), cols):
            row = kids[r:r + cols]
            k = len(row)
            best = max(best, k * max(need(ch, depth + 1) for ch in row) + 24 + 8 * (k - 1))
        return best

    # Assign cell indices in pre-order (leaf order).
    node_cell_index: dict[int, int] = {}

    def index_cells(node):
        if node[0] == "leaf":
            node_cell_index[id(node)] = len(node_cell_index)
        else:
            for ch in node[1]:
                index_cells(ch)

    index_cells(tree)

    def emit_cell(node, parent: str) -> str:
        k = node_cell_index[id(node)]
        lw, bw = sizes[k]
        cell = p.view(f"cell{k}", parent)
        img = p.view(f"cell{k}_img", cell, intrinsic=(40, 40))
        lab = p.view(f"cell{k}_label", cell, intrinsic=(lw, 20))
        btn = p.view(f"cell{k}_button", cell, intrinsic=(bw, 30))
        p.c(img, "left", "==", cell, "left", constant=8)
        p.c(img, "top", "==", cell, "top", constant=8)
        p.c(img, "height", "==", img, "width")
        p.c(lab, "left", "==", img, "right", constant=8)
        p.c(lab, "centerY", "==", img, "centerY")
        p.c(btn, "right", "==", cell, "right", constant=-8)
        p.c(btn, "centerY", "==", img, "centerY")
        p.c(btn, "left", ">=", lab, "right", constant=8)
        for ch in (img, lab, btn):
            p.c(cell, "bottom", ">=", ch, "bottom", constant=8)
        p.c(cell, "height", "<=", constant=0, priority=50)
        return cell

    def emit_box(node, parent: str | None, depth: int) -> str:
        if parent is None:
            box = p.view("root", None)
        else:
            box = p.view(f"box{counter['box']}", parent)
            counter["box"] += 1
        cols = 2 if depth % 2 == 0 else 1
        kid_ids = []
        for ch in node[1]:
            kid_ids.append(emit_cell(ch, box) if ch[0] == "leaf" else emit_box(ch, box, depth + 1))
        rows = [kid_ids[r:r + cols] for r in range(0, len(kid_ids), cols)]
        for ri, row in enumerate(rows):
            first = row[0]
            p.c(first, "left", "==", box, "left", constant=12)
            for prev, nxt in zip(row, row[1:]):
                p.c(nxt, "left", "==", prev, "right", constant=8)
                p.c(nxt, "width", "==", first, "width")
                p.c(nxt, "top", "==", first, "top")
            p.c(row[-1], "right", "==", box, "right", constant=-12)
            if ri == 0:
                p.c(first, "top", "==", box, "top", constant=12)
            else:
                for above in rows[ri - 1]:
                    p.c(first, "top", ">=", above, "bottom", constant=8)
        for v in rows[-1]:
            p.c(box, "bottom", ">=", v, "bottom", constant=12)
        p.c(box, "height", "<=", constant=0, priority=50)
        return box

    width = math.ceil(need(tree, 0)) + 16
    root = emit_box(tree, None, 0)
    # Root constraints (the views list must start with the root: emitted first above).
    p.c(root, "left", "==", constant=0)
    p.c(root, "top", "==", constant=0)
    p.c(root, "width", "==", constant=width)


def table_cells(n: int, rng: random.Random, p: Problem) -> None:
    cells = max(1, round((n - 1) / 5))
    root = p.view("root", None)
    p.c(root, "left", "==", constant=0)
    p.c(root, "top", "==", constant=0)
    p.c(root, "width", "==", constant=375)
    prev = None
    for k in range(cells):
        cell = p.view(f"cell{k}", root)
        p.c(cell, "left", "==", root, "left")
        p.c(cell, "right", "==", root, "right")
        if prev is None:
            p.c(cell, "top", "==", root, "top")
        else:
            p.c(cell, "top", "==", prev, "bottom")
        img = p.view(f"cell{k}_img", cell)
        p.c(img, "left", "==", cell, "left", constant=16)
        p.c(img, "top", "==", cell, "top", constant=12)
        p.c(img, "width", "==", constant=60)
        p.c(img, "height", "==", img, "width")
        p.c(cell, "bottom", ">=", img, "bottom", constant=12)
        tw = rng.randint(80, 400)
        th = 20 * rng.randint(1, 3)
        title = p.view(f"cell{k}_title", cell, intrinsic=(tw, th), hugging=(250, 251))
        p.c(title, "left", "==", img, "right", constant=12)
        p.c(title, "top", "==", cell, "top", constant=12)
        sw = rng.randint(60, 300)
        sh = 16 * rng.randint(1, 2)
        sub = p.view(f"cell{k}_subtitle", cell, intrinsic=(sw, sh))
        p.c(sub, "left", "==", title, "left")
        p.c(sub, "top", "==", title, "bottom", constant=4)
        p.c(cell, "bottom", "==", sub, "bottom", constant=12, priority=999)
        anchor = (cell, "right", -16)
        if rng.random() < 0.5:
            acc = p.view(f"cell{k}_accessory", cell)
            p.c(acc, "width", "==", constant=24)
            p.c(acc, "height", "==", constant=24)
            p.c(acc, "right", "==", cell, "right", constant=-16)
            p.c(acc, "centerY", "==", cell, "centerY")
            anchor = (acc, "left", -8)
        sub_anchor = anchor
        title_anchor = anchor
        if rng.random() < 0.5:
            bw = rng.randint(20, 40)
            badge = p.view(f"cell{k}_badge", cell, intrinsic=(bw, 20), compression=(751, 750))
            p.c(badge, "right", "==", anchor[0], anchor[1], constant=anchor[2])
            p.c(badge, "top", "==", cell, "top", constant=12)
            title_anchor = (badge, "left", -8)
        p.c(title, "right", "<=", title_anchor[0], title_anchor[1], constant=title_anchor[2])
        p.c(sub, "right", "<=", sub_anchor[0], sub_anchor[1], constant=sub_anchor[2])
        prev = cell
    p.c(root, "bottom", "==", prev, "bottom")


def priority_soup(n: int, rng: random.Random, p: Problem) -> None:
    rows = max(1, round((n - 1) / 5))
    root = p.view("root", None)
    p.c(root, "left", "==", constant=0)
    p.c(root, "top", "==", constant=0)
    p.c(root, "width", "==", constant=480)
    prev = None
    for r in range(rows):
        row = p.view(f"row{r}", root)
        p.c(row, "left", "==", root, "left")
        p.c(row, "right", "==", root, "right")
        if prev is None:
            p.c(row, "top", "==", root, "top", constant=4)
        else:
            p.c(row, "top", "==", prev, "bottom", constant=4)
        p.c(row, "height", "==", constant=44, priority=999)
        comp_h = [50, 750, 751, 999]
        rng.shuffle(comp_h)
        if comp_h[1] == 751:
            j = rng.choice([0, 2, 3])
            comp_h[1], comp_h[j] = comp_h[j], comp_h[1]
        kids = []
        for j in range(4):
            w = rng.randint(40, 200)
            h = rng.choice([20, 28, 36, 44, 52])
            hug_h = rng.choice([250, 251, 50])
            comp_v = rng.choice([750, 751, 1000])
            kid = p.view(f"row{r}_c{j}", row, intrinsic=(w, h), hugging=(hug_h, 250),
                         compression=(comp_h[j], comp_v))
            p.c(kid, "top", "==", row, "top", constant=4)
            p.c(row, "bottom", ">=", kid, "bottom", constant=4)
            p.c(kid, "width", ">=", constant=0)
            if j == 0:
                p.c(kid, "left", "==", row, "left", constant=8)
            else:
                p.c(kid, "left", ">=", kids[-1], "right", constant=8)
                p.c(kid, "left", "==", kids[-1], "right", constant=8, priority=999)
            kids.append(kid)
        p.c(kids[1], "width", "==", row, "width", multiplier=0.25, priority=751)
        p.c(kids[3], "right", "<=", row, "right", constant=-8)
        prev = row
    p.c(root, "bottom", "==", prev, "bottom", constant=4)


GENERATORS = {"flat_row": flat_row, "nested_grid": nested_grid,
              "table_cells": table_cells, "priority_soup": priority_soup}


def generate(family: str, n: int, seed: int = 1) -> Problem:
    idx = FAMILIES.index(family)
    rng = random.Random(seed * 1000003 + idx)
    p = Problem(family, n, seed)
    GENERATORS[family](n, rng, p)
    assert p.views[0]["id"] == "root"
    return p


def with_conflict(wire: dict) -> dict:
    """The request plus one required constraint conflicting with a single other one (see --conflict)."""
    constraints = wire["constraints"]
    middle = len(constraints) // 2
    candidates = [i for i, c in enumerate(constraints)
                  if c.get("relation", "==") == "==" and "priority" not in c]
    if not candidates:
        raise ValueError("no required equality to contradict")
    chosen = min(candidates, key=lambda i: (abs(i - middle), i))
    contradiction = dict(constraints[chosen], id="conflict")
    contradiction["constant"] = constraints[chosen].get("constant", 0) + 10
    return dict(wire, constraints=constraints + [contradiction])


def reversed_order(wire: dict) -> dict:
    """The request with the views after the root, and the constraints, listed backwards (see --reversed)."""
    views = wire["views"]
    return dict(wire, views=views[:1] + views[:0:-1], constraints=wire["constraints"][::-1])


def dump(obj, fh) -> None:
    json.dump(obj, fh, separators=(",", ":"))
    fh.write("\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("family", nargs="?", choices=FAMILIES)
    ap.add_argument("n", nargs="?", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--format", choices=["wire", "layout-bench"], default="wire")
    ap.add_argument("--all", action="store_true", help="write every family x size into --out")
    ap.add_argument("--counts", action="store_true", help="print view/constraint counts")
    ap.add_argument("--conflict", action="store_true",
                    help="append one required constraint that conflicts with exactly one other (wire format)")
    ap.add_argument("--reversed", action="store_true",
                    help="list the views after the root, and the constraints, backwards (wire format)")
    ap.add_argument("--sizes", default="100,1000,10000")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "out"))
    a = ap.parse_args(argv)
    sizes = [int(s) for s in a.sizes.split(",") if s]
    if a.all or a.counts:
        if a.all:
            os.makedirs(a.out, exist_ok=True)
        print("| family | N | views | constraints | intrinsic | wire constraints | size |")
        print("|---|---:|---:|---:|---:|---:|---|")
        for fam in FAMILIES:
            for n in sizes:
                p = generate(fam, n, a.seed)
                w = p.wire()
                if a.all:
                    path = os.path.join(a.out, f"{fam}-{n}.json")
                    with open(path, "w") as fh:
                        dump(w if a.format == "wire" else p.layout_bench(), fh)
                print(f"| {fam} | {n} | {len(p.views)} | {len(p.constraints)} | "
                      f"{p.intrinsic_constraint_count()} | {len(w['constraints'])} | {json.dumps(w['size'])} |")
        return 0
    if a.family is None or a.n is None:
        ap.error("give FAMILY N, or --all / --counts")
    if (a.conflict or a.reversed) and a.format != "wire":
        ap.error("--conflict and --reversed write the wire format only")
    p = generate(a.family, a.n, a.seed)
    if a.format == "wire":
        wire = with_conflict(p.wire()) if a.conflict else p.wire()
        dump(reversed_order(wire) if a.reversed else wire, sys.stdout)
    else:
        dump(p.layout_bench(), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
