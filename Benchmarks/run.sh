#!/usr/bin/env bash
# layoutd benchmarks — the one command (issue #9):
#
#   Benchmarks/run.sh            # full: N = 100, 1000, 10000; 5 runs; wrk 10 s   (about 15-25 min)
#   Benchmarks/run.sh --quick    # smoke: N = 100, 1000; 3 runs; wrk 5 s          (about 3-5 min)
#
# Options:
#   --quick               sizes 100,1000, 3 runs, wrk -d5s
#   --sizes LIST          comma-separated N (default 100,1000,10000)
#   --runs K              runs per measurement (default 5; kiwi does 1 at N >= 10000)
#   --processes P         layout bench processes per file, each of K runs (default 3; the
#                         median over them is reported: a whole process can land on a slow core)
#   --kiwi-limit S        seconds per kiwi run before it is killed (default 60)
#   --bench-limit S       seconds for one whole layout-bench invocation (default 600)
#   --wrk-duration D      wrk -d value (default 10s)
#   --ratio-rounds R      rounds of the twenty-view ratio to hello.c, each a layoutd run, a hello.c
#                         run and a run of the calibrated peer (default 7; 3 with --quick)
#   --ratio-duration D    wrk -d value of each of those runs (default 3s; 2s with --quick)
#   --no-build            use the existing .build/release binaries
#   --no-kiwi | --no-bench | --no-wrk | --no-count | --no-simdjson   skip a step
#   --out FILE            where to write the Markdown (default Benchmarks/results.md)
# Environment:
#   LAYOUTD_ARGS   arguments for layoutd, {PORT} replaced (default:
#                  "--host 127.0.0.1 --port {PORT} --queue 256 --per-ip-limit 0": the default queue of
#                  4 x cores would answer most of wrk's 64 connections 503 by design; logs go to a file)
#   LAYOUTD_PATH   route to POST to (default /solve)
#   WRK_BIG        the large wrk body, a generated family file stem (default table_cells-1000)
#   LAYOUT_BENCH   the bench command (default: .build/release/layout-bench, else "layout bench"
#                  when the layout CLI has that subcommand); called as CMD FILE --runs K and
#                  expected to print {"parseMs": …, "solveMs": …, "frames": {"view": [x, y, w, h]}}
#   BENCH_BIN_DIR  where layoutd and layout-bench are (default .build/release; implies nothing
#                  about building: combine with --no-build to test other binaries)
#
# Steps: install what is missing (wrk, libmicrohttpd-dev, valgrind, libsimdjson-dev, Benchmarks/.venv with kiwisolver) ->
# generate the families (Benchmarks/out/, git-ignored) -> swift build -c release --static-swift-stdlib ->
# (a) layout-bench per family x size (a family's sizes taking turns process by process) -> (i) simdjson's
# parser on the same bodies, the JSON peer -> (f) the same at N = 1000 with one conflict -> (g) table_cells-1000
# with 1, 4 and 8 sizes in one request -> (j) the twenty-view screen read from each constraint form -> (h) the instructions of one solve per family x size
# and of the one-view and twenty-view requests phase by phase (callgrind) -> (b) kiwi per family x size -> (c) frame agreement ->
# (d) wrk against the bare hello.c server (20-view) and layoutd (20-view and 1000-view bodies, at 64
# connections and at 1; GET /healthz, its floor without a body or a solve; a one-view request, a solve's
# floor), then the 20-view ratio to
# hello.c in alternating rounds (hello.c calibrated to the request's own work joining each round), and
# layoutd with every solve on a worker (--network-solve-ms 0) ->
# (k) the peak memory of the largest requests (layout solve, and a fresh layoutd after one POST) ->
# (l) the machine's memory latency by working-set size (Benchmarks/latency.c), before (a) and after (k) ->
# (e) growth exponents -> Markdown table on stdout and in Benchmarks/results.md, the issue's targets first.
# Every step that cannot run (no layout-bench yet, layoutd not starting, ...) is skipped with a
# message and shows as "skipped" in the table; the script still exits 0 unless setup fails.
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
cd "$ROOT"
COMMAND="Benchmarks/run.sh${*:+ $*}"

