-- Prints one JSON line with the figures the listings benchmark reads.
done = function(summary, latency, requests)
  local seconds = summary.duration / 1e6
  io.write(string.format(
    '{"requests":%d,"rps":%.1f,"p50":%.3f,"p95":%.3f,"p99":%.3f,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
