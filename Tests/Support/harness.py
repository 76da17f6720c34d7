"""Shared pieces of the hardening scripts: a real layoutd process on a free loopback port, raw
HTTP over sockets (so that a test controls exactly what is sent and when), and a pass/fail tally
that ends with the 'N passed, N failed' line; for the checks of the benchmark tools, their scripts
imported as modules.
"""
import importlib
import os
import pathlib
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
SANITIZER_MARKERS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "WARNING: ThreadSanitizer",
                     "runtime error:", "Fatal error:", "SUMMARY: ")


class Tally:
    """Counts checks; `finish()` prints 'N passed, N failed' and exits 1 on any failure."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, condition, detail=""):
        if condition:
            self.passed += 1
            print(f"ok    {name}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL  {name} {detail}", flush=True)
        return condition

    def finish(self):
        print(f"{self.passed} passed, {self.failed} failed", flush=True)
        sys.exit(1 if self.failed else 0)


class Layoutd:
    """A layoutd child process on 127.0.0.1 and a free port; its stderr goes to a file that
    `sanitizer_reports()` reads."""

    def __init__(self, binary, *args, env=None):
        self.log = tempfile.NamedTemporaryFile(prefix="layoutd-", suffix=".log", delete=False)
        merged = dict(os.environ, **(env or {}))
        # Sanitizers report to stderr and keep going where they can, so one run sees them all.
        merged.setdefault("ASAN_OPTIONS", "detect_leaks=1:halt_on_error=0")
        self.process = subprocess.Popen(
            [binary, "--host", "127.0.0.1", "--port", "0", "--log-level", "notice", *args],
            stdout=subprocess.DEVNULL, stderr=self.log, env=merged)
        self.port = self._wait_for_port()
        self.base = f"http://127.0.0.1:{self.port}"

    def _wait_for_port(self, timeout=60):
        end = time.time() + timeout
        while time.time() < end:
            match = re.search(r'"port":"(\d+)"', self.stderr_text())
            if match:
                return int(match.group(1))
            if self.process.poll() is not None:
                raise RuntimeError(f"layoutd exited {self.process.returncode}: {self.stderr_text()[-2000:]}")
            time.sleep(0.05)
        raise RuntimeError("layoutd did not report its port")

    @property
    def pid(self):
        return self.process.pid

    def stderr_text(self):
        return pathlib.Path(self.log.name).read_text(errors="replace")

    def rss_bytes(self):
        for line in pathlib.Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def metric(self, name, source="127.0.0.3"):
        """The value of an unlabelled metric in GET /metrics (None if absent), asked from its
        own loopback address so that a test's clients on 127.0.0.1 do not count against it."""
        status, _, body = request(self.port, "GET", "/metrics", source=source)
        if status != 200:
            return None
        match = re.search(rf"^{re.escape(name)} ([0-9.eE+-]+)$", body.decode(), re.M)
        return float(match.group(1)) if match else None

    def terminate(self, timeout=60):
        """SIGTERM, then the exit status (SIGKILL and None after the timeout)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None

    def sanitizer_reports(self):
        text = self.stderr_text()
        return [line for line in text.splitlines() if any(m in line for m in SANITIZER_MARKERS)]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.terminate()
        os.unlink(self.log.name)


def connect(port, source="127.0.0.1", timeout=10):
    """A TCP connection to the port from a chosen loopback address (127.0.0.0/8 is all local)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def read_response(sock, head_request=False):
    """(status, headers dict lowercased, body) of one Content-Length-framed response (no body
    after HEAD); raises ConnectionError if the peer closes before the response is complete."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed after {len(data)} bytes of head")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = 0 if head_request else int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed after {len(body)} of {length} body bytes")
        body += chunk
    return status, headers, body[:length]


def request(port, method, path, body=None, headers=None, source="127.0.0.1", timeout=30):
    """One request on a new connection (Connection: close)."""
    sock = connect(port, source, timeout)
    try:
        sock.sendall(encode_request(method, path, body, headers, close=True))
        return read_response(sock, head_request=method == "HEAD")
    finally:
        sock.close()


def encode_request(method, path, body=None, headers=None, close=False):
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    if body is not None:
        lines.append(f"Content-Length: {len(body)}")
    if close:
        lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (body or b"")


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


JSON = {"Content-Type": "application/json"}


def benchmark_module(name):
    """A script of Benchmarks/ imported as a module, for the checks of the benchmark tools."""
    if str(ROOT / "Benchmarks") not in sys.path:
        sys.path.insert(0, str(ROOT / "Benchmarks"))
    return importlib.import_module(name)