SIZES="100,1000,10000"
RUNS=5
PROCESSES=3
SIZES_TURNS=9
FORM_RUNS=201
KIWI_LIMIT=60
BENCH_LIMIT=600
WRK_DURATION=10s
RATIO_ROUNDS=7
RATIO_DURATION=3s
DO_BUILD=1 DO_KIWI=1 DO_BENCH=1 DO_WRK=1 DO_COUNT=1 DO_SIMDJSON=1
OUT_MD="$HERE/results.md"
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) SIZES="100,1000"; RUNS=3; WRK_DURATION=5s; RATIO_ROUNDS=3; RATIO_DURATION=2s ;;
        --sizes) SIZES="$2"; shift ;;
        --runs) RUNS="$2"; shift ;;
        --processes) PROCESSES="$2"; shift ;;
        --kiwi-limit) KIWI_LIMIT="$2"; shift ;;
        --bench-limit) BENCH_LIMIT="$2"; shift ;;
        --wrk-duration) WRK_DURATION="$2"; shift ;;
        --ratio-rounds) RATIO_ROUNDS="$2"; shift ;;
        --ratio-duration) RATIO_DURATION="$2"; shift ;;
        --no-build) DO_BUILD=0 ;;
        --no-kiwi) DO_KIWI=0 ;;
        --no-bench) DO_BENCH=0 ;;
        --no-wrk) DO_WRK=0 ;;
        --no-count) DO_COUNT=0 ;;
        --no-simdjson) DO_SIMDJSON=0 ;;
        --out) OUT_MD="$2"; shift ;;
        -h|--help) sed -n '2,/^set -uo pipefail/{/^#/p}' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
DEFAULT_LAYOUTD_ARGS='--host 127.0.0.1 --port {PORT} --queue 256 --per-ip-limit 0'
LAYOUTD_ARGS="${LAYOUTD_ARGS:-$DEFAULT_LAYOUTD_ARGS}"
LAYOUTD_PATH="${LAYOUTD_PATH:-/solve}"
WRK_BIG="${WRK_BIG:-table_cells-1000}"
FAMILIES="flat_row nested_grid table_cells priority_soup"
OUT="$HERE/out"
RES="$OUT/results"
rm -rf "$RES"
mkdir -p "$RES"
cat /proc/loadavg > "$RES/load-start.txt" 2>/dev/null

log() { printf '\n== %s\n' "$*" >&2; }
note() { printf '   %s\n' "$*" >&2; }

