-- wrk's writes for the benchmarks (wrk.ts, wrkWrites): one thread a connection, each sending to a
-- URL of its own (a message into its own conversation: two people type in one, never sixteen).
-- Every request's body is made from the template, its `{n}` replaced by a token no other request
-- of any run has (`<run>-<thread>-<n>`, dashes as a client id allows): each message new, with its
-- own client id. Every request comes from another visitor's address, as in wrk-requests.lua.
-- Arguments after `--`: the method, the run's number, the body's template, then for each thread
-- its path and its session cookie (empty for none: each thread can write as a person of its own).
-- Prints one JSON line when done.

-- The shared part, from the folder this script was loaded from (wrk loads it by its path).
dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "wrk-common.lua")

local counter = 0

function init(args)
  method = args[1]
  run = args[2]
  template = args[3]
  path = args[4 + 2 * number]
  local cookie = args[5 + 2 * number]
  -- Each thread has a Lua state of its own, so its headers are its own.
  if cookie ~= "" then wrk.headers["Cookie"] = cookie end
  -- Each thread's addresses apart from the others', so none meets another's per-address limit first.
  offset = number * math.floor(ADDRESSES / ((#args - 3) / 2))
end

function request()
  counter = counter + 1
  wrk.headers["X-Forwarded-For"] = address(offset + counter)
  -- A function as the replacement: gsub would read `%` in a string one as its own escapes.
  local token = run .. "-" .. number .. "-" .. counter
  local body = template:gsub("{n}", function() return token end)
  return wrk.format(method, path, nil, body)
end
