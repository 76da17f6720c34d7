"""Load and soak against a real layoutd with wrk (Benchmarks/post.lua posting
Benchmarks/requests/twenty-views.json, a real 20-view layout):

  load   wrk -t2 -c256 for --duration seconds: 0 non-2xx answers, 0 socket errors;
  soak   --rounds rounds of --round-seconds each (same load): every round clean, and no growth:
         the lower RSS of the last two rounds ≤ the higher of the first two + max(10 %, 8 MiB).
         glibc's per-thread arenas make one reading swing by 15 MiB between rounds as they keep
         or return freed memory (30 → 46 MiB seen), so a single reading against a single reading
         fails on noise; a leak raises every later reading above every earlier one.
  memory four 10,000-view priority soups at once (Benchmarks/families.py; bodies over 64 KiB,
         so solved on the workers): each answered 200, and within 10 s RSS is back within
         32 MiB of what it was before them (the workers give freed memory back once idle for a
         second; glibc kept 140-170 MiB of it before).

layoutd runs as one would behind a load balancer that sends 256 connections from one address:
--per-ip-limit 0 and --queue 512 (so the 256 clients wait for a solver rather than get 503).

Usage: load.py PATH/TO/layoutd [--duration 60] [--rounds 5] [--round-seconds 20]
(prints 'N passed, N failed'; exit 1 on any failure)
"""
import argparse
import json
import pathlib
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Support"))
from harness import ROOT, Layoutd, Tally, request

MiB = 1 << 20


def wrk(port, seconds, connections):
    """Runs wrk; returns post.lua's WRK_JSON summary."""
    output = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency",
         "-s", str(ROOT / "Benchmarks" / "post.lua"), f"http://127.0.0.1:{port}/solve"],
        env=dict(os.environ, BODY_FILE=str(ROOT / "Benchmarks" / "requests" / "twenty-views.json")),
        capture_output=True, text=True, check=True).stdout
    line = next(l for l in output.splitlines() if l.startswith("WRK_JSON "))
    return json.loads(line[len("WRK_JSON "):])


def clean(tally, name, summary):
    return tally.check(f"{name}: {summary['requests']} requests, {summary['rps']:.0f}/s, p99 {summary['p99ms']:.1f} ms, "
                       f"{summary['non2xx']} non-2xx, {summary['errors']} socket errors",
                       summary["requests"] > 0 and summary["non2xx"] == 0 and summary["errors"] == 0, summary)


def large_solves_give_memory_back(tally, server):
    body = subprocess.run([sys.executable, str(ROOT / "Benchmarks" / "families.py"), "priority_soup", "10000"],
                          capture_output=True, check=True).stdout
    before = server.rss_bytes()
    with ThreadPoolExecutor(4) as clients:
        statuses = list(clients.map(lambda _: request(server.port, "POST", "/solve", body,
                                                      {"Content-Type": "application/json"}, timeout=120)[0], range(4)))
    tally.check("memory: four 10,000-view solves at once answered 200", statuses == [200] * 4, statuses)
    after = rss = server.rss_bytes()
    deadline = time.monotonic() + 10
    while rss > before + 32 * MiB and time.monotonic() < deadline:
        time.sleep(0.25)
        rss = server.rss_bytes()
    tally.check(f"memory: RSS back to {rss / MiB:.1f} MiB within 10 s (before {before / MiB:.1f} MiB, "
                f"just after {after / MiB:.1f} MiB; allowed before + 32 MiB)", rss <= before + 32 * MiB)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--duration", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--round-seconds", type=int, default=20)
    parser.add_argument("--connections", type=int, default=256)
    args = parser.parse_args()
    tally = Tally()
    if not tally.check("wrk is installed (bash .ci/setup --with-load-tools)", shutil.which("wrk") is not None):
        tally.finish()
    with Layoutd(args.binary, "--per-ip-limit", "0", "--queue", "512", "--log-level", "notice") as server:
        clean(tally, f"load {args.duration} s × {args.connections} connections", wrk(server.port, args.duration, args.connections))
        rss = []
        for round_number in range(1, args.rounds + 1):
            clean(tally, f"soak round {round_number}", wrk(server.port, args.round_seconds, args.connections))
            rss.append(server.rss_bytes())
            print(f"      RSS after round {round_number}: {rss[-1] / MiB:.1f} MiB", flush=True)
        if len(rss) >= 4:
            early, late = max(rss[:2]), min(rss[-2:])
            allowed = early + max(early // 10, 8 * MiB)
            tally.check(f"soak: RSS of the last two rounds (lower {late / MiB:.1f} MiB) ≤ {allowed / MiB:.1f} MiB "
                        f"(higher of rounds 1–2 {early / MiB:.1f} MiB + max(10 %, 8 MiB))", late <= allowed)
        large_solves_give_memory_back(tally, server)
        code = server.terminate()
        tally.check("exit 0 on SIGTERM", code == 0, f"exit {code}")
        reports = server.sanitizer_reports()
        tally.check("no sanitizer report", not reports, reports[:20])
    tally.finish()


main()