# ---------------------------------------------------------------- setup
log "setup"
need_apt=()
command -v wrk >/dev/null 2>&1 || need_apt+=(wrk)
{ pkg-config --exists libmicrohttpd 2>/dev/null || [ -f /usr/include/microhttpd.h ]; } || need_apt+=(libmicrohttpd-dev)
command -v cc >/dev/null 2>&1 || need_apt+=(gcc)
command -v curl >/dev/null 2>&1 || need_apt+=(curl)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need_apt+=(python3-venv)
apt_install() { # packages...: apt-get install, after an update if the first try fails
    local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    note "apt-get install -y $*"
    $sudo apt-get install -y "$@" >/dev/null 2>&1 \
        || { $sudo apt-get update >/dev/null 2>&1 && $sudo apt-get install -y "$@" >/dev/null 2>&1; }
}
if [ ${#need_apt[@]} -gt 0 ]; then
    apt_install "${need_apt[@]}" || { echo "run.sh: could not install ${need_apt[*]}" >&2; exit 1; }
fi
# valgrind only counts instructions (step (h)): without it that step is skipped, not the run.
if [ "$DO_COUNT" = 1 ] && ! command -v valgrind >/dev/null 2>&1; then
    apt_install valgrind || { note "valgrind could not be installed: step (h) is skipped"; DO_COUNT=0; }
fi
# simdjson is only the JSON peer (step (i)): without it that step is skipped, not the run.
if [ "$DO_SIMDJSON" = 1 ] && ! { [ -f /usr/include/simdjson.h ] && command -v g++ >/dev/null 2>&1; }; then
    apt_install libsimdjson-dev g++ || { note "libsimdjson-dev could not be installed: step (i) is skipped"; DO_SIMDJSON=0; }
fi
KIWI_PY="$HERE/.venv/bin/python"
if ! "$KIWI_PY" -c 'import kiwisolver' >/dev/null 2>&1; then
    note "creating Benchmarks/.venv with kiwisolver"
    python3 -m venv "$HERE/.venv" && "$KIWI_PY" -m pip install -q kiwisolver \
        || { echo "run.sh: could not set up Benchmarks/.venv" >&2; exit 1; }
fi
note "kiwisolver $("$KIWI_PY" -c 'import kiwisolver; print(kiwisolver.__version__)'), $(wrk --version 2>&1 | head -1 | cut -c1-40)"

# ---------------------------------------------------------------- generate
log "generate families: sizes $SIZES"
python3 "$HERE/families.py" --all --sizes "$SIZES" --out "$OUT" > "$RES/counts.md" || exit 1
cat "$RES/counts.md" >&2

# ---------------------------------------------------------------- build
BIN="${BENCH_BIN_DIR:-$ROOT/.build/release}"
if [ "$DO_BUILD" = 1 ] && command -v swift >/dev/null 2>&1; then
    # Linked as the Docker image links layoutd (the Swift runtime inside the binary): what ships
    # is what is measured, and the runtime's calls (retain, release, allocation) are then direct
    # calls, not calls through the shared library's PLT.
    log "swift build -c release --static-swift-stdlib (log: Benchmarks/out/build-*.log)"
    for product in layoutd layout-bench layout; do
        if swift build -c release --static-swift-stdlib --product "$product" > "$OUT/build-$product.log" 2>&1; then
            note "$product: built"
        elif grep -q "no product named" "$OUT/build-$product.log"; then
            note "$product: no such product in Package.swift (skipped)"
        else
            note "$product: build FAILED (tail of Benchmarks/out/build-$product.log):"
            tail -5 "$OUT/build-$product.log" | sed 's/^/     /' >&2
            echo "build failed" > "$RES/build-$product.failed"
        fi
    done
fi
if [ "$DO_SIMDJSON" = 1 ]; then
    g++ -O2 -std=c++17 -o "$OUT/simdjson_bench" "$HERE/simdjson_bench.cpp" -lsimdjson 2> "$RES/simdjson-build.err" \
        || { note "simdjson_bench did not build: $(head -3 "$RES/simdjson-build.err")"; DO_SIMDJSON=0; }
fi
have() { [ -x "$BIN/$1" ] && [ ! -f "$RES/build-$1.failed" ]; }
bench_process() { # file out err: one bench process of $RUNS runs, its report in out
    timeout -k 5 "$BENCH_LIMIT" "${BENCH_CMD[@]}" "$1" --runs "$RUNS" > "$2" 2>> "$3"
}
bench_merge() { # out err label: the processes' reports (out.p1, out.p2, ...) merged into out
    python3 "$HERE/median_of_processes.py" "$1".p* > "$1.tmp" 2>> "$2" || { bench_failed "$1" "$2" "$3" 1; return; }
    mv "$1.tmp" "$1"; rm -f "$1".p*
    note "$3: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("parse", d.get("parseMs"), "ms, solve", d.get("solveMs"), "ms, status", d.get("status"))' "$1" 2>&1)"
}
bench_failed() { # out err label rc: what is reported for a measurement that did not finish
    if [ "$4" = 124 ] || [ "$4" = 137 ]; then
        echo "{\"timedOut\": true, \"limitS\": $BENCH_LIMIT}" > "$1"; note "$3: > ${BENCH_LIMIT} s"
    else
        echo "{\"error\": \"exit $4\"}" > "$1"; note "$3: exit $4: $(tail -1 "$2")"
    fi
    rm -f "$1.tmp" "$1".p*
}
bench_turns() { # turns file out label [file out label ...]: `turns` bench processes of each file,
    # the files taking turns process by process (what they are compared by is then measured over
    # the same minutes of this shared VM, whose speed drifts); each file's reports merged into its
    # out, its messages in out's .err
    local turns=$1 p i; shift
    local -a files=() outs=() errs=() labels=() failed=()
    while [ $# -ge 3 ]; do
        files+=("$1"); outs+=("$2"); errs+=("${2%.json}.err"); labels+=("$3"); failed+=(""); : > "${2%.json}.err"
        shift 3
    done
    for p in $(seq 1 "$turns"); do for i in "${!files[@]}"; do
        [ -z "${failed[$i]}" ] || continue
        bench_process "${files[$i]}" "${outs[$i]}.p$p" "${errs[$i]}" || failed[i]=$?
    done; done
    for i in "${!files[@]}"; do
        if [ -n "${failed[$i]}" ]; then
            bench_failed "${outs[$i]}" "${errs[$i]}" "${labels[$i]}" "${failed[$i]}"
        else
            bench_merge "${outs[$i]}" "${errs[$i]}" "${labels[$i]}"
        fi
    done
}

IFS=',' read -r -a SIZE_LIST <<< "$SIZES"

# ---------------------------------------------------------------- (l) memory latency
# The machine's memory latency by working-set size (Benchmarks/latency.c, about 3 s), before the
# steps and after them: how much of the caches the shared VM's neighbours leave this run.
LATENCY_BUILT=0
if cc -O2 -o "$OUT/latency" "$HERE/latency.c" 2> "$RES/latency-build.err"; then
    LATENCY_BUILT=1
else
    note "latency.c did not build: $(head -3 "$RES/latency-build.err")"
fi
latency() {
    [ "$LATENCY_BUILT" = 1 ] || return 0
    log "(l) memory latency, $1"
    "$OUT/latency" > "$RES/latency-$1.txt" 2> "$RES/latency-$1.err" || rm -f "$RES/latency-$1.txt"
}
latency start

# ---------------------------------------------------------------- (a) layout-bench
if [ "$DO_BENCH" = 1 ]; then
    log "(a) layout-bench, $PROCESSES processes of $RUNS runs"
    BENCH_CMD=()
    if [ -n "${LAYOUT_BENCH:-}" ]; then
        read -r -a BENCH_CMD <<< "$LAYOUT_BENCH"
    elif have layout-bench; then
        BENCH_CMD=("$BIN/layout-bench")
    elif have layout && "$BIN/layout" bench --help >/dev/null 2>&1; then
        BENCH_CMD=("$BIN/layout" bench)
    fi
    if [ ${#BENCH_CMD[@]} -gt 0 ]; then
        note "using: ${BENCH_CMD[*]} FILE --runs $RUNS, in $PROCESSES processes"
        for fam in $FAMILIES; do
            args=()
            for n in "${SIZE_LIST[@]}"; do args+=("$OUT/$fam-$n.json" "$RES/bench-$fam-$n.json" "$fam $n"); done
            bench_turns "$PROCESSES" "${args[@]}"
        done
    else
        note "SKIPPED: neither $BIN/layout-bench nor '$BIN/layout bench' is there (not written yet, or the build failed)"
        echo "layout-bench missing" > "$RES/bench.skipped"
    fi
fi

# ---------------------------------------------------------------- (i) the JSON peer
# simdjson's DOM parser on the bodies whose JSON parse step (a) timed, just after it: one process
# of $PROCESSES x $RUNS parses a body (as many as step (a)'s median is taken over), its best case
# (one parser reused, the body already padded).
if [ "$DO_SIMDJSON" = 1 ]; then
    log "(i) simdjson's DOM parser on the same bodies, $((PROCESSES * RUNS)) parses each"
    for fam in $FAMILIES; do for n in "${SIZE_LIST[@]}"; do
        if "$OUT/simdjson_bench" --runs "$((PROCESSES * RUNS))" "$OUT/$fam-$n.json" > "$RES/simdjson-$fam-$n.json" 2> "$RES/simdjson-$fam-$n.err"; then
            note "$fam $n: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["mbps"], "MB/s,", d["implementation"])' "$RES/simdjson-$fam-$n.json" 2>&1)"
        else
            note "$fam $n: simdjson_bench failed: $(tail -1 "$RES/simdjson-$fam-$n.err")"; rm -f "$RES/simdjson-$fam-$n.json"
        fi
    done; done
fi

# ---------------------------------------------------------------- (f) diagnosis cost
if [ "$DO_BENCH" = 1 ] && [ ${#BENCH_CMD[@]} -gt 0 ]; then
    log "(f) diagnosis cost: one conflict at N = 1000, $RUNS runs"
    python3 "$HERE/conflict_ratio.py" --bench "${BENCH_CMD[*]}" --sizes 1000 --runs "$RUNS" --work "$OUT" \
        --out "$RES/conflict-ratio.md" > /dev/null 2> "$RES/conflict-ratio.err" \
        || note "conflict_ratio.py failed: $(tail -1 "$RES/conflict-ratio.err")"
fi

# ---------------------------------------------------------------- (g) several sizes
# table_cells-1000 with `size` replaced by `sizes` of k distinct widths (the family gives only a
# width; the height stays fitting), k = 1, 4, 8: the issue's target is 1 + 0.25·(k − 1) single solves.
# The three requests take turns over $SIZES_TURNS processes: a process takes about a tenth of a
# second, and on this shared VM one k = 1 process took 1.5 ms a solve and the next 2.5.
if [ "$DO_BENCH" = 1 ] && [ ${#BENCH_CMD[@]} -gt 0 ]; then
    log "(g) several sizes in one request: table_cells-1000 with k = 1, 4, 8 widths, $SIZES_TURNS processes of $RUNS runs"
    SIZED="$OUT/table_cells-1000.json"
    [ -f "$SIZED" ] || python3 "$HERE/families.py" table_cells 1000 > "$SIZED"
    args=()
    for k in 1 4 8; do
        f="$OUT/table_cells-1000-sizes$k.json"
        python3 - "$SIZED" "$k" > "$f" <<'PY' || { note "k = $k: could not write $f"; continue; }
import json, sys
request = json.load(open(sys.argv[1]))
widths = [375, 320, 414, 768, 360, 390, 428, 1024][:int(sys.argv[2])]
request.pop("size", None)
request["sizes"] = [{"width": w} for w in widths]
json.dump(request, sys.stdout)
PY
        args+=("$f" "$RES/sizes-$k.json" "k = $k")
    done
    bench_turns "$SIZES_TURNS" "${args[@]}"
fi

# ---------------------------------------------------------------- (j) constraint forms
# The twenty-view screen read from three ways of writing its 65 constraints: the plain objects of
# the wrk body, equation strings and Masonry chains (requests/twenty-views-equations.json and
# twenty-views-masonry.json, the same request), taking turns over $PROCESSES processes of
# $FORM_RUNS runs (a read takes some 25 µs: a steady median needs more runs than a family's).
if [ "$DO_BENCH" = 1 ] && [ ${#BENCH_CMD[@]} -gt 0 ]; then
    log "(j) the twenty-view screen in each constraint form, $PROCESSES processes of $FORM_RUNS runs"
    RUNS="$FORM_RUNS" bench_turns "$PROCESSES" \
        "$HERE/requests/twenty-views.json" "$RES/form-plain.json" "plain objects" \
        "$HERE/requests/twenty-views-equations.json" "$RES/form-equations.json" "equation strings" \
        "$HERE/requests/twenty-views-masonry.json" "$RES/form-masonry.json" "Masonry chains"
fi

# ---------------------------------------------------------------- (h) instructions per solve
# One solve of each family and size under callgrind, counting only while `layout bench`'s
# countedSolve runs: the work a solve does, which the machine's caches and neighbours do not
# move, beside the times above, which they do (see step (h) in Benchmarks/README.md). Then each
# phase of the two small requests the same way.

# The instructions callgrind counts while `layout bench FILE --runs RUNS` is inside a function
# matching TOGGLE; nothing when valgrind fails (its errors are left in ERR).
callgrind_count() { # TOGGLE FILE RUNS ERR
    local out="$RES/callgrind.out"
    valgrind --tool=callgrind --toggle-collect="$1" --callgrind-out-file="$out" \
        "${BENCH_CMD[@]}" "$2" --runs "$3" > /dev/null 2> "$4" && sed -n 's/^totals: \([0-9]*\).*/\1/p' "$out"
    rm -f "$out"
}
if [ "$DO_BENCH" = 1 ] && [ ${#BENCH_CMD[@]} -gt 0 ] && [ "$DO_COUNT" = 1 ]; then
    log "(h) instructions per solve (callgrind, one solve each), then per small request phase by phase"
    for fam in $FAMILIES; do for n in "${SIZE_LIST[@]}"; do
        err="$RES/instructions-$fam-$n.err"
        count=$(callgrind_count '*countedSolve*' "$OUT/$fam-$n.json" 1 "$err")
        if [ -n "$count" ]; then
            echo "$count" > "$RES/instructions-$fam-$n.txt"
            note "$fam $n: $count instructions"
        else
            note "$fam $n: callgrind failed: $(tail -1 "$err")"
        fi
    done; done
    # The one-view and twenty-view requests phase by phase, as a server runs them: the
    # difference between MANY and FEW runs of each phase (its first run, which sizes the tables
    # and the runtime's caches, cancels out), over their difference.
    FEW=11 MANY=21
    for req in one-view twenty-views; do for phase in Parse Read Solve Write; do
        err="$RES/instructions-$req-$phase.err"
        few=$(callgrind_count "*counted$phase*" "$HERE/requests/$req.json" "$FEW" "$err")
        many=""
        [ -n "$few" ] && many=$(callgrind_count "*counted$phase*" "$HERE/requests/$req.json" "$MANY" "$err")
        if [ -n "$many" ]; then
            echo $(( (many - few) / (MANY - FEW) )) > "$RES/instructions-$req-$phase.txt"
            note "$req $phase: $(cat "$RES/instructions-$req-$phase.txt") instructions a request"
        else
            note "$req $phase: callgrind failed: $(tail -1 "$err")"
        fi
    done; done
fi

# ---------------------------------------------------------------- (b) kiwi
if [ "$DO_KIWI" = 1 ]; then
    log "(b) kiwi, $RUNS runs (1 at N >= 10000), ${KIWI_LIMIT} s per run"
    for fam in $FAMILIES; do for n in "${SIZE_LIST[@]}"; do
        runs=$RUNS; [ "$n" -ge 10000 ] && runs=1
        "$KIWI_PY" "$HERE/kiwi_bench.py" "$OUT/$fam-$n.json" --runs "$runs" --limit "$KIWI_LIMIT" \
            --frames "$RES/kiwi-$fam-$n.frames.json" > "$RES/kiwi-$fam-$n.json" 2> "$RES/kiwi-$fam-$n.err"
        note "$fam $n: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("> %s s" % d["limitS"] if d["timedOut"] and not d["runs"] else "%s ms (runs %s)" % (d["medianMs"], d["runs"]))' "$RES/kiwi-$fam-$n.json" 2>&1)"
    done; done
fi

# ---------------------------------------------------------------- (d) wrk
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { # port seconds pid
    local i
    for i in $(seq 1 $(( $2 * 10 ))); do
        kill -0 "$3" 2>/dev/null || return 1
        (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}
run_wrk() { # name url body|GET [connections]: 64 connections on 2 threads, or 1 on 1
    local connections="${4:-64}" threads=2 method=POST
    [ "$connections" = 1 ] && threads=1
    if [ "$3" = GET ]; then
        method=GET
        note "wrk $1: -t$threads -c$connections -d$WRK_DURATION --latency (GET, no body)"
    else
        note "wrk $1: -t$threads -c$connections -d$WRK_DURATION --latency ($(basename "$3"), $(wc -c < "$3") bytes)"
    fi
    WRK_METHOD="$method" BODY_FILE="$3" wrk -t"$threads" -c"$connections" -d"$WRK_DURATION" --timeout 10s --latency -s "$HERE/post.lua" "$2" > "$RES/wrk-$1.txt" 2>&1
    grep -E 'Requests/sec|Non-2xx|Socket errors' "$RES/wrk-$1.txt" | sed 's/^/     /' >&2
}
cpu_ticks() { # pid: its user and system time so far, in clock ticks (0 when it is gone)
    awk '{print $14 + $15}' "/proc/$1/stat" 2> /dev/null || echo 0
}
measured_run() { # name url body|GET pid: run_wrk, keeping the server's CPU ticks over the run and wrk's CPU seconds (cpu-NAME.txt)
    local before after wrk_cpu TIMEFORMAT='%3U %3S'
    before=$(cpu_ticks "$4")
    # run_wrk's notes go to this function's stderr (fd 3), `time`'s report into wrk_cpu.
    wrk_cpu=$( { time run_wrk "$1" "$2" "$3" 2>&3; } 3>&2 2>&1 )
    after=$(cpu_ticks "$4")
    echo "ticks=$((after - before)) hz=$(getconf CLK_TCK) wrk=$(awk '{print $1 + $2}' <<< "$wrk_cpu")" > "$RES/cpu-$1.txt"
}
ratio_run() { # name url pid: a twenty-view run of a ratio round, quietly
    WRK_DURATION="$RATIO_DURATION" measured_run "$1" "$2" "$TWENTY" "$3" 2> /dev/null
}
answer_us() { # the twenty-view request's own work (read + solve + write) in the bench command, µs
    "${BENCH_CMD[@]}" "$TWENTY" --runs 2001 2> /dev/null | python3 -c \
        'import json, sys; d = json.load(sys.stdin); print("%.1f" % (1000 * (d["parseMs"] + d["solveMs"] + d["writeMs"])))'
}
if [ "$DO_WRK" = 1 ]; then
    log "(d) wrk end to end"
    TWENTY="$HERE/requests/twenty-views.json"
    ONE="$HERE/requests/one-view.json"
    BIG="$OUT/$WRK_BIG.json"
    [ -f "$BIG" ] || python3 "$HERE/families.py" "${WRK_BIG%-*}" "${WRK_BIG##*-}" > "$BIG"
    # The bare server runs through the whole step (idle, it takes no CPU), so that its rounds can
    # alternate with layoutd's.
    HPID="" HURL=""
    if cc -O2 -o "$OUT/hello" "$HERE/hello.c" -lmicrohttpd 2> "$RES/hello-build.err"; then
        HPORT=$(free_port)
        "$OUT/hello" "$HPORT" 2> "$RES/hello.log" &
        HPID=$!
        if wait_port "$HPORT" 10 "$HPID"; then
            HURL="http://127.0.0.1:$HPORT/solve"
        else
            note "hello server did not start"; echo "did not start" > "$RES/wrk-hello.skipped"
        fi
    else
        note "hello.c did not build: $(head -3 "$RES/hello-build.err")"; echo "build failed" > "$RES/wrk-hello.skipped"
    fi
    [ -n "$HURL" ] && measured_run hello-twenty "$HURL" "$TWENTY" "$HPID"
    if have layoutd; then
        PORT=$(free_port)
        # shellcheck disable=SC2086
        "$BIN/layoutd" ${LAYOUTD_ARGS//\{PORT\}/$PORT} > "$RES/layoutd.log" 2>&1 &
        LPID=$!
        if wait_port "$PORT" 20 "$LPID"; then
            URL="http://127.0.0.1:$PORT$LAYOUTD_PATH"
            code=$(curl -s -o "$RES/layoutd-twenty.json" -w '%{http_code}' -H 'Content-Type: application/json' --data-binary @"$TWENTY" "$URL")
            note "layoutd on 127.0.0.1:$PORT: POST $LAYOUTD_PATH (20 views) -> HTTP $code"
            [ "$code" = 200 ] || note "WARNING: layoutd answered $code: $(head -c 300 "$RES/layoutd-twenty.json")"
            measured_run layoutd-twenty "$URL" "$TWENTY" "$LPID"
            measured_run layoutd-big "$URL" "$BIG" "$LPID"
            # The service's own floor: a bodiless GET answered on the network thread, no solve.
            measured_run layoutd-healthz "http://127.0.0.1:$PORT/healthz" GET "$LPID"
            # A solve's own floor: a request of the root view alone (a body, JSON, a solve of the
            # root's size, an answer), what every POST costs whatever its layout.
            measured_run layoutd-one "$URL" "$ONE" "$LPID"
            # One connection: a request's own latency, without 64 of them queueing for 2 cores.
            run_wrk layoutd-twenty-c1 "$URL" "$TWENTY" 1
            run_wrk layoutd-big-c1 "$URL" "$BIG" 1
            # The twenty-view ratio in alternating short rounds: a shared VM's speed drifts within
            # minutes, and hello.c's own rate with it (97,000-215,000 req/s in one run's rounds).
            # Each server's CPU time over its run (user and system, from /proc) is kept beside it,
            # with wrk's own (bash's `time`), for the report's CPU per request.
            # The calibrated peer joins each round: hello.c spinning in registers, before each
            # answer, for the CPU the twenty-view request's own work takes in the bench command
            # just now, and answering as many bytes as layoutd. It is a server whose only costs are
            # libmicrohttpd's and that work: its rate over hello.c's is the ratio layoutd would
            # reach at this speed with no overhead of its own (peer.txt: the work before and after).
            PEERPID="" PEERURL=""
            if [ -n "$HURL" ] && [ "$code" = 200 ]; then
                if [ "$DO_BENCH" = 1 ] && [ ${#BENCH_CMD[@]} -gt 0 ] && WORK_US=$(answer_us); then
                    ANSWER_BYTES=$(wc -c < "$RES/layoutd-twenty.json")
                    PEERPORT=$(free_port)
                    "$OUT/hello" "$PEERPORT" "$WORK_US" "$ANSWER_BYTES" 2> "$RES/peer.log" &
                    PEERPID=$!
                    if wait_port "$PEERPORT" 10 "$PEERPID"; then
                        PEERURL="http://127.0.0.1:$PEERPORT/solve"
                        echo "work_us=$WORK_US bytes=$ANSWER_BYTES" > "$RES/peer.txt"
                        note "calibrated peer on 127.0.0.1:$PEERPORT: $WORK_US µs of work a request, $ANSWER_BYTES-byte answers"
                    else
                        note "calibrated peer did not start: $(tail -1 "$RES/peer.log")"
                    fi
                else
                    note "SKIPPED calibrated peer: no twenty-view read, solve and write times from the bench command (--no-bench, or its output lacked a phase)"
                fi
            fi
            if [ -n "$HURL" ]; then
                note "twenty-views vs hello: $RATIO_ROUNDS rounds of -d$RATIO_DURATION each, alternating"
                for round in $(seq 1 "$RATIO_ROUNDS"); do
                    ratio_run "ratio-layoutd-$round" "$URL" "$LPID"
                    ratio_run "ratio-hello-$round" "$HURL" "$HPID"
                    [ -n "$PEERURL" ] && ratio_run "ratio-peer-$round" "$PEERURL" "$PEERPID"
                done
            fi
            if [ -n "$PEERPID" ]; then
                [ -n "$PEERURL" ] && WORK_US=$(answer_us) && echo "after_us=$WORK_US" >> "$RES/peer.txt"
                kill "$PEERPID" 2>/dev/null; wait "$PEERPID" 2>/dev/null
            fi
        else
            note "SKIPPED layoutd wrk: layoutd did not listen on $PORT within 20 s (args: ${LAYOUTD_ARGS//\{PORT\}/$PORT}); log:"
            tail -5 "$RES/layoutd.log" | sed 's/^/     /' >&2
            echo "layoutd did not start" > "$RES/wrk-layoutd.skipped"
        fi
        kill "$LPID" 2>/dev/null; wait "$LPID" 2>/dev/null
        # The same twenty-view load with every solve handed to a worker thread, as before small
        # solves ran on the network thread (skipped when this layoutd has no such flag).
        PORT=$(free_port)
        # shellcheck disable=SC2086
        "$BIN/layoutd" ${LAYOUTD_ARGS//\{PORT\}/$PORT} --network-solve-ms 0 > "$RES/layoutd-workers.log" 2>&1 &
        LPID=$!
        if wait_port "$PORT" 20 "$LPID"; then
            measured_run layoutd-twenty-workers "http://127.0.0.1:$PORT$LAYOUTD_PATH" "$TWENTY" "$LPID"
        else
            note "SKIPPED layoutd --network-solve-ms 0: it did not start; log:"
            tail -2 "$RES/layoutd-workers.log" | sed 's/^/     /' >&2
        fi
        kill "$LPID" 2>/dev/null; wait "$LPID" 2>/dev/null
    else
        note "SKIPPED layoutd wrk: $BIN/layoutd is not there"
        echo "layoutd missing" > "$RES/wrk-layoutd.skipped"
    fi
    [ -n "$HPID" ] && { kill "$HPID" 2>/dev/null; wait "$HPID" 2>/dev/null; }
fi

# ---------------------------------------------------------------- (k) peak memory
# Issue #9 bounds a 10,000-view request's peak memory (200 MB). Each family at the largest N,
# solved once by `layout solve` (the process's peak resident set, which the kernel reports when
# it exits) and posted once to a fresh layoutd (its VmHWM after the answer: the server's own
# baseline included).
peak_rss_kib() { # command...: the peak resident set of the command in KiB; nothing when it fails
    python3 - "$@" << 'PY'
import resource, subprocess, sys
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
if code in (0, 1):  # layout solve: 0 ok, 1 a conflict or an ambiguity, both solved
    print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
}
if [ "$DO_BENCH" = 1 ]; then
    LARGEST=$(printf '%s\n' "${SIZE_LIST[@]}" | sort -n | tail -1)
    log "(k) peak memory at N = $LARGEST: layout solve, and a fresh layoutd after one POST"
    for fam in $FAMILIES; do
        file="$OUT/$fam-$LARGEST.json"
        if have layout; then
            kib=$(peak_rss_kib "$BIN/layout" solve "$file")
            [ -n "$kib" ] && echo "$kib" > "$RES/memory-$fam-$LARGEST-solve.txt"
            note "$fam: layout solve ${kib:-failed} KiB"
        fi
        if have layoutd; then
            PORT=$(free_port)
            # shellcheck disable=SC2086
            "$BIN/layoutd" ${LAYOUTD_ARGS//\{PORT\}/$PORT} > "$RES/layoutd-memory.log" 2>&1 &
            LPID=$!
            if wait_port "$PORT" 20 "$LPID"; then
                code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
                    --data-binary @"$file" "http://127.0.0.1:$PORT$LAYOUTD_PATH")
                if [ "$code" = 200 ]; then
                    awk '/^VmHWM:/ {print $2}' "/proc/$LPID/status" > "$RES/memory-$fam-$LARGEST-server.txt"
                    note "$fam: layoutd VmHWM $(cat "$RES/memory-$fam-$LARGEST-server.txt") KiB"
                else
                    note "$fam: layoutd answered $code"
                fi
            else
                note "$fam: layoutd did not start"
            fi
            kill "$LPID" 2>/dev/null; wait "$LPID" 2>/dev/null
        fi
    done
fi

latency end

# ---------------------------------------------------------------- (c), (e), report
log "report"
python3 "$HERE/report.py" --results "$RES" --sizes "$SIZES" --runs "$RUNS" --processes "$PROCESSES" --kiwi-limit "$KIWI_LIMIT" \
    --bench-limit "$BENCH_LIMIT" --wrk-duration "$WRK_DURATION" --wrk-big "$WRK_BIG" \
    --ratio-duration "$RATIO_DURATION" \
    --layoutd-args "$LAYOUTD_ARGS" \
    --command "$COMMAND" --out "$OUT_MD"
