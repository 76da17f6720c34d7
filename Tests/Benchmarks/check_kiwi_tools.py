"""Checks of the kiwi peers' pure parts, without kiwisolver: how Benchmarks/kiwi_bench.py turns
its variables' values (every view in the root's space) into frames relative to the parent, and
how Benchmarks/kiwi_cpp.py compares frames and reports its rounds (the figures are made up, the
answers worked out by hand).

Usage: check_kiwi_tools.py   (prints 'N passed, M failed'; exit 1 on any failure)
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Support"))
from harness import Tally, benchmark_module  # noqa: E402

kiwi_bench = benchmark_module("kiwi_bench")
kiwi_cpp = benchmark_module("kiwi_cpp")

tally = Tally()
check = tally.check

# root at (4, 6) 375 × 812 (kiwi_bench pins it at 0, 0; an offset one tells a parent-relative origin
# from an absolute one); card at (20, 106) in the root's space, so (16, 100) inside the root; label
# at (28, 116), so (8, 10) inside the card.
views = [{"id": "root"}, {"id": "card", "parent": "root"}, {"id": "label", "parent": "card"}]
values = {"root": (4, 6, 375, 812), "card": (20, 106, 343, 60), "label": (28, 116, 120, 22)}
var = {vid: tuple((vid, k) for k in range(4)) for vid in values}
parent = {"root": None, "card": "root", "label": "card"}
frames = kiwi_bench.frames(views, var, parent, lambda v: values[v[0]][v[1]])
check("the root's frame is its values", frames["root"] == [4, 6, 375, 812], str(frames))
check("a child's origin is relative to its parent", frames["card"] == [16, 100, 343, 60], str(frames))
check("a grandchild's origin is relative to its own parent, not the root", frames["label"] == [8, 10, 120, 22], str(frames))

ours = {"root": [4, 6, 375, 812], "card": [16, 100, 343, 60.000001], "label": [8, 10, 120, 22]}
check("the largest difference is over every number", abs(kiwi_cpp.largest_difference(frames, ours) - 1e-6) < 1e-12,
      str(kiwi_cpp.largest_difference(frames, ours)))
del ours["label"]
check("a view layoutd does not answer differs infinitely", kiwi_cpp.largest_difference(frames, ours) == float("inf"))

# Three rounds: ratios 4.0, 1.5 and 4.0, whose median is 4.0; the medians' quotient would be 80 ÷ 25 = 3.2.
lines = kiwi_cpp.table([(80.0, 20.0), (60.0, 40.0), (100.0, 25.0)])
check("one row a round, with its ratio", lines[2] == "| 1 | 80.00 | 20.00 | 4.00 |" and lines[3] == "| 2 | 60.00 | 40.00 | 1.50 |",
      str(lines))
check("the medians are per column, the ratio's over the rounds' ratios", lines[-1] == "| median | 80.00 | 25.00 | 4.00 |",
      lines[-1])
tally.finish()
