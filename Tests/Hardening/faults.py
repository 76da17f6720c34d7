"""Faults against a real layoutd (run it built with --sanitize=address to also catch memory
errors; the sanitizer's report goes to layoutd's stderr, which every check here reads):

  midbody    1,000 clients that send a request head and part of the body, then leave: 0
             connections left behind (layoutd_connections_open in /metrics), still serving.
  sigterm    SIGTERM under keep-alive load: every request sent before the signal gets a complete
             200, no response is ever cut short, later requests are only refused (never half
             answered), exit 0 within the drain deadline.
  slowloris  slowhttptest (slow headers, then slow bodies) from 127.0.0.1, holding as many
             connections as the per-IP limit lets it, while another client on 127.0.0.2 posts the
             centred-box layout: every answer 200, p99 < 100 ms.
  busy       every solver slot busy with a long solve: GET /healthz p99 < 100 ms.

Usage: faults.py PATH/TO/layoutd [CHECK ...] [--slowloris-seconds S]
(prints 'N passed, N failed'; exit 1 on any failure)
"""
import argparse
import errno
import json
import pathlib
import shutil
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Support"))
from harness import JSON, ROOT, Layoutd, Tally, connect, encode_request, percentile, read_response, request

TWENTY_VIEWS = (ROOT / "Benchmarks" / "requests" / "twenty-views.json").read_bytes()
CENTRED_BOX = json.dumps({"size": {"width": 375, "height": 667},
                          "views": [{"id": "root"}, {"id": "box", "parent": "root"}],
                          "constraints": ["box.centerX == root.centerX", "box.centerY == root.centerY",
                                          "box.width == 200", "box.height == 200"]}).encode()


def long_solve(rows):
    """A grid of rows × 10 views, each row as wide as the root and chained edge to edge with
    equal widths: rows × 10 × 5 constraints, for solves that take a while on purpose."""
    views = [{"id": "root"}]
    constraints = []
    for r in range(rows):
        for c in range(10):
            v = f"v{r}_{c}"
            views.append({"id": v, "parent": "root"})
            left = "root.left" if c == 0 else f"v{r}_{c - 1}.right"
            constraints += [f"{v}.left == {left}", f"{v}.height == 10", f"{v}.top == root.top + {r * 10}"]
            constraints.append(f"{v}.width == v{r}_0.width" if c else f"{v}.width >= 1")
        constraints.append(f"v{r}_9.right == root.right")
    return json.dumps({"size": {"width": 1000, "height": rows * 10}, "views": views, "constraints": constraints}).encode()


def check_clean(tally, name, server):
    reports = server.sanitizer_reports()
    tally.check(f"{name}: no sanitizer report", not reports, reports[:20])


