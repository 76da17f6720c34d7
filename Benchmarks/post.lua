-- wrk script: POST the file named by $BODY_FILE as application/json (or, with WRK_METHOD=GET,
-- send a bodiless GET).
--   BODY_FILE=Benchmarks/requests/twenty-views.json \
--     wrk -t2 -c64 -d10s --latency -s Benchmarks/post.lua http://127.0.0.1:PORT/solve
--   WRK_METHOD=GET wrk -t2 -c64 -d10s --latency -s Benchmarks/post.lua http://127.0.0.1:PORT/healthz
-- Besides wrk's usual report, prints one machine-readable line:
--   WRK_JSON {"requests":…,"seconds":…,"rps":…,"p50ms":…,"p90ms":…,"p99ms":…,"errors":…,"non2xx":…}
if os.getenv("WRK_METHOD") == "GET" then
  wrk.method = "GET"
else
  local path = os.getenv("BODY_FILE")
  if path == nil or path == "" then
    error("set BODY_FILE to the request body file")
  end
  local f = assert(io.open(path, "rb"))
  wrk.method = "POST"
  wrk.body = f:read("*a")
  f:close()
  wrk.headers["Content-Type"] = "application/json"
end

function done(summary, latency, requests)
  local s = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"seconds":%.3f,"rps":%.1f,"p50ms":%.3f,"p90ms":%.3f,"p99ms":%.3f,' ..
    '"errors":%d,"non2xx":%d,"bytes":%d}\n',
    summary.requests, s, summary.requests / s,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    e.connect + e.read + e.write + e.timeout, e.status, summary.bytes))
end
