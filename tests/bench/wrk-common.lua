-- What wrk's two scripts share (wrk-requests.lua, wrk-writes.lua; each loads this file beside it):
-- each thread's number, a visitor's address for each request, and the summary printed when done.

ADDRESSES = 50000
local threads = {}

function setup(thread)
  thread:set("number", #threads)
  table.insert(threads, thread)
end

function address(n)
  n = n % ADDRESSES
  -- LuaJIT (Lua 5.1): no bit operators.
  return string.format("10.%d.%d.%d", math.floor(n / 65536), math.floor(n / 256) % 256, n % 256)
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"failures":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    errors.connect + errors.read + errors.write + errors.status + errors.timeout
  ))
end