def midbody(tally, binary):
    with Layoutd(binary, "--connection-timeout", "60") as server:
        head = ("POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                "Content-Length: 100000\r\n\r\n").encode() + TWENTY_VIEWS[:500]
        failures = []

        def clients(worker):
            for i in range(250):
                try:
                    # Spread over 50 loopback addresses: the per-IP limit stays on.
                    sock = connect(server.port, source=f"127.0.1.{1 + (worker * 250 + i) % 50}")
                    sock.sendall(head)
                    if i % 2:
                        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                    sock.close()  # half of them reset (linger 0), half close with FIN
                except OSError as error:
                    failures.append(repr(error))

        threads = [threading.Thread(daemon=True, target=clients, args=(w,)) for w in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        tally.check("midbody: 1,000 clients connected and sent part of a body", not failures, failures[:5])
        open_connections = None
        for _ in range(100):
            open_connections = server.metric("layoutd_connections_open")
            if open_connections == 1:  # the /metrics request's own connection
                break
            time.sleep(0.05)
        tally.check("midbody: 0 connections left behind", open_connections == 1, f"open {open_connections}")
        status, _, _ = request(server.port, "POST", "/solve", TWENTY_VIEWS, JSON)
        tally.check("midbody: still solving", status == 200, status)
        code = server.terminate()
        tally.check("midbody: exit 0", code == 0, f"exit {code}")
        check_clean(tally, "midbody", server)


def sigterm(tally, binary):
    with Layoutd(binary, "--drain-seconds", "20", "--workers", "2", "--queue", "16") as server:
        signalled = threading.Event()
        signal_time = [0.0]
        outcomes = []  # (sent_at, kind, detail)
        lock = threading.Lock()
        message = encode_request("POST", "/solve", TWENTY_VIEWS, JSON)

        def client():
            sock = None
            while True:
                try:
                    if sock is None:
                        sock = connect(server.port)
                    sent_at = time.monotonic()
                    sock.sendall(message)
                except OSError as error:
                    with lock:
                        outcomes.append((time.monotonic(), "not sent", error.errno))
                    if sock is not None:
                        sock.close()
                    if signalled.is_set():
                        return
                    sock = None
                    continue
                try:
                    status, headers, body = read_response(sock)
                    with lock:
                        outcomes.append((sent_at, "complete", status))
                    if headers.get("connection", "").lower() == "close":
                        sock.close()
                        sock = None
                except ConnectionError as error:
                    # Nothing at all came back: refused by the draining server. Anything else is
                    # a response cut short.
                    kind = "refused" if "after 0 bytes of head" in str(error) else "cut short"
                    with lock:
                        outcomes.append((sent_at, kind, str(error)))
                    sock.close()
                    sock = None
                except OSError as error:
                    kind = "refused" if error.errno in (errno.ECONNRESET, errno.EPIPE) else "cut short"
                    with lock:
                        outcomes.append((sent_at, kind, repr(error)))
                    sock.close()
                    sock = None
                if signalled.is_set() and sock is None:
                    return

        threads = [threading.Thread(daemon=True, target=client) for _ in range(12)]
        for t in threads:
            t.start()
        # Signal once the load is well under way: 60 answers (a fixed wait gave too few on a
        # loaded machine with the sanitizer build), at most 60 s.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with lock:
                if sum(1 for o in outcomes if o[1] == "complete") >= 60:
                    break
            time.sleep(0.05)
        signal_time[0] = time.monotonic()
        signalled.set()
        code = server.terminate(timeout=30)
        exited_after = time.monotonic() - signal_time[0]
        for t in threads:
            t.join(timeout=30)
        before = [o for o in outcomes if o[0] < signal_time[0] - 0.05]
        straddling = [o for o in before if o[1] == "complete"]
        bad_before = [o for o in before if o[1] != "complete" or o[2] != 200]
        cut = [o for o in outcomes if o[1] == "cut short" or (o[1] == "complete" and o[2] != 200)]
        tally.check(f"sigterm: {len(before)} requests sent before SIGTERM, all complete 200",
                    len(before) > 50 and not bad_before, bad_before[:5])
        tally.check("sigterm: no response cut short or non-200", not cut, cut[:5])
        tally.check(f"sigterm: exit 0 ({exited_after:.2f} s after the signal)", code == 0 and exited_after < 20, f"exit {code}")
        print(f"      sigterm: {len(straddling)} complete before, "
              f"{sum(1 for o in outcomes if o[1] == 'complete' and o[0] >= signal_time[0] - 0.05)} complete around or after, "
              f"{sum(1 for o in outcomes if o[1] in ('refused', 'not sent'))} refused after the signal")
        check_clean(tally, "sigterm", server)


def timed_solves(server, stop, source, body=TWENTY_VIEWS):
    """Posts `body` on new connections from `source` until `stop` is set: [(seconds, status)]."""
    samples = []
    while not stop.is_set():
        start = time.monotonic()
        try:
            status, _, _ = request(server.port, "POST", "/solve", body, JSON, source=source)
        except OSError as error:
            status = repr(error)
        samples.append((time.monotonic() - start, status))
        time.sleep(0.01)
    return samples


def slowloris(tally, binary, seconds):
    tool = shutil.which("slowhttptest")
    if not tally.check("slowloris: slowhttptest is installed (bash .ci/setup --with-load-tools)", tool is not None):
        return
    with Layoutd(binary) as server:
        for mode, flags in [("slow headers", ["-H"]), ("slow bodies", ["-B", "-t", "POST", "-s", "100000", "-f", "application/json"])]:
            attack = subprocess.Popen(
                [tool, *flags, "-c", "1000", "-r", "200", "-i", "5", "-x", "24", "-p", "3", "-l", str(seconds),
                 "-u", f"http://127.0.0.1:{server.port}/solve"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(2)  # let it open its connections
            stop = threading.Event()
            result = []
            sampler = threading.Thread(daemon=True, target=lambda: result.extend(timed_solves(server, stop, "127.0.0.2", CENTRED_BOX)))
            sampler.start()
            held = []
            end = time.monotonic() + max(1, seconds - 4)
            while time.monotonic() < end:
                held.append(server.metric("layoutd_connections_open") or 0)
                time.sleep(0.5)
            stop.set()
            sampler.join()
            attack.terminate()
            attack.wait()
            latencies = [s for s, status in result if status == 200]
            bad = [status for _, status in result if status != 200]
            p99 = percentile(latencies, 99) * 1000 if latencies else float("inf")
            tally.check(f"slowloris ({mode}): the attack holds {min(held):.0f}…{max(held):.0f} connections (per-IP limit 64)",
                        min(held) >= 50, held)
            tally.check(f"slowloris ({mode}): {len(result)} solves from another client all 200, p99 {p99:.1f} ms < 100 ms",
                        len(result) > 20 and not bad and p99 < 100, bad[:5])
        code = server.terminate()
        tally.check("slowloris: exit 0", code == 0, f"exit {code}")
        check_clean(tally, "slowloris", server)


def busy(tally, binary):
    workers = 2
    with Layoutd(binary, "--workers", str(workers), "--queue", "2") as server:
        # Doubled until one solve takes at least 300 ms on this build and machine.
        rows = 25
        while True:
            body = long_solve(rows)
            start = time.monotonic()
            status, _, _ = request(server.port, "POST", "/solve", body, JSON)
            one = time.monotonic() - start
            if status != 200 or one >= 0.3 or rows >= 1600:
                break
            rows *= 2
        tally.check(f"busy: the long solve ({rows * 10} views) answers 200 in {one * 1000:.0f} ms", status == 200, status)
        stop = threading.Event()
        # One loader more than the workers: its solve waits in the queue, and takes a worker the
        # moment another loader's answer frees it (each loader pauses between its solves).
        loaders = [threading.Thread(daemon=True, target=timed_solves, args=(server, stop, "127.0.0.1", body)) for _ in range(workers + 1)]
        for t in loaders:
            t.start()
        time.sleep(0.3)
        latencies, in_flight = [], []
        for i in range(300):
            begin = time.monotonic()
            status, _, _ = request(server.port, "GET", "/healthz", source="127.0.0.2")
            latencies.append((time.monotonic() - begin, status))
            if i % 10 == 0:
                in_flight.append(server.metric("layoutd_requests_in_flight"))
            time.sleep(0.005)
        stop.set()
        for t in loaders:
            t.join()
        p99 = percentile([s for s, _ in latencies], 99) * 1000
        busy_share = sum(1 for v in in_flight if v is not None and v >= workers) / len(in_flight)
        tally.check(f"busy: every solver slot busy in {busy_share:.0%} of samples", busy_share >= 0.8, in_flight)
        tally.check(f"busy: /healthz p99 {p99:.1f} ms < 100 ms", p99 < 100 and all(s == 200 for _, s in latencies))
        code = server.terminate()
        tally.check("busy: exit 0", code == 0, f"exit {code}")
        check_clean(tally, "busy", server)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("checks", nargs="*", default=["midbody", "sigterm", "slowloris", "busy"])
    parser.add_argument("--slowloris-seconds", type=int, default=15)
    args = parser.parse_args()
    tally = Tally()
    for check in args.checks:
        if check == "slowloris":
            slowloris(tally, args.binary, args.slowloris_seconds)
        else:
            {"midbody": midbody, "sigterm": sigterm, "busy": busy}[check](tally, args.binary)
    tally.finish()


main()
