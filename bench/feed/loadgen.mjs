// The load generator of bench/feed.ts, run as a child process so it never shares the server's event loop:
// `node bench/feed/loadgen.mjs '<json options>'` runs autocannon (programmatic API) once and prints one JSON
// line with the figures the bench reads. Options: url, connections, duration (s), headers.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');
const cpuBefore = process.cpuUsage();
const result = await autocannon({
  url: options.url,
  connections: options.connections ?? 50,
  duration: options.duration ?? 10,
  headers: options.headers ?? {},
  // One request in flight per connection, like a browser tab.
  pipelining: 1,
});
const pick = (h) => ({
  mean: h.mean,
  p50: h.p50,
  p90: h.p90,
  p97_5: h.p97_5,
  p99: h.p99,
  max: h.max,
});
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    duration: result.duration,
    latency: pick(result.latency),
    bytesPerSecond: result.throughput.average,
    cpuMs: (() => {
      const used = process.cpuUsage(cpuBefore);
      return (used.user + used.system) / 1000;
    })(),
  })}\n`,
);
