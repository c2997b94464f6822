-- Sends each request to a path drawn at random from a file (one path a line, given after `--`) and
-- prints one JSON line with the figures the browse-mix benchmark reads.
local paths = {}

init = function(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
  math.randomseed(os.time())
end

request = function()
  return wrk.format('GET', paths[math.random(#paths)])
end

done = function(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format(
    '{"requests":%d,"rps":%.1f,"p50":%.3f,"p90":%.3f,"p95":%.3f,"p975":%.3f,"p99":%.3f,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(95) / 1000,
    latency:percentile(97.5) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
