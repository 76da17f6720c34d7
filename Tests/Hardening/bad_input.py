"""Hostile input against a real layoutd: never a 5xx, never a crash.

  - every file of JSONTestSuite's test_parsing corpus (in ../shared/data beside the repository)
    posted as a /solve body: never 5xx; every n_ file is 400 invalid-json;
  - the numeric matrix (1e309, -0, 5e-324, 400-digit integers, NaN/inf in equation strings,
    huge and tiny multipliers) in every numeric slot: 400/422 with a JSON pointer to the culprit,
    or 200 with finite frames where the value is legal (-0 and 5e-324 as a constant);
  - wrong methods on every route: 405 with the route's Allow; non-JSON content types: 415;
  - afterwards the process is alive, answers /healthz, exits 0 on SIGTERM and (under
    --sanitize=address) printed no sanitizer report.

Usage: bad_input.py PATH/TO/layoutd    (prints 'N passed, N failed'; exit 1 on any failure)
"""
import json
import pathlib
import math
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Support"))
from harness import JSON, ROOT, Layoutd, Tally, request

CORPUS = ROOT.parent / "shared" / "data" / "JSONTestSuite" / "test_parsing"
ROUTES = {"/solve": "POST, OPTIONS", "/": "GET, HEAD, OPTIONS", "/healthz": "GET, HEAD, OPTIONS", "/readyz": "GET, HEAD, OPTIONS",
          "/version": "GET, HEAD, OPTIONS", "/metrics": "GET, HEAD, OPTIONS", "/openapi.yaml": "GET, HEAD, OPTIONS"}

BAD_NUMBERS = ["1e309", "-1e309", "1" + "0" * 400, "-" + "9" * 400, "1e6000", "1.5e1000"]


def layout(constraints, size='{"width": 100, "height": 100}', view_extra=""):
    return ('{"size": %s, "views": [{"id": "root"}, {"id": "a", "parent": "root"%s}], "constraints": [%s]}'
            % (size, view_extra, ", ".join(constraints))).encode()


def numeric_matrix():
    """(name, body, expectation): expectation is 'refused' (400/422 with a pointer starting with
    the given prefix) or 'ok' (200 with finite frames)."""
    cases = []
    fixed = ['"a.left == root.left"', '"a.top == root.top"', '"a.height == 10"']
    for n in BAD_NUMBERS:
        cases.append((f"constant {n[:12]}", layout(['{"firstItem": "a", "firstAttribute": "width", "constant": %s}' % n] + fixed), ("refused", "/constraints/0")))
        cases.append((f"multiplier {n[:12]}", layout(['{"firstItem": "a", "firstAttribute": "width", "secondItem": "root", "multiplier": %s}' % n] + fixed), ("refused", "/constraints/0")))
        cases.append((f"priority {n[:12]}", layout(['{"firstItem": "a", "firstAttribute": "width", "constant": 5, "priority": %s}' % n] + fixed), ("refused", "/constraints/0")))
        cases.append((f"size {n[:12]}", layout(fixed, size='{"width": %s, "height": 100}' % n), ("refused", "/size")))
        cases.append((f"intrinsic {n[:12]}", layout(fixed, view_extra=', "intrinsicSize": {"width": %s}' % n), ("refused", "/views/1")))
        cases.append((f"margin {n[:12]}", layout(fixed, view_extra=', "margins": {"top": %s}' % n), ("refused", "/views/1")))
        cases.append((f"frame {n[:12]}", layout([], view_extra=', "frame": {"x": %s, "y": 0, "width": 1, "height": 1}' % n), ("refused", "/views/1")))
        cases.append((f"equation constant {n[:12]}", layout([json.dumps(f"a.width == {n}")] + fixed), ("refused", "/constraints/0")))
        cases.append((f"equation multiplier {n[:12]}", layout([json.dumps(f"a.width == root.width * {n}")] + fixed), ("refused", "/constraints/0")))
        cases.append((f"visual format metric {n[:12]}", layout(['{"visualFormat": "H:|-(gap)-[a]", "metrics": {"gap": %s}}' % n, '"a.width == 5"'] + fixed), ("refused", "/constraints/0")))
    for word in ["NaN", "nan", "inf", "-inf", "Infinity", "-Infinity", "1e309", "0x10", "1_000", "1e", "--1", "+-1"]:
        cases.append((f"equation with {word}", layout([json.dumps(f"a.width == {word}")] + fixed), ("refused", "/constraints/0")))
        cases.append((f"equation multiplier {word}", layout([json.dumps(f"a.width == root.width * {word} + 1")] + fixed), ("refused", "/constraints/0")))
        cases.append((f"equation priority {word}", layout([json.dumps(f"a.width == 5 @{word}")] + fixed), ("refused", "/constraints/0")))
        cases.append((f"visual format with {word}", layout([json.dumps({"visualFormat": f"H:|-{word}-[a]"}), '"a.width == 5"'] + fixed), ("refused", "/constraints/0")))
    for m in ["0", "-0", "5e-324", "1e-300", "0.0009", "1000.5", "1e300", "-1e300"]:
        cases.append((f"multiplier {m}", layout(['{"firstItem": "a", "firstAttribute": "width", "secondItem": "root", "multiplier": %s}' % m] + fixed), ("refused", "/constraints/0")))
        cases.append((f"equation multiplier {m}", layout([json.dumps(f"a.width == root.width * {m}")] + fixed), ("refused", "/constraints/0")))
        cases.append((f"equation divisor {m}", layout([json.dumps(f"a.width == root.width / {m}")] + fixed), ("refused", "/constraints/0")))
    for c in ["-0", "5e-324", "-5e-324", "0.0"]:
        # a.width == c with c within a denormal of 0: the frame is (0, 0, 0, 10) (a.height == 10).
        cases.append((f"constant {c}", layout(['{"firstItem": "a", "firstAttribute": "width", "constant": %s}' % c] + fixed), ("ok", [0, 0, 0, 10])))
    # The root 0 wide; a is pinned to its left and top, 10 high, and has no width: (0, 0, 0, 10).
    cases.append(("size -0", layout(fixed + ['"a.width == root.width"'], size='{"width": -0, "height": 100}'), ("ok", [0, 0, 0, 10])))
    return cases


