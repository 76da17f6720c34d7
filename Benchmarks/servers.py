#!/usr/bin/env python3
"""Compares HTTP servers that are already running, under the same `wrk` load, in alternating rounds.

    python3 Benchmarks/servers.py --server layoutd http://127.0.0.1:PORT/solve PID \\
        --server hello http://127.0.0.1:HPORT/solve HPID [--body FILE | --get] [--rounds 5] \\
        [--duration 3s] [--connections 64] [--threads 2] [--wrk-prefix "chrt -b 0"]

How the server-side rows of Benchmarks/README.md's tables are measured: a shared VM's speed drifts
within minutes, so each round runs `wrk` (with `post.lua`) once against every server in turn, and
the report gives per server the medians over the rounds of
- requests/s;
- the server's CPU per request (user and system time of all its threads, from `/proc/PID/stat`);
- `wrk`'s CPU per request (its user and system time);
- the server's context switches per request, voluntary (it waited) and involuntary (it was
  preempted), summed over its threads from `/proc/PID/task/*/status`;
- and, for every server after the first, the median over the rounds of the first's requests/s
  divided by its own (with `hello.c` second, the twenty-view ratio of issue #9).
A round in which `wrk` saw a non-2xx answer or a socket error is reported and still counted.
Linux only (it reads `/proc`). `--wrk-prefix` runs `wrk` under another command (for example
`chrt -b 0`, to see what the server's answers cost `wrk` in preemption).
"""
import argparse
import json
import os
import pathlib
import re
import resource
import shlex
import statistics
import subprocess

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_BODY = HERE / "requests" / "twenty-views.json"
COLUMNS = ("requests/s", "server µs CPU/request", "wrk µs CPU/request", "voluntary switches/request",
           "involuntary switches/request")


def cpu_seconds(stat_text, ticks_per_second):
    """User and system time in `/proc/PID/stat`'s text, in seconds (fields 14 and 15; the name in
    parentheses may hold spaces, so fields are counted after its closing parenthesis)."""
    fields = stat_text.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks_per_second


def switches(status_texts):
    """Voluntary and involuntary context switches summed over threads' `status` texts."""
    voluntary = involuntary = 0
    for text in status_texts:
        voluntary += int(re.search(r"^voluntary_ctxt_switches:\s+(\d+)", text, re.M).group(1))
        involuntary += int(re.search(r"^nonvoluntary_ctxt_switches:\s+(\d+)", text, re.M).group(1))
    return voluntary, involuntary


def wrk_summary(output):
    """The `WRK_JSON` line `post.lua` prints, as a dict; None when `wrk` printed none."""
    match = re.search(r"^WRK_JSON (\{.*\})$", output, re.M)
    return json.loads(match.group(1)) if match else None


def summarize(rounds):
    """Medians per server of each column, and each later server's ratio to the first.

    `rounds` is a list of dicts, server name -> tuple in COLUMNS' order (requests/s first).
    Returns ({name: medians}, {name: median over the rounds of first's requests/s ÷ name's}).
    """
    names = list(rounds[0])
    medians = {name: tuple(statistics.median(r[name][i] for r in rounds) for i in range(len(COLUMNS)))
               for name in names}
    ratios = {name: statistics.median(r[names[0]][0] / r[name][0] for r in rounds) for name in names[1:]}
    return medians, ratios


def task_status_texts(pid):
    texts = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            texts.append(pathlib.Path(f"/proc/{pid}/task/{task}/status").read_text())
        except OSError:  # a thread that ended between the listing and the read
            pass
    return texts


def measure(url, pid, args):
    """One `wrk` run against url: the COLUMNS tuple and the summary line."""
    hz = os.sysconf("SC_CLK_TCK")
    stat = pathlib.Path(f"/proc/{pid}/stat")
    cpu0, sw0 = cpu_seconds(stat.read_text(), hz), switches(task_status_texts(pid))
    ru0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = dict(os.environ, WRK_METHOD="GET" if args.get else "POST", BODY_FILE=str(args.body))
    command = shlex.split(args.wrk_prefix) + [
        "wrk", f"-t{args.threads}", f"-c{args.connections}", f"-d{args.duration}", "--latency",
        "-s", str(HERE / "post.lua"), url]
    output = subprocess.run(command, capture_output=True, text=True, env=env).stdout
    ru1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu1, sw1 = cpu_seconds(stat.read_text(), hz), switches(task_status_texts(pid))
    summary = wrk_summary(output)
    if summary is None or summary["requests"] == 0:
        raise SystemExit(f"wrk gave no requests against {url}:\n{output}")
    n = summary["requests"]
    wrk_cpu = (ru1.ru_utime - ru0.ru_utime) + (ru1.ru_stime - ru0.ru_stime)
    row = (summary["rps"], (cpu1 - cpu0) / n * 1e6, wrk_cpu / n * 1e6,
           (sw1[0] - sw0[0]) / n, (sw1[1] - sw0[1]) / n)
    return row, summary


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", nargs=3, action="append", metavar=("NAME", "URL", "PID"), required=True)
    body = ap.add_mutually_exclusive_group()
    body.add_argument("--body", type=pathlib.Path, default=DEFAULT_BODY)
    body.add_argument("--get", action="store_true", help="a bodiless GET instead of a POST")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--duration", default="3s")
    ap.add_argument("--connections", type=int, default=64)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--wrk-prefix", default="")
    args = ap.parse_args()
    if len({name for name, _, _ in args.server}) != len(args.server):
        ap.error("server names must differ")
    rounds = []
    for number in range(1, args.rounds + 1):
        row = {}
        for name, url, pid in args.server:
            row[name], summary = measure(url, int(pid), args)
            trouble = f"  non-2xx {summary['non2xx']}, socket errors {summary['errors']}" \
                if summary["non2xx"] or summary["errors"] else ""
            print(f"round {number} {name}: " + ", ".join(f"{v:.2f} {c}" for v, c in zip(row[name], COLUMNS))
                  + trouble, flush=True)
        rounds.append(row)
    medians, ratios = summarize(rounds)
    print(f"\nmedians of {len(rounds)} rounds ({'GET' if args.get else args.body.name}, "
          f"wrk -t{args.threads} -c{args.connections} -d{args.duration}):")
    print("| server | " + " | ".join(COLUMNS) + " |")
    print("|---" * (len(COLUMNS) + 1) + "|")
    for name, values in medians.items():
        print(f"| {name} | {values[0]:.0f} | " + " | ".join(f"{v:.2f}" for v in values[1:]) + " |")
    first = args.server[0][0]
    for name, ratio in ratios.items():
        print(f"{first} ÷ {name}, requests/s: {ratio:.3f}")


if __name__ == "__main__":
    main()
