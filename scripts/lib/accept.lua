-- wrk script for scripts/bench-accept.sh (loopback only): every request posts a new message
-- from a sender of its own ("w<thread>-<n>"), as a misfiring automation's burst would, due now
-- or at NOT_BEFORE (an environment variable: an ISO 8601 time; empty or unset: due now). Each
-- response that is not 201 is counted and reported at the end; the latency percentiles are
-- printed as "latency_ms p50 p90 p99 max" for the driver to read.
local threads = {}
local counter = 1

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  sent = 0
  failed = 0
  key = os.getenv("CLACK_KEY")
  notBefore = os.getenv("NOT_BEFORE") or ""
  prefix = os.getenv("SENDER_PREFIX") or "w"
  -- EXPIRES_IN (seconds), if set, is each message's expires_in.
  local lifetime = os.getenv("EXPIRES_IN") or ""
  extra = lifetime == "" and "" or string.format(',"expires_in":%s', lifetime)
end

function request()
  sent = sent + 1
  local body
  if notBefore == "" then
    body = string.format('{"text":"DUE %d %d","sender":"%s%d-%d"%s}', id, sent, prefix, id, sent,
      extra)
  else
    body = string.format('{"text":"LATER %d %d","sender":"%s%d-%d","not_before":"%s"%s}',
      id, sent, prefix, id, sent, notBefore, extra)
  end
  return wrk.format("POST", "/api/v1/messages",
    {["Content-Type"] = "application/json", ["X-Clack-Key"] = key}, body)
end

function response(status, headers, body)
  if status ~= 201 then
    failed = failed + 1
    if failed <= 3 then io.stderr:write("answered " .. status .. ": " .. body .. "\n") end
  end
end

function done(summary, latency, requests)
  local failures = 0
  for _, thread in ipairs(threads) do failures = failures + thread:get("failed") end
  io.write(string.format("requests %d\nfailed %d\nerrors %d\n", summary.requests, failures,
    summary.errors.connect + summary.errors.read + summary.errors.write
      + summary.errors.status + summary.errors.timeout))
  io.write(string.format("latency_ms %.3f %.3f %.3f %.3f\n", latency:percentile(50) / 1000,
    latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
