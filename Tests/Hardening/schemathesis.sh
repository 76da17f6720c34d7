#!/usr/bin/env bash
# schemathesis against openapi.yaml and a live layoutd: every check, at least EXAMPLES (default
# 200) generated requests per operation, 0 failures. Uses the venv of `bash .ci/setup --with-python`.
# Usage: Tests/Hardening/schemathesis.sh PATH/TO/layoutd [EXAMPLES]
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=$1
examples=${2:-200}
log=$(mktemp)
"$binary" --host 127.0.0.1 --port 0 --log-level notice 2>"$log" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
port=""
for _ in $(seq 200); do
  port=$(grep -o '"port":"[0-9]*"' "$log" | grep -o '[0-9]*' || true)
  [ -n "$port" ] && break
  sleep 0.05
done
[ -n "$port" ] || { echo "schemathesis: layoutd did not start"; cat "$log"; exit 1; }
status=0
.build-venv/bin/st --config-file Tests/Hardening/schemathesis.toml run openapi.yaml \
  --url "http://127.0.0.1:$port" --checks all --max-examples "$examples" --seed 7 \
  --workers 2 --request-timeout 30 --no-color || status=$?
kill -TERM "$server"
wait "$server" || { echo "schemathesis: layoutd exited $?"; status=1; }
if [ "$status" = 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; fi
exit "$status"
