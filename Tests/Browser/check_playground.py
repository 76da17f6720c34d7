"""Browser test of the playground: a real layoutd serves GET /, headless Chromium loads it with an
edited example (the page's documented ?request= and ?size= parameters; the page solves on load),
and the solved page's DOM is checked: status, frames table, SVG drawing and diagnosis. A
screenshot is written as a test artifact.

Usage: check_playground.py PATH/TO/layoutd ARTIFACT_DIR   (prints 'N passed, M failed'; exit 1 on any failure)
"""
import html.parser
import json
import pathlib
import shutil
import subprocess
import sys
import urllib.parse
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Support"))
from harness import Layoutd, Tally  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = json.loads((ROOT / "docs/examples/playground.json").read_text())

tally = Tally()
check = tally.check


class Node:
    def __init__(self, tag, attributes):
        self.tag, self.attributes, self.children, self.text = tag, dict(attributes), [], ""

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, tag=None, **attributes):
        """Every element below with this tag and these attribute values (data_view → data-view)."""
        wanted = {key.replace("_", "-"): value for key, value in attributes.items()}
        return [node for node in self.walk() if (tag is None or node.tag == tag)
                and all(node.attributes.get(key) == value for key, value in wanted.items())]

    def all_text(self):
        return self.text + "".join(child.all_text() for child in self.children)


class TreeBuilder(html.parser.HTMLParser):
    VOID = {"meta", "input", "br", "img", "link", "hr", "col", "area", "base", "source", "wbr"}

    def __init__(self):
        super().__init__()
        self.root = Node("#document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attributes):
        node = Node(tag, attributes)
        self.stack[-1].children.append(node)
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attributes):
        self.stack[-1].children.append(Node(tag, attributes))

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        self.stack[-1].text += data


def chromium(*arguments):
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    command = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--no-first-run", "--virtual-time-budget=15000", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def load(base, request, size):
    url = f"{base}/?" + urllib.parse.urlencode({"request": json.dumps(request), "size": size})
    result = chromium("--dump-dom", url)
    builder = TreeBuilder()
    builder.feed(result.stdout)
    return url, builder.root, result


def frame_cells(dom, view):
    rows = dom.find("tr", data_view=view)
    if not rows:
        return None
    return [float(cell.all_text()) for cell in rows[0].find("td") if cell.attributes.get("class") != "view"]


def main():
    artifacts = pathlib.Path(sys.argv[2])
    artifacts.mkdir(parents=True, exist_ok=True)
    server = Layoutd(sys.argv[1])
    try:
        base = server.base

        # The edit: a 30 × 20 badge 16 from the right edge, 100 below the safe area's top.
        edited = json.loads(json.dumps(EXAMPLE))
        edited["views"].append({"id": "badge", "parent": "root"})
        edited["constraints"] += ["badge.right == root.right - 16", "badge.top == root.safeArea.top + 100",
                                  "badge.width == 30", "badge.height == 20"]
        url, dom, result = load(base, edited, "375x667")
        body = dom.find("body")
        check("the page solves on load", body and body[0].attributes.get("data-state") == "done",
              f"state {body and body[0].attributes.get('data-state')}; stderr {result.stderr[-500:]}")
        status = dom.find(id="status")
        check("status is ok", status and status[0].all_text() == "ok")
        # iPhone SE: 375 wide, safe area top 47. badge: x = 375 − 16 − 30 = 329, y = 47 + 100 = 147.
        check("frames table: badge", frame_cells(dom, "badge") == [329, 147, 30, 20], frame_cells(dom, "badge"))
        # header: |-[header]-| → x 8, width 375 − 2 × 8 = 359; top 47 + 8 = 55; height 8 + 48 + 8 = 64.
        check("frames table: header", frame_cells(dom, "header") == [8, 55, 359, 64], frame_cells(dom, "header"))
        # avatar inside header at (8, 8): drawn at (8 + 8, 55 + 8).
        drawing = dom.find(id="drawing")
        svg = drawing[0].find("svg") if drawing else []
        check("the drawing is inline SVG", len(svg) == 1)
        if svg:
            views = [group.attributes["data-view"] for group in svg[0].find("g") if "data-view" in group.attributes]
            check("one group per view", views == [view["id"] for view in EXAMPLE["views"]] + ["badge"], views)

            def rect(view):
                groups = svg[0].find("g", data_view=view)
                frames = [child for child in groups[0].children if child.tag == "rect" and child.attributes.get("class") == "frame"] if groups else []
                return [float(frames[0].attributes[key]) for key in ("x", "y", "width", "height")] if frames else None
            check("drawing: badge at its absolute frame", rect("badge") == [329, 147, 30, 20], rect("badge"))
            check("drawing: avatar at header's origin + (8, 8)", rect("avatar") == [16, 63, 48, 48], rect("avatar"))

        # A second edit that conflicts: badge.width == 40 after badge.width == 30.
        conflicting = json.loads(json.dumps(edited))
        conflicting["constraints"].append({"equation": "badge.width == 40", "id": "wider"})
        url, dom, result = load(base, conflicting, "375x667")
        status = dom.find(id="status")
        check("status is conflict", status and status[0].all_text() == "conflict")
        marked = [node.attributes["data-view"] for node in dom.find(data_mark="conflict")]
        check("red marks exactly on badge", marked == ["badge"], marked)
        buttons = dom.find("button", data_constraint="wider")
        check("the broken constraint's id is a button", bool(buttons) and "broken" in buttons[0].attributes.get("class", ""))
        lines = dom.find("line", data_constraint="wider")
        check("the broken constraint is drawn", len(lines) == 1 and lines[0].attributes.get("class") == "broken")
        # Kept (badge width 30): the line crosses the badge at mid-height, 329 → 359 at 147 + 10.
        if lines:
            ends = [float(lines[0].attributes[key]) for key in ("x1", "y1", "x2", "y2")]
            check("broken line across the badge", ends == [329, 157, 359, 157], ends)

        shot = artifacts / "playground.png"
        shot.unlink(missing_ok=True)
        result = chromium(f"--screenshot={shot}", "--window-size=1400,1000", "--hide-scrollbars", url)
        check("screenshot written", shot.exists() and shot.stat().st_size > 10000, result.stderr[-500:])
    finally:
        server.terminate(timeout=30)


main()
tally.finish()
