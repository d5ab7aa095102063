// What metrics cost (issue 29): throughput of a do-little route with metrics off and on (the onResponse hook
// and its histogram), in alternating rounds so the machine's other load falls on both alike, and the time of
// one scrape (read at scrape time: sockets, pool, the mail outbox query).
// Run: node --import tsx bench/metrics.ts
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openPglite } from '../server/db/client.ts';
import { summarize } from './lib.ts';

// autocannon ships no types: the one call used here.
const autocannon = (await import('autocannon' as string)).default as (options: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<{ requests: { average: number } }>;
const TOKEN = 'bench-metrics-token-0123456789';
const database = await openPglite(undefined);
const start = async (env: Record<string, string>) => {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    sessionSecret: 'bench-secret-that-is-long-enough-0123456789',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
};
const off = await start({});
const on = await start({ METRICS_TOKEN: TOKEN });
try {
  const rounds = Number(process.env.ROUNDS ?? 4);
  const rps: Record<'off' | 'on', number[]> = { off: [], on: [] };
  for (let i = 0; i < rounds; i++) {
    for (const [name, target] of [
      ['off', off],
      ['on', on],
    ] as const) {
      const result = await autocannon({ url: `${target.url}/api/meta`, connections: 20, duration: 5 });
      rps[name].push(result.requests.average);
    }
  }
  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  console.log(`GET /api/meta, 20 connections, ${rounds} x 5 s rounds each, alternating`);
  console.log(`  metrics off: ${mean(rps.off)} req/s  (rounds: ${rps.off.map(Math.round).join(', ')})`);
  console.log(`  metrics on:  ${mean(rps.on)} req/s  (rounds: ${rps.on.map(Math.round).join(', ')})`);

  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 220; i++) {
    const t0 = performance.now();
    const res = await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    bytes = (await res.arrayBuffer()).byteLength;
    if (i >= 20) samples.push(performance.now() - t0);
  }
  const s = summarize(samples);
  console.log(
    `GET /metrics: median ${s.medianMs.toFixed(2)} ms, p95 ${s.p95Ms.toFixed(2)} ms, ${bytes} bytes (200 scrapes)`,
  );
} finally {
  await off.app.close();
  await on.app.close();
  await database.close();
}
