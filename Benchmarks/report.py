#!/usr/bin/env python3
"""Turn Benchmarks/out/results/ (written by run.sh) into the Markdown report.

Prints the report and writes it to --out (Benchmarks/results.md by default).
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare_frames import compare  # noqa: E402
from servers import wrk_summary  # noqa: E402

FAMILIES = ["flat_row", "nested_grid", "table_cells", "priority_soup"]
# kiwi build + solve as measured in /work/shared/reference/performance.md section 2 (same families,
# same seed; constraint order and load differ, so expect the same order of magnitude, not equality).
KIWI_REFERENCE = {("flat_row", 100): "135 ms", ("flat_row", 1000): "≈ 1000 s (extrapolated)",
                  ("nested_grid", 100): "12.4 ms", ("nested_grid", 1000): "1.11 s",
                  ("table_cells", 100): "5.6 ms", ("table_cells", 1000): "1.22 s",
                  ("priority_soup", 100): "13.5 ms", ("priority_soup", 1000): "2.27 s"}


def load(path):
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return None


def sh(cmd):
    try:
        return subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=30).stdout.strip()
    except Exception:
        return ""


def fmt_ms(ms):
    if ms is None:
        return "–"
    if ms >= 1000:
        return f"{ms / 1000:.2f} s"
    if ms >= 10:
        return f"{ms:.1f} ms"
    # Three significant digits, trailing zeros kept: 1.00 ms, not 1 ms, beside 0.957 ms.
    return f"{ms:#.3g} ms"


def machine():
    cpu = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 1048576:.1f} GiB"
    except OSError:
        pass
    return {"nproc": sh("nproc"), "cpu": cpu or platform.processor(), "mem": mem,
            "os": sh(". /etc/os-release 2>/dev/null && echo $PRETTY_NAME") or platform.platform(),
            "kernel": platform.release()}


def versions(root):
    kiwi_py = os.path.join(os.path.dirname(os.path.abspath(__file__)), ".venv", "bin", "python")
    return {
        "swift": sh("swift --version 2>&1 | head -1"),
        "python": platform.python_version(),
        "kiwisolver": sh(f"{kiwi_py} -c 'import kiwisolver; print(kiwisolver.__version__)'"),
        "wrk": sh("wrk --version 2>&1 | head -1 | awk '{print $2}'"),
        "libmicrohttpd": sh("dpkg-query -W -f '${Version}' libmicrohttpd-dev 2>/dev/null")
                         or sh("pkg-config --modversion libmicrohttpd"),
        # The last run's own results.md does not count: runs in a row would all say dirty.
        "commit": sh(f"git -C {root} rev-parse --short HEAD") +
                  (" (dirty tree)" if sh(f"git -C {root} status --porcelain --untracked-files=no -- . ':!Benchmarks/results.md'") else ""),
    }


def wrk_result(path):
    try:
        text = open(path).read()
    except OSError:
        return None
    d = wrk_summary(text)
    if d is None:
        m = re.search(r"Requests/sec:\s*([\d.]+)", text)
        if not m:
            return {"error": text.strip().splitlines()[-1] if text.strip() else "no output"}
        d = {"rps": float(m.group(1))}
    m = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", text)
    if m:
        d["non2xx"] = int(m.group(1))
    return d


def cpu_per_request(results, name, run):
    """(the server's, wrk's) µs of CPU (user and system) per request over the wrk run `name`,
    from what run.sh kept beside it (cpu-NAME.txt: `ticks=T hz=H wrk=S`: the server's clock
    ticks from /proc, wrk's seconds from bash's `time`); None for what is missing."""
    try:
        fields = dict(item.split("=", 1) for item in open(os.path.join(results, f"cpu-{name}.txt")).read().split())
    except (OSError, ValueError):
        return None, None
    requests = run.get("requests")
    if not requests:
        return None, None

    def per_request(seconds):
        return None if seconds is None else seconds * 1e6 / requests

    def number(key):
        try:
            return float(fields[key])
        except (KeyError, ValueError):
            return None

    ticks, hz = number("ticks"), number("hz")
    server = ticks / hz if ticks is not None and hz else None
    return per_request(server), per_request(number("wrk"))


# Issue #9's targets, in its order: the report's first table. A section that measures one sets
# goals[key] = (figure, met).
TARGETS = {
    "growth": "growth ≤ 1.15 from 1,000 to 10,000 views, every family",
    "solve-10000": "10,000-view solve ≤ 50 ms, every family",
    "solve-1000": "1,000-view solve ≤ 5 ms, every family",
    "kiwi": "≥ 100× kiwi at 1,000 views (nested grid, table cells, priority soup)",
    "flat-row": "flat row finished where kiwi does not",
    "p50": "1,000-view request p50 ≤ 10 ms (`wrk -t1 -c1`)",
    "ratio": "twenty-view requests/s ≥ 0.25 × the bare libmicrohttpd server's, same run",
    "sizes": "k sizes in one request ≤ 1 + 0.25·(k − 1) single solves",
    "memory": "peak RSS of a 10,000-view request ≤ 200 MB",
    "json": "request read and response written at ≥ 200 MB/s",
}


def ratio_rounds(results):
    """(layoutd req/s, hello req/s, ratio, layoutd CPU µs/request, hello CPU µs/request, wrk's
    CPU µs/request against layoutd, against hello) of each complete round of run.sh's
    alternating twenty-view runs (wrk-ratio-layoutd-N.txt, wrk-ratio-hello-N.txt, and their
    cpu-*.txt if kept), in round order."""
    rounds = []
    for n, lay, hel in complete_rounds(results):
        lay_cpu, lay_wrk = cpu_per_request(results, f"ratio-layoutd-{n}", lay)
        hel_cpu, hel_wrk = cpu_per_request(results, f"ratio-hello-{n}", hel)
        rounds.append((lay["rps"], hel["rps"], lay["rps"] / hel["rps"], lay_cpu, hel_cpu, lay_wrk, hel_wrk))
    return rounds


def complete_rounds(results):
    """(round number, layoutd's wrk result, hello.c's) of each round of run.sh's alternating
    twenty-view runs in which both servers answered, up to the first round with a run missing."""
    n = 1
    while True:
        lay = wrk_result(os.path.join(results, f"wrk-ratio-layoutd-{n}.txt"))
        hel = wrk_result(os.path.join(results, f"wrk-ratio-hello-{n}.txt"))
        if lay is None or hel is None:
            return
        if lay.get("rps") and hel.get("rps"):
            yield n, lay, hel
        n += 1


def peer_rounds(results):
    """(the round's place among the complete rounds, as ratio_rounds lists them; peer req/s, peer ÷
    hello, layoutd ÷ peer, peer CPU µs/request) of each complete round in which the calibrated peer
    answered too (wrk-ratio-peer-N.txt), and what peer.txt says of its calibration (work_us, bytes,
    after_us; {} when there is none)."""
    try:
        calibration = dict(item.split("=", 1) for item in open(os.path.join(results, "peer.txt")).read().split())
    except (OSError, ValueError):
        calibration = {}
    peers = []
    for place, (n, lay, hel) in enumerate(complete_rounds(results), 1):
        peer = wrk_result(os.path.join(results, f"wrk-ratio-peer-{n}.txt"))
        if peer and peer.get("rps"):
            peers.append((place, peer["rps"], peer["rps"] / hel["rps"], lay["rps"] / peer["rps"],
                          cpu_per_request(results, f"ratio-peer-{n}", peer)[0]))
    return peers, calibration


def fmt_cpu(us):
    return "–" if us is None else f"{us:.1f}"


def exponent(t1, t2, n1, n2):
    return math.log(t2 / t1) / math.log(n2 / n1)


def kib_file(path):
    """A peak resident set that step (k) kept, in KiB, or None."""
    text = open(path).read().strip() if os.path.exists(path) else ""
    return int(text) if text.isdigit() and int(text) > 0 else None


def fmt_mib(kib):
    return "–" if kib is None else f"{kib / 1024:.1f} MiB"


def latency_file(path):
    """What step (l) kept: (working set in KiB, ns a load) per line of `latency.c`, or None."""
    if not os.path.exists(path):
        return None
    pairs = []
    for line in open(path).read().split("\n"):
        fields = line.split()
        if len(fields) == 2 and fields[0].isdigit():
            try:
                pairs.append((int(fields[0]), float(fields[1])))
            except ValueError:
                return None
    return pairs or None


def fmt_latency(pairs):
    """`512 KiB 5.3, 2 MiB 15.9, …` (ns a load)."""
    def size(kib):
        return f"{kib // 1024} MiB" if kib % 1024 == 0 else f"{kib} KiB"
    return ", ".join(f"{size(kib)} {ns:.1f}" for kib, ns in pairs)


def goal_row(target, figure, met):
    """A row of the targets table; no figure: the run did not measure it."""
    verdict = "not measured" if figure is None else ("yes" if met else "**no**")
    return f"| {target} | {figure or '–'} | {verdict} |"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", required=True)
    ap.add_argument("--sizes", default="100,1000,10000")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--kiwi-limit", type=float, default=60)
    ap.add_argument("--bench-limit", type=float, default=600)
    ap.add_argument("--wrk-duration", default="10s")
    ap.add_argument("--wrk-big", default="table_cells-1000")
    ap.add_argument("--ratio-duration", default="3s")
    ap.add_argument("--command", default="Benchmarks/run.sh")
    ap.add_argument("--layoutd-args", default="")
    ap.add_argument("--tol", type=float, default=1e-6)
    ap.add_argument("--out")
    a = ap.parse_args()
    R = a.results
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sizes = [int(s) for s in a.sizes.split(",") if s]
    mach = machine()
    ver = versions(root)
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")

    L = []
    L.append("# layoutd benchmarks")
    L.append("")
    L.append(f"- **Date:** {now}")
    L.append(f"- **Command:** `{a.command}` (from the repository root)")
    L.append(f"- **Machine:** {mach['nproc']} × {mach['cpu']}, {mach['mem']} RAM, {mach['os']}, Linux {mach['kernel']}")
    load0 = (open(os.path.join(R, "load-start.txt")).read().split()[:3]
             if os.path.exists(os.path.join(R, "load-start.txt")) else None)
    load1 = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else None
    if load0 or load1:
        L.append(f"- **Load average (1/5/15 min):** {' '.join(load0) if load0 else '?'} at the start, "
                 f"{' '.join(load1) if load1 else '?'} at the end (a shared VM: compare ratios within one run)")
    latency = [(when, latency_file(os.path.join(R, f"latency-{when}.txt"))) for when in ("start", "end")]
    if any(pairs for _, pairs in latency):
        L.append("- **Memory latency** (step (l), `Benchmarks/latency.c`: a pointer chase over a random cycle, ns a load by "
                 "working set): " + "; ".join(f"{fmt_latency(pairs)} at the {when}" for when, pairs in latency if pairs)
                 + " (where a size's figure is near the largest one's, a working set of that size is served from memory, "
                 "not the caches, whatever L3 the VM reports; a 10,000-view soup's tables are about 30 MiB)")
    L.append(f"- **Versions:** {ver['swift'] or 'swift: not found'}; Python {ver['python']}, kiwisolver "
             f"{ver['kiwisolver'] or '?'}; wrk {ver['wrk'] or '?'}; libmicrohttpd {ver['libmicrohttpd'] or '?'}; "
             f"commit {ver['commit'] or '?'}")
    L.append(f"- **Method:** medians of {a.runs} runs (layoutd: in each of {a.processes} `layout bench` processes, "
             "and the median over the processes; kiwi: a fresh process per run, 1 run at N ≥ 10000; fewer where a run passes its "
             f"limit: kiwi {a.kiwi_limit:g} s per run, layout-bench {a.bench_limit:g} s per invocation). "
             "Times exclude JSON parsing (layout-bench reports it separately as parse). kiwi: build + "
             "addConstraint + updateVariables in a fresh process, strength 10^(6p/1000), p = 1000 required. "
             f"Frames agree = every frame of layoutd within {a.tol:g} of kiwi's.")
    L.append("")
    # Issue #9's targets, gathered by the sections below and listed here, before them.
    targets_at = len(L)
    goals = {}

    notes = []
    if os.path.exists(os.path.join(R, "bench.skipped")):
        notes.append("layout-bench was not run: neither `.build/release/layout-bench` nor `layout bench` was available (not written yet, or the build failed).")
    for p in ("layoutd", "layout-bench"):
        if os.path.exists(os.path.join(R, f"build-{p}.failed")):
            notes.append(f"`swift build -c release --static-swift-stdlib --product {p}` failed (Benchmarks/out/build-{p}.log).")

    # ---- solve table
    L.append("## Build + solve per family")
    L.append("")
    L.append("| family | N | views | constraints (wire) | layoutd parse | layoutd solve | µs/view | kiwi | kiwi ÷ layoutd | frames agree | kiwi in performance.md |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    solve = {}
    kiwi = {}
    factors = {}  # (family, N) -> (kiwi's time over layoutd's, or a lower bound; as shown)
    views = {}
    for fam in FAMILIES:
        for n in sizes:
            req = load(os.path.join(os.path.dirname(R), f"{fam}-{n}.json"))
            nv = len(req["views"]) if req else None
            views[(fam, n)] = nv
            nc = len(req["constraints"]) if req else None
            b = load(os.path.join(R, f"bench-{fam}-{n}.json"))
            k = load(os.path.join(R, f"kiwi-{fam}-{n}.json"))
            parse_s = solve_s = per_view = "–"
            lb_ms = None
            if b is None:
                solve_s = "skipped"
            elif b.get("timedOut"):
                solve_s = f"> {b.get('limitS', a.bench_limit):g} s"
            elif "error" in b:
                solve_s = f"error ({b['error']})"
            else:
                lb_ms = b.get("solveMs")
                parse_s = fmt_ms(b.get("parseMs"))
                solve_s = fmt_ms(lb_ms)
                if lb_ms is not None and nv:
                    per_view = f"{lb_ms * 1000 / nv:.2f}"
            solve[(fam, n)] = lb_ms
            k_ms = None
            if k is None:
                k_s = "skipped"
            elif k.get("medianMs") is not None:
                k_ms = k["medianMs"]
                k_s = fmt_ms(k_ms) + (f" ({len(k['runs'])} run{'s' if len(k['runs']) != 1 else ''}"
                                      f"{', then > limit' if k.get('timedOut') else ''})"
                                      if len(k["runs"]) != a.runs else "")
            elif k.get("timedOut"):
                k_s = f"> {k['limitS']:g} s"
            else:
                k_s = f"error ({k.get('error', '?')})"
            kiwi[(fam, n)] = (k_ms, k.get("timedOut") if k else None, k.get("limitS") if k else None)
            factor = (k_ms / lb_ms if (k_ms and lb_ms) else
                      k["limitS"] * 1000 / lb_ms if (k and k.get("timedOut") and not k_ms and lb_ms) else None)
            ratio = "–" if factor is None else (f"{factor:.1f}×" if k_ms else f"> {factor:.0f}×")
            factors[(fam, n)] = (factor, ratio)
            agree = "–"
            kf = load(os.path.join(R, f"kiwi-{fam}-{n}.frames.json"))
            if b and isinstance(b.get("frames"), dict) and kf:
                c = compare(b["frames"], kf, a.tol)
                agree = ("yes" if c["agree"] else f"**NO**: {c['differing']} views differ, {c['missingCount']} missing") \
                    + f" (max {c['maxDiff']:.1e})"
                if not c["agree"]:
                    notes.append(f"{fam} N={n}: worst view {c['worst']}: layoutd {c['worstFrames'][0]} "
                                 f"vs kiwi {c['worstFrames'][1]}")
            elif b and lb_ms is not None and not kf:
                agree = "– (kiwi did not finish)" if (k and k.get("timedOut")) else "no kiwi frames"
            L.append(f"| {fam} | {n} | {nv or '–'} | {nc or '–'} | {parse_s} | {solve_s} | {per_view} | {k_s} | {ratio} | {agree} | {KIWI_REFERENCE.get((fam, n), '–')} |")
    L.append("")
    for n, limit in ((1000, 5), (10000, 50)):
        times = {fam: solve.get((fam, n)) for fam in FAMILIES}
        if n in sizes and None not in times.values():
            goals[f"solve-{n}"] = (", ".join(f"{fam} {fmt_ms(t)}" for fam, t in times.items()),
                                   all(t <= limit for t in times.values()))
    faster = [(fam, *factors.get((fam, 1000), (None, None))) for fam in ("nested_grid", "table_cells", "priority_soup")]
    if all(factor for _, factor, _ in faster):
        goals["kiwi"] = (", ".join(f"{fam} {text}" for fam, _, text in faster),
                         all(factor >= 100 for _, factor, _ in faster))
    flat = {n: kiwi.get(("flat_row", n), (None,) * 3) for n in sizes}
    unfinished = [n for n, (k_ms, timed_out, _) in flat.items() if timed_out and not k_ms]
    finished = [solve.get(("flat_row", n)) for n in (unfinished or sizes)]
    if unfinished:
        goals["flat-row"] = (f"kiwi > {flat[unfinished[0]][2]:g} s at N = {', '.join(f'{n:,}' for n in unfinished)}; "
                             "layoutd " + ", ".join(fmt_ms(t) if t else "did not finish" for t in finished),
                             all(finished))
    elif any(k_ms for k_ms, _, _ in flat.values()):
        goals["flat-row"] = ("kiwi finished at every N", all(finished))

    def count_file(stem):
        path = os.path.join(R, f"instructions-{stem}.txt")
        text = open(path).read().strip() if os.path.exists(path) else ""
        return int(text) if text.isdigit() and int(text) > 0 else None

    instructions = {(fam, n): count_file(f"{fam}-{n}") for fam in FAMILIES for n in sizes}
    instructions = {key: count for key, count in instructions.items() if count}
    phases = ("Parse", "Read", "Solve", "Write")
    request_instructions = {(req, phase): count_file(f"{req}-{phase}")
                            for req in ("one-view", "twenty-views") for phase in phases}

    # ---- growth exponents
    growth = {}
    if len(sizes) >= 2:
        n1, n2 = (1000, 10000) if {1000, 10000} <= set(sizes) else tuple(sorted(sizes)[-2:])
        L.append(f"## Growth exponents (slope of log time vs log views between N = {n1} and {n2})")
        L.append("")
        nested = (views.get(("nested_grid", n1)), views.get(("nested_grid", n2)))
        made = f" (the nested grid's tree of fan-out 4 makes {nested[0]:,} and {nested[1]:,})" if all(nested) else ""
        L.append(f"Against the views each request has{made}, or N where a request is missing.")
        L.append("")
        L.append("| family | layoutd | kiwi | layoutd's instructions |")
        L.append("|---|---:|---:|---:|")
        for fam in FAMILIES:
            v1, v2 = views.get((fam, n1)) or n1, views.get((fam, n2)) or n2
            t1, t2 = solve.get((fam, n1)), solve.get((fam, n2))
            if t1 and t2:
                growth[fam] = exponent(t1, t2, v1, v2)
            e_l = f"{growth[fam]:.2f}" if fam in growth else "–"
            i1, i2 = instructions.get((fam, n1)), instructions.get((fam, n2))
            e_i = f"{exponent(i1, i2, v1, v2):.2f}" if (i1 and i2) else "–"
            k1, k2 = kiwi.get((fam, n1), (None,) * 3), kiwi.get((fam, n2), (None,) * 3)
            if k1[0] and k2[0]:
                e_k = f"{exponent(k1[0], k2[0], v1, v2):.2f}"
            elif k1[0] and k2[1] and k2[2]:
                e_k = f"> {exponent(k1[0], k2[2] * 1000, v1, v2):.2f} (N={n2} passed its limit)"
            else:
                e_k = "–"
            L.append(f"| {fam} | {e_l} | {e_k} | {e_i} |")
        L.append("")
        if instructions:
            L.append("The last column is the slope of the instructions one solve executes (counted below): the "
                     "solver's work, which the machine's caches and its neighbours do not move.")
            L.append("")

    if {1000, 10000} <= set(sizes) and len(growth) == len(FAMILIES):
        # Three decimals, or four where three would round a miss down to the limit.
        goals["growth"] = (", ".join(f"{fam} {e:.{4 if 1.15 < e < 1.1505 else 3}f}" for fam, e in growth.items()),
                           all(e <= 1.15 for e in growth.values()))

    # ---- instructions per solve
    if instructions:
        L.append("## Instructions per solve (callgrind, one solve)")
        L.append("")
        L.append("`valgrind --tool=callgrind --toggle-collect='*countedSolve*'` on `layout bench FILE --runs 1`: "
                 "the instructions of one solve, parsing and writing excluded.")
        L.append("")
        L.append("| family | " + " | ".join(f"N = {n}" for n in sizes) + " | per view at the largest N |")
        L.append("|---|" + "---:|" * (len(sizes) + 1))
        for fam in FAMILIES:
            cells = [f"{instructions[(fam, n)]:,}" if instructions.get((fam, n)) else "–" for n in sizes]
            last, nv = instructions.get((fam, sizes[-1])), views.get((fam, sizes[-1])) or sizes[-1]
            L.append(f"| {fam} | " + " | ".join(cells) + f" | {f'{last / nv:,.0f}' if last and nv else '–'} |")
        L.append("")

    # ---- a small request's instructions, phase by phase
    if any(request_instructions.values()):
        L.append("## A small request's instructions (callgrind, per request as a server runs it)")
        L.append("")
        L.append("`valgrind --tool=callgrind --toggle-collect='*countedPHASE*'` on `layout bench FILE --runs 11` "
                 "and `--runs 21`, the difference over 10: each phase's instructions a request once its first run "
                 "has sized the tables. The read includes the JSON parse; a request's own work is read + solve + "
                 "write (the HTTP layer, the kernel and libmicrohttpd are not counted). Unlike the times, these "
                 "do not move with the machine's load or its neighbours: the figure to compare between commits.")
        L.append("")
        L.append("| request | JSON parse | read (JSON parse included) | solve | write | read + solve + write |")
        L.append("|---|---:|---:|---:|---:|---:|")
        for req, body in (("one-view", "`one-view.json`"), ("twenty-views", "`twenty-views.json`")):
            counts = [request_instructions[(req, phase)] for phase in phases]
            total = sum(counts[1:]) if all(counts[1:]) else None
            L.append(f"| {body} | " + " | ".join(f"{c:,}" if c else "–" for c in counts + [total]) + " |")
        L.append("")

    # ---- JSON read and write
    L.append("## JSON read and write (layout bench, medians)")
    L.append("")
    L.append("JSON parse = the JSON module's tape parser alone on the body (`jsonReadMBps`); simdjson = the peer, "
             "simdjson's DOM parser on the same body in its best case (step (i): `Benchmarks/simdjson_bench.cpp`, "
             "one parser reused, the body already padded; median of as many parses); request read = "
             "JSON, validation and the model, what parse above times (`readMBps`); response write = the "
             "answer's JSON (`writeMBps`). 1 MB = 10⁶ bytes of the request body (of the response for write).")
    L.append("")
    L.append("| family | N | body bytes | JSON parse | simdjson | JSON parse ÷ simdjson | request read | response write |")
    L.append("|---|---:|---:|---:|---:|---:|---:|---:|")

    def rate(d, key):
        v = d.get(key)
        return v if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) else None

    def mbps(d, key):
        v = rate(d, key)
        return "–" if v is None else f"{v:.0f} MB/s"
    rates = {"jsonReadMBps": [], "readMBps": [], "writeMBps": []}
    for fam in FAMILIES:
        for n in sizes:
            b = load(os.path.join(R, f"bench-{fam}-{n}.json"))
            b = b if isinstance(b, dict) else {}
            path = os.path.join(os.path.dirname(R), f"{fam}-{n}.json")
            size = f"{os.path.getsize(path):,}" if os.path.exists(path) else "–"
            peer = load(os.path.join(R, f"simdjson-{fam}-{n}.json"))
            peer = peer if isinstance(peer, dict) else {}
            ours, theirs = b.get('jsonReadMBps'), peer.get('mbps')
            quotient = f"{ours / theirs:.2f}" if isinstance(ours, (int, float)) and isinstance(theirs, (int, float)) and theirs > 0 else "–"
            L.append(f"| {fam} | {n} | {size} | {mbps(b, 'jsonReadMBps')} | {mbps(peer, 'mbps')} | {quotient} | "
                     f"{mbps(b, 'readMBps')} | {mbps(b, 'writeMBps')} |")
            for key, values in rates.items():
                if rate(b, key) is not None:
                    values.append(b[key])
    L.append("")
    if all(len(values) == len(FAMILIES) * len(sizes) for values in rates.values()):
        spans = {key: f"{min(values):,.0f}–{max(values):,.0f} MB/s" for key, values in rates.items()}
        goals["json"] = (f"request read {spans['readMBps']} (the JSON parser alone {spans['jsonReadMBps']}), "
                         f"response written {spans['writeMBps']}",
                         min(rates["readMBps"]) >= 200 and min(rates["writeMBps"]) >= 200)

    # ---- constraint forms (step j)
    forms = [("plain objects", "twenty-views.json", load(os.path.join(R, "form-plain.json"))),
             ("equation strings", "twenty-views-equations.json", load(os.path.join(R, "form-equations.json"))),
             ("Masonry chains", "twenty-views-masonry.json", load(os.path.join(R, "form-masonry.json")))]
    if any(d is not None for _, _, d in forms):
        L.append("## Reading each constraint form (the twenty-view screen, layout bench, medians)")
        L.append("")
        L.append("The 65 constraints of the wrk body (`Benchmarks/requests/twenty-views.json`) and the same "
                 "request with each written as an equation string (`twenty-views-equations.json`) and as a "
                 "Masonry chain (`twenty-views-masonry.json`): request read = JSON, validation and the model, "
                 "as above; ÷ plain = its time over the plain form's.")
        L.append("")
        L.append("| form | body bytes | request read | read MB/s | ÷ plain |")
        L.append("|---|---:|---:|---:|---:|")
        plain = (forms[0][2] or {}).get("parseMs")
        requests = os.path.join(os.path.dirname(os.path.abspath(__file__)), "requests")
        for name, file, d in forms:
            d = d if isinstance(d, dict) else {}
            path = os.path.join(requests, file)
            size = f"{os.path.getsize(path):,}" if os.path.exists(path) else "–"
            ms = d.get("parseMs")
            read = f"{ms * 1000:.1f} µs" if isinstance(ms, (int, float)) else "–"
            quotient = f"{ms / plain:.2f}" if isinstance(ms, (int, float)) and isinstance(plain, (int, float)) and plain > 0 else "–"
            L.append(f"| {name} | {size} | {read} | {mbps(d, 'readMBps')} | {quotient} |")
        L.append("")

    # ---- several sizes (step g)
    sized = {k: load(os.path.join(R, f"sizes-{k}.json")) for k in (1, 4, 8)}
    if any(d is not None for d in sized.values()):
        L.append("## Several sizes in one request (table_cells-1000, `sizes` with k widths, layout bench)")
        L.append("")
        L.append("The request of the solve table above with `size` replaced by `sizes`: k distinct widths, "
                 "the height left to the family (fitting). solve = the median time of the whole request, "
                 "all k layouts; the issue's target is 1 + 0.25·(k − 1) single solves.")
        L.append("")
        L.append("| k | widths | status | solve | ÷ k = 1 | target 1 + 0.25·(k − 1) | met |")
        L.append("|---:|---|---|---:|---:|---:|---|")
        base = sized.get(1) or {}
        base_ms = base.get("solveMs") if base.get("status") == "ok" else None
        verdicts = []
        for k, d in sized.items():
            req = load(os.path.join(os.path.dirname(R), f"table_cells-1000-sizes{k}.json"))
            widths = ", ".join(f"{s.get('width', '–'):g}" if isinstance(s.get("width"), (int, float)) else "–"
                               for s in req.get("sizes", [])) if isinstance(req, dict) else "–"
            target = 1 + 0.25 * (k - 1)
            if d is None:
                L.append(f"| {k} | {widths} | skipped | | | {target:.2f} | |")
                continue
            if d.get("timedOut"):
                L.append(f"| {k} | {widths} | > {d.get('limitS', a.bench_limit):g} s | | | {target:.2f} | no |")
                verdicts.append((f"k = {k}: > {d.get('limitS', a.bench_limit):g} s", False))
                continue
            if d.get("solveMs") is None:
                L.append(f"| {k} | {widths} | error ({d.get('error', '?')}) | | | {target:.2f} | |")
                continue
            status = d.get("status", "?")
            if base_ms:
                ratio = d["solveMs"] / base_ms
                met = "yes" if ratio <= target and status == "ok" else ("no" if status == "ok" else f"no (status {status})")
                ratio_s = f"{ratio:.2f}"
                if k > 1:
                    verdicts.append((f"k = {k}: {ratio_s} (≤ {target:.2f})", met == "yes"))
            else:
                ratio_s, met = "–", "–"
            L.append(f"| {k} | {widths} | {status} | {fmt_ms(d['solveMs'])} | {ratio_s} | {target:.2f} | {met} |")
        L.append("")
        if len(verdicts) == len(sized) - 1:
            goals["sizes"] = ("; ".join(text for text, _ in verdicts), all(met for _, met in verdicts))

    # ---- peak memory (step k)
    largest = max(sizes)
    memory = {fam: (kib_file(os.path.join(R, f"memory-{fam}-{largest}-solve.txt")),
                    kib_file(os.path.join(R, f"memory-{fam}-{largest}-server.txt"))) for fam in FAMILIES}
    if any(any(pair) for pair in memory.values()):
        L.append(f"## Peak memory (N = {largest:,}, one request)")
        L.append("")
        L.append("`layout solve FILE`: the process's peak resident set, as the kernel reports it when the process "
                 "exits; layoutd: `VmHWM` of a fresh server after one `POST` of the file (the server's own baseline "
                 "included). 1 MiB = 2²⁰ bytes; the issue's bound is 200 MB = 200 × 10⁶ bytes.")
        L.append("")
        L.append("| family | N | body bytes | `layout solve` | layoutd after one `POST` |")
        L.append("|---|---:|---:|---:|---:|")
        for fam, (solved, served) in memory.items():
            path = os.path.join(os.path.dirname(R), f"{fam}-{largest}.json")
            size = f"{os.path.getsize(path):,}" if os.path.exists(path) else "–"
            L.append(f"| {fam} | {largest} | {size} | {fmt_mib(solved)} | {fmt_mib(served)} |")
        L.append("")
        if largest >= 10000 and all(all(pair) for pair in memory.values()):
            solved, served = ([pair[i] for pair in memory.values()] for i in (0, 1))
            goals["memory"] = (f"`layout solve` {min(solved) / 1024:.1f}–{fmt_mib(max(solved))}, "
                               f"layoutd {min(served) / 1024:.1f}–{fmt_mib(max(served))}",
                               max(solved + served) * 1024 <= 200e6)

    # ---- wrk
    L.append(f"## HTTP end to end (wrk -d{a.wrk_duration} --latency, loopback, server and wrk share the cores)")
    L.append("")
    if a.layoutd_args:
        L.append(f"layoutd started as `layoutd {a.layoutd_args}`; the hello server is `Benchmarks/hello.c` "
                 "(epoll, internal thread pool of 2, fixed 200-byte answer). Both on 127.0.0.1, same run.")
        L.append("")
    L.append("At 64 connections (`-t2 -c64`) the latencies are mostly queueing (by Little's law, 64 ÷ req/s); "
             "at one connection (`-t1 -c1`) p50 is a request's own time, HTTP included. Server CPU µs/request: "
             "the server's user and system time from `/proc` over the run ÷ the requests it answered (kept for "
             "the 64-connection runs; `wrk` shares the cores).")
    L.append("")
    L.append("| server | body | connections | bytes | req/s | p50 | p90 | p99 | errors | non-2xx | ÷ hello req/s "
             "| server CPU µs/request |")
    L.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    bench_dir = os.path.dirname(os.path.abspath(__file__))
    twenty = os.path.join(bench_dir, "requests", "twenty-views.json")
    one = os.path.join(bench_dir, "requests", "one-view.json")
    big = os.path.join(os.path.dirname(R), f"{a.wrk_big}.json")
    hello = wrk_result(os.path.join(R, "wrk-hello-twenty.txt"))
    big_name = f"{a.wrk_big} ({len(load(big)['views']) if load(big) else '?'} views)"
    rows = [("layoutd", "twenty-views (20 views)", 64, twenty, "wrk-layoutd-twenty.txt"),
            ("layoutd", big_name, 64, big, "wrk-layoutd-big.txt"),
            ("layoutd", "GET /healthz (no body, no solve)", 64, None, "wrk-layoutd-healthz.txt"),
            ("layoutd", "one-view (the root alone)", 64, one, "wrk-layoutd-one.txt"),
            ("layoutd --network-solve-ms 0 (every solve on a worker)", "twenty-views (20 views)", 64, twenty,
             "wrk-layoutd-twenty-workers.txt"),
            ("hello.c (bare libmicrohttpd)", "twenty-views (20 views)", 64, twenty, "wrk-hello-twenty.txt"),
            ("layoutd", "twenty-views (20 views)", 1, twenty, "wrk-layoutd-twenty-c1.txt"),
            ("layoutd", big_name, 1, big, "wrk-layoutd-big-c1.txt")]
    for server, body, connections, path, fname in rows:
        size = os.path.getsize(path) if path and os.path.exists(path) else "–"
        w = wrk_result(os.path.join(R, fname))
        if w is None or "rps" not in w:
            why = "skipped" if w is None else f"error: {w.get('error')}"
            L.append(f"| {server} | {body} | {connections} | {size} | {why} | | | | | | | |")
            continue
        ratio = f"{w['rps'] / hello['rps']:.3f}" if connections == 64 and hello and hello.get("rps") else "–"
        cpu, _ = cpu_per_request(R, fname[len("wrk-"):-len(".txt")], w)
        L.append(f"| {server} | {body} | {connections} | {size} | {w['rps']:.0f} | {w.get('p50ms', 0):.3f} ms | "
                 f"{w.get('p90ms', 0):.3f} ms | {w.get('p99ms', 0):.3f} ms | {w.get('errors', '–')} | "
                 f"{w.get('non2xx', 0)} | {ratio} | {fmt_cpu(cpu)} |")
    little = []
    for label, fname in (("layoutd twenty-views", "wrk-layoutd-twenty.txt"), (f"layoutd {a.wrk_big}", "wrk-layoutd-big.txt"),
                         ("hello.c", "wrk-hello-twenty.txt")):
        w = wrk_result(os.path.join(R, fname))
        if w and w.get("rps") and w.get("p50ms") is not None:
            little.append(f"{label} {64000 / w['rps']:.2f} ms (p50 {w['p50ms']:.2f} ms)")
    if little:
        L.append("")
        L.append("Little's law at 64 connections, 64 ÷ req/s: " + "; ".join(little) + ".")
    targets = []
    big_c1 = wrk_result(os.path.join(R, "wrk-layoutd-big-c1.txt"))
    if big_c1 and big_c1.get("p50ms") is not None and big_c1.get("rps"):
        met = big_c1["p50ms"] <= 10
        targets.append(f"{a.wrk_big} p50 at one connection {big_c1['p50ms']:.2f} ms (≤ 10 ms: {'met' if met else 'not met'})")
        goals["p50"] = (f"{a.wrk_big}: {big_c1['p50ms']:.2f} ms", met)
    rounds = ratio_rounds(R)
    if rounds:
        ratios = sorted(r for _, _, r, *_ in rounds)
        r = statistics.median(ratios)
        targets.append(f"twenty-views req/s ÷ hello {r:.3f}, the median of {len(rounds)} alternating rounds "
                       f"({ratios[0]:.3f}–{ratios[-1]:.3f}; ≥ 0.25: {'met' if r >= 0.25 else 'not met'})")
        peers, calibration = peer_rounds(R)
        ceiling = statistics.median(p for _, _, p, _, _ in peers) if peers else None
        goals["ratio"] = (f"{r:.3f}, the median of {len(rounds)} alternating rounds ({ratios[0]:.3f}–{ratios[-1]:.3f})"
                          + (f"; a server with no cost but libmicrohttpd's and the request's own work (the calibrated "
                             f"peer) {ceiling:.3f}" if ceiling is not None else ""),
                          r >= 0.25)
    floor = wrk_result(os.path.join(R, "wrk-layoutd-healthz.txt"))
    if floor and floor.get("rps") and hello and hello.get("rps"):
        targets.append(f"for scale, layoutd's bodiless GET /healthz ÷ hello {floor['rps'] / hello['rps']:.3f} "
                       "(the server and its Swift handler with no request body, JSON or solve)")
    one_view = wrk_result(os.path.join(R, "wrk-layoutd-one.txt"))
    if one_view and one_view.get("rps") and hello and hello.get("rps"):
        targets.append(f"the one-view request ÷ hello {one_view['rps'] / hello['rps']:.3f} (every POST's own cost: "
                       "body, JSON, a solve of the root's size, the answer; the twenty-view ratio's ceiling)")
    if rounds:
        L.append("")
        L.append(f"Twenty views against hello.c in alternating rounds (`wrk -t2 -c64 -d{a.ratio_duration}`, "
                 "layoutd then hello.c in each round, both servers running throughout): the target's figure is "
                 "their median, as one pair of runs moves with a shared VM whose speed drifts:")
        L.append("")
        L.append("| round | layoutd req/s | hello.c req/s | ratio | layoutd CPU µs/request | hello.c CPU µs/request "
                 "| wrk CPU µs/request, layoutd's run | wrk CPU µs/request, hello.c's run |")
        L.append("|---:|---:|---:|---:|---:|---:|---:|---:|")
        for i, (lay, hel, r, *cpu) in enumerate(rounds, 1):
            L.append(f"| {i} | {lay:.0f} | {hel:.0f} | {r:.3f} | " + " | ".join(fmt_cpu(c) for c in cpu) + " |")
        cpus = [[c for c in column if c is not None] for column in zip(*(x[3:] for x in rounds))]
        if all(cpus[:2]):
            L.append("")
            L.append(f"CPU per request (each server's user and system time from `/proc` over its runs, ÷ the "
                     f"requests it answered; `wrk` shares the two cores): layoutd {statistics.median(cpus[0]):.1f} µs, "
                     f"hello.c {statistics.median(cpus[1]):.1f} µs, medians of the rounds.")
        if all(cpus[2:]):
            L.append(f"`wrk`'s own CPU per request (user and system, bash's `time`): "
                     f"{statistics.median(cpus[2]):.1f} µs against layoutd, {statistics.median(cpus[3]):.1f} µs "
                     "against hello.c, medians of the rounds: the cores' time that the ratio counts and neither server spends.")
        if peers:
            work = calibration.get("work_us", "?")
            after = f"; {calibration['after_us']} µs just after them" if "after_us" in calibration else ""
            L.append("")
            L.append(f"The calibrated peer ran in each round after hello.c: `hello.c` spinning {work} µs of CPU in "
                     "registers before each answer (the twenty-view request's own work, its read, solve and write "
                     f"in `layout bench` just before the rounds{after}) and answering layoutd's "
                     f"{calibration.get('bytes', '?')} bytes. It is a server whose only costs are libmicrohttpd's "
                     "and that work: its requests/s over hello.c's is the ratio layoutd would reach at this speed "
                     "with no overhead of its own.")
            L.append("")
            L.append("| round | peer req/s | peer ÷ hello.c | layoutd ÷ peer | peer CPU µs/request |")
            L.append("|---:|---:|---:|---:|---:|")
            for place, rps, over_hello, layoutd_over, cpu in peers:
                L.append(f"| {place} | {rps:.0f} | {over_hello:.3f} | {layoutd_over:.3f} | {fmt_cpu(cpu)} |")
            L.append("")
            L.append(f"Medians of the {len(peers)} rounds: peer ÷ hello.c {ceiling:.3f}, layoutd ÷ peer "
                     f"{statistics.median(q for _, _, _, q, _ in peers):.3f}.")
    if targets:
        L.append("")
        L.append("Issue #9 targets: " + "; ".join(targets) + ".")
    for f in ("wrk-layoutd.skipped", "wrk-hello.skipped"):
        p = os.path.join(R, f)
        if os.path.exists(p):
            notes.append(f"{f.replace('.skipped', '')}: skipped ({open(p).read().strip()}).")
    L.append("")

    # ---- diagnosis cost (conflict_ratio.py)
    conflict_ratio = os.path.join(R, "conflict-ratio.md")
    if os.path.exists(conflict_ratio):
        L.extend(open(conflict_ratio).read().strip().splitlines())
        L.append("")

    # ---- counts
    counts = os.path.join(R, "counts.md")
    if os.path.exists(counts):
        L.append("## Problem sizes (Benchmarks/families.py, seed 1)")
        L.append("")
        L.append("constraints = the family's own list as in performance.md §1 (root left/top/width included); "
                 "intrinsic = intrinsic-size constraints (2 per axis); wire = constraints in the request "
                 "(root left/top dropped, root width/height as `size`).")
        L.append("")
        L.extend(open(counts).read().strip().splitlines())
        L.append("")

    summary = ["## Issue #9's targets", "",
               "Each target of issue #9 with this run's figure (the sections below give every figure and how it "
               "was measured).", "",
               "| target | this run | met |", "|---|---|---|"]
    summary += [goal_row(target, *goals.get(key, (None, None))) for key, target in TARGETS.items()]
    L[targets_at:targets_at] = summary + [""]

    if notes:
        L.append("## Notes")
        L.append("")
        L.extend(f"- {n}" for n in notes)
        L.append("")

    text = "\n".join(L)
    print(text)
    if a.out:
        with open(a.out, "w") as fh:
            fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
