-- wrk's requests for the benchmarks (wrk.ts): every request from another visitor's address
-- (X-Forwarded-For, believed from the trusted proxy), and with `new` each URL made new by a
-- parameter the API ignores (`_=<run>.<thread>.<n>`), so the app computes every answer.
-- Arguments after `--`: new (0 or 1), the run's number, then any number of paths sent in turn
-- instead of the URL's (the mixed load's six reads). Prints one JSON line when done.

-- The shared part, from the folder this script was loaded from (wrk loads it by its path).
dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "wrk-common.lua")

-- Requests made once and sent in turn when they need not be new: building each one in Lua would
-- cost the generator more than the cached answer costs the server.
local PREBUILT = 2000
local counter = 0

function init(args)
  every_new = args[1] == "1"
  run = args[2] or "0"
  paths = {}
  for i = 3, #args do
    table.insert(paths, args[i])
  end
  if #paths == 0 then
    paths[1] = wrk.path
  end
  offset = number * PREBUILT
  if not every_new then
    prebuilt = {}
    for i = 1, PREBUILT do
      wrk.headers["X-Forwarded-For"] = address(offset + i)
      prebuilt[i] = wrk.format(nil, paths[i % #paths + 1])
    end
  end
end

function request()
  counter = counter + 1
  if prebuilt then
    return prebuilt[counter % PREBUILT + 1]
  end
  wrk.headers["X-Forwarded-For"] = address(offset + counter)
  local base = paths[counter % #paths + 1]
  local separator = base:find("?", 1, true) and "&" or "?"
  return wrk.format(nil, base .. separator .. "_=" .. run .. "." .. number .. "." .. counter)
end