def main():
    binary = sys.argv[1]
    tally = Tally()
    with Layoutd(binary, "--max-body", str(1 << 20)) as server:
        files = sorted(CORPUS.glob("*.json"))
        if not files:
            # As the Swift JSONTestSuiteTests do: the corpus lives beside the clone, not in it.
            print(f"skip  JSONTestSuite corpus not found at {CORPUS} (clone the repository beside shared/)")
        else:
            tally.check(f"JSONTestSuite corpus found at {CORPUS}", len(files) > 300, f"{len(files)} files")
        server_errors = []
        n_not_400 = []
        for path in files:
            status, _, body = request(server.port, "POST", "/solve", path.read_bytes(), JSON)
            if status >= 500:
                server_errors.append(f"{path.name}: {status}")
            if path.name.startswith("n_") and (status != 400 or b"invalid-json" not in body):
                n_not_400.append(f"{path.name}: {status}")
        tally.check(f"{len(files)} corpus bodies: no 5xx", not server_errors, server_errors[:10])
        tally.check("every n_ file is 400 invalid-json", not n_not_400, n_not_400[:10])

        for name, body, (expect, prefix) in numeric_matrix():
            status, headers, reply = request(server.port, "POST", "/solve", body, JSON)
            try:
                document = json.loads(reply)
            except ValueError:
                tally.check(f"numeric {name}: JSON answer", False, reply[:200])
                continue
            if expect == "refused":
                pointer = document.get("pointer")
                tally.check(f"numeric {name}: {status} with pointer {pointer!r}",
                            status in (400, 422) and headers.get("content-type") == "application/problem+json"
                            and isinstance(pointer, str) and pointer.startswith(prefix), document)
            else:
                frames = document.get("frames", {})
                finite = all(math.isfinite(v) for f in frames.values() for v in f.values())
                a = [frames.get("a", {}).get(k) for k in ("x", "y", "width", "height")]
                tally.check(f"numeric {name}: 200, finite frames, a = {prefix}", status == 200 and frames and finite
                            and all(v is not None and abs(v - e) < 1e-9 for v, e in zip(a, prefix)), document)

        for path, allow in ROUTES.items():
            for method in ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "TRACE", "BREW"]:
                if method in allow.split(", "):
                    continue
                status, headers, _ = request(server.port, method, path, b"{}" if method != "HEAD" else None, JSON)
                tally.check(f"{method} {path}: 405 with Allow {allow}", status == 405 and headers.get("allow") == allow,
                            f"{status} {headers.get('allow')}")
        for content_type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                             "application/json; charset=latin1", "application/jsonp", "application/xml", "", None]:
            headers = {"Content-Type": content_type} if content_type is not None else {}
            status, reply_headers, reply = request(server.port, "POST", "/solve", b"{}", headers)
            tally.check(f"Content-Type {content_type!r}: 415 problem", status == 415
                        and reply_headers.get("content-type") == "application/problem+json", f"{status} {reply[:100]}")

        tally.check("still alive: /healthz 200", request(server.port, "GET", "/healthz")[0] == 200)
        code = server.terminate()
        tally.check("exit 0 on SIGTERM", code == 0, f"exit {code}")
        reports = server.sanitizer_reports()
        tally.check("no sanitizer report", not reports, reports[:20])
    tally.finish()


main()
