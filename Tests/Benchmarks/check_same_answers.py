"""Checks of Benchmarks/same_answers.py without a build: what counts as a difference between two
answers (written here by hand), and that its generated layouts are the same for a seed and pair
only attributes Auto Layout allows together (a location with a location of the same axis, a size
with a size), so that they reach the solver instead of a 422.

Usage: check_same_answers.py   (prints 'N passed, M failed'; exit 1 on any failure)
"""
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Support"))
from harness import Tally, benchmark_module  # noqa: E402

same_answers = benchmark_module("same_answers")

tally = Tally()
check = tally.check


def answer(status="ok", x=10.0, ambiguities=(), conflicts=(), warnings=()):
    return json.dumps({"status": status, "size": {"width": 100, "height": 50},
                       "frames": {"root": {"x": 0, "y": 0, "width": 100, "height": 50}, "a": {"x": x, "y": 0, "width": 20, "height": 10}},
                       "conflicts": list(conflicts), "ambiguities": list(ambiguities), "warnings": list(warnings)})


differs = same_answers.differs
check("the same answer does not differ", differs(answer(), answer()) is None)
check("a frame within 1e-6 does not differ", differs(answer(x=10.0), answer(x=10.0 + 1e-9)) is None)
check("a frame moved by 1e-5 differs", differs(answer(x=10.0), answer(x=10.00001)) == "frames of a")
check("another status differs", differs(answer(), answer(status="conflict")) is not None)
check("other conflicts differ", differs(answer(conflicts=[{"broken": "c1"}]), answer(conflicts=[{"broken": "c2"}])) is not None)
check("other warnings differ", differs(answer(warnings=[{"id": "w"}]), answer()) == "warnings or other fields")
free = [{"view": "a", "attributes": ["x"]}]
check("with a free direction, frames may differ", differs(answer(x=10.0, ambiguities=free), answer(x=30.0, ambiguities=free)) is None)
check("with a free direction, the status may not", differs(answer(status="ambiguous", ambiguities=free), answer(status="ok")) is not None)
check("a problem answer compares whole", differs('{"status":422}', '{"status":422}') is None
      and differs('{"status":422,"pointer":"/a"}', '{"status":422,"pointer":"/b"}') is not None)

check("a seed makes the same layout", same_answers.layout(7) == same_answers.layout(7))
check("two seeds make different layouts", same_answers.layout(7) != same_answers.layout(8))
sizes = {"width", "height"}
axis = {"left": "h", "right": "h", "centerX": "h", "width": "h", "top": "v", "bottom": "v", "centerY": "v", "height": "v"}
illegal = []
for seed in range(500):
    for c in same_answers.layout(seed)["constraints"]:
        first, second = c["firstAttribute"], c.get("secondAttribute")
        if second and ((first in sizes) != (second in sizes) or (first not in sizes and axis[first] != axis[second])):
            illegal.append((seed, first, second))
check("500 layouts pair only allowed attributes", not illegal, str(illegal[:3]))
tally.finish()
