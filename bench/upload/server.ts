// The app for bench/upload.ts, in a process of its own so its memory is measured alone: started with fork(),
// STORAGE and the S3_* variables from the environment, PGlite in memory, one signed-in user. It samples its
// resident set every 5 ms; the parent asks for `reset` (a new baseline) and `report` (baseline and peak).
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openPglite } from '../../server/db/client.ts';
import { buildUser, cookieFor } from '../../server/test/factories.ts';

type Message = { type: 'reset' } | { type: 'report' } | { type: 'close' };

const database = await openPglite(undefined);
// Load generators upload far past a person's pace: the write limits are raised, and still counted.
const config = loadConfig({
  WRITE_LIMIT_FACTOR: '1000',
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
});
const app = await buildApp({
  config,
  database,
  sessionSecret: 'bench-secret-that-is-long-enough-0123456789',
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const user = await buildUser(app.db, { plan: 'community' });
const cookie = await cookieFor(app, user);

const gc = (globalThis as { gc?: () => void }).gc;
let baseline = process.memoryUsage.rss();
let peak = baseline;
const sampler = setInterval(() => {
  const rss = process.memoryUsage.rss();
  if (rss > peak) peak = rss;
}, 5);

process.on('message', async (message: Message) => {
  if (message.type === 'reset') {
    gc?.();
    await new Promise((r) => setTimeout(r, 50));
    baseline = process.memoryUsage.rss();
    peak = baseline;
    process.send?.({ type: 'reset', baseline });
  } else if (message.type === 'report') {
    const rss = process.memoryUsage.rss();
    if (rss > peak) peak = rss;
    process.send?.({ type: 'report', baseline, peak });
  } else if (message.type === 'close') {
    clearInterval(sampler);
    await app.close();
    await database.close();
    process.exit(0);
  }
});

process.send?.({ type: 'ready', baseUrl: `http://127.0.0.1:${port}`, cookie, storage: config.storage });
