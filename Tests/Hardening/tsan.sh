#!/usr/bin/env bash
# The HTTP test suites (the server, and the service over real HTTP) and layoutd's log buffer
# under ThreadSanitizer, in their own scratch path (.build-tsan): 0 reported races. The last step
# of .ci/hardening (so of .ci/test); on its own, run it after touching HTTPServer, CHTTPShim,
# LayoutService or LogBuffer.
# Usage: Tests/Hardening/tsan.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
log=.build-tsan/tsan.log
swift build --build-tests --sanitize=thread --scratch-path .build-tsan 2>&1 | grep -E "error|Build" || true
TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1" \
  swift test --skip-build --sanitize=thread --scratch-path .build-tsan \
  --filter "HTTPServerTests|ProtocolTests|SolveEndpointTests|NetworkThreadSolveTests|LogBufferTests" >"$log" 2>&1
status=$?
races=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
grep -E "Test run with|passed after|failed after" "$log" | tail -3
echo "ThreadSanitizer warnings: $races (full log: $log)"
if [ "$status" = 0 ] && [ "$races" = 0 ]; then echo "1 passed, 0 failed"; exit 0; fi
echo "0 passed, 1 failed"
exit 1
