"""Checks of Benchmarks/servers.py without servers or wrk: how it reads a process's CPU time and
its threads' context switches from /proc's text, how it finds post.lua's summary line in wrk's
output, and the medians and ratios it reports (the figures are made up, the answers worked out
by hand).

Usage: check_servers.py   (prints 'N passed, M failed'; exit 1 on any failure)
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Support"))
from harness import Tally, benchmark_module  # noqa: E402

servers = benchmark_module("servers")

tally = Tally()
check = tally.check

# /proc/PID/stat: utime and stime are fields 14 and 15; a name may hold spaces and parentheses.
stat = "4242 (MHD worker) (x)) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 50 0 0 20 0 7 0 1234 0 0"
check("CPU time is utime + stime after the name's last parenthesis", servers.cpu_seconds(stat, 100) == 3.0,
      str(servers.cpu_seconds(stat, 100)))

status = "Name:\tMHD-worker\nvoluntary_ctxt_switches:\t{}\nnonvoluntary_ctxt_switches:\t{}\n"
check("switches are summed over threads",
      servers.switches([status.format(3, 10), status.format(4, 0), status.format(0, 5)]) == (7, 15))

wrk_output = ("Running 3s test @ http://127.0.0.1:1/solve\n  Requests/sec:  100.00\n"
              'WRK_JSON {"requests":300,"seconds":3.000,"rps":100.0,"p50ms":1.0,"p90ms":2.0,'
              '"p99ms":3.0,"errors":0,"non2xx":2,"bytes":1}\n')
summary = servers.wrk_summary(wrk_output)
check("post.lua's line is read", summary is not None and summary["requests"] == 300 and summary["non2xx"] == 2)
check("no line, no summary", servers.wrk_summary("unable to connect to 127.0.0.1:1 Connection refused\n") is None)

# Three rounds of two servers: (requests/s, server µs, wrk µs, voluntary, involuntary).
rounds = [
    {"layoutd": (20_000, 100.0, 18.0, 0.02, 0.50), "hello": (100_000, 10.0, 10.0, 0.01, 0.01)},
    {"layoutd": (15_000, 110.0, 20.0, 0.04, 0.60), "hello": (50_000, 12.0, 12.0, 0.02, 0.00)},
    {"layoutd": (18_000, 105.0, 16.0, 0.03, 0.40), "hello": (90_000, 11.0, 11.0, 0.03, 0.02)},
]
medians, ratios = servers.summarize(rounds)
check("medians are per column over the rounds",
      medians["layoutd"] == (18_000, 105.0, 18.0, 0.03, 0.50) and medians["hello"] == (90_000, 11.0, 11.0, 0.02, 0.01),
      str(medians))
# The rounds' ratios become 0.2, 0.3 and 0.4, whose median is 0.3; the medians' quotient would be
# 18,000 ÷ 50,000 = 0.36.
rounds[2]["hello"] = (45_000, 11.0, 11.0, 0.03, 0.02)
check("the ratio is the median of the rounds' ratios", abs(servers.summarize(rounds)[1]["hello"] - 0.3) < 1e-12,
      str(servers.summarize(rounds)[1]))
check("the first server has no ratio to itself", set(ratios) == {"hello"})
tally.finish()
