#!/usr/bin/env bash
# Builds the libFuzzer targets (SwiftPM --sanitize=fuzzer plus address, in .build-fuzz) and runs
# each for N minutes, one after another: 0 crashes, 0 timeouts (10 s per input), 0 OOMs
# (2 GiB). Inputs in Fuzz/Regressions/TARGET are replayed first; a new crashing input is copied
# there (commit it with the fix, and turn it into a unit test).
#
# Usage: Fuzz/run.sh [--minutes N] [--seconds S] [TARGET ...]
#   targets: FuzzRequest FuzzEquation FuzzVisualFormat FuzzSolver (default: all); N defaults to 10.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=600
targets=()
while (($#)); do
  case "$1" in
    --minutes) seconds=$(($2 * 60)); shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
((${#targets[@]})) || targets=(FuzzRequest FuzzEquation FuzzVisualFormat FuzzSolver)

scratch=.build-fuzz
passed=0
failed=0
for target in "${targets[@]}"; do
  echo "== $target: building"
  # swiftc keeps only the last -sanitize= it is given, so SwiftPM's `-sanitize=fuzzer
  # -sanitize=address` compiles Swift with ASan but no coverage (libFuzzer: "no interesting
  # inputs ... Is the code instrumented for coverage?", corpus stuck at 1 input of 1 byte): the
  # combined -sanitize=fuzzer,address, passed last, brings the coverage counters back.
  if ! LAYOUTD_FUZZ=1 swift build --sanitize=fuzzer --sanitize=address -Xswiftc -parse-as-library \
      -Xswiftc -sanitize=fuzzer,address \
      --scratch-path "$scratch" --product "$target" 2>&1 | grep -E "error|Compiling|Build" | tail -3; then
    :
  fi
  binary="$scratch/debug/$target"
  [ -x "$binary" ] || { echo "FAIL  $target: did not build"; failed=$((failed + 1)); continue; }
  regressions="Fuzz/Regressions/$target"
  if compgen -G "$regressions/*" >/dev/null; then
    echo "== $target: replaying $regressions"
    if "$binary" "$regressions"/* >"$scratch/$target-regressions.log" 2>&1; then
      echo "ok    $target: regression inputs"
      passed=$((passed + 1))
    else
      echo "FAIL  $target: a regression input still fails (see $scratch/$target-regressions.log)"
      failed=$((failed + 1))
    fi
  fi
  corpus="$scratch/corpus/$target"
  artifacts="$scratch/artifacts/$target/"
  mkdir -p "$corpus" "$artifacts"
  echo "== $target: fuzzing for $seconds s"
  "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$artifacts" "$corpus" "Fuzz/Seeds/$target" >"$scratch/$target.log" 2>&1
  status=$?
  grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+.*DONE" "$scratch/$target.log" | sed "s/^/      /"
  if [ "$status" = 0 ]; then
    echo "ok    $target: ${seconds} s, no crash, timeout or OOM"
    passed=$((passed + 1))
  else
    mkdir -p "$regressions"
    cp "$artifacts"* "$regressions"/ 2>/dev/null
    grep -a -m3 -E "Fatal error|ERROR: (libFuzzer|AddressSanitizer)|SUMMARY" "$scratch/$target.log" | sed "s/^/      /"
    echo "FAIL  $target: exit $status; the input is in $regressions (log: $scratch/$target.log)"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
((failed == 0))
