// What the reserved-attempt limiter adds to a sign-in: the address counter, then the pair and account
// counters (issue 23: in two steps, so a refused address leaves no key behind), reserved before the password
// check and given back after a success, timed alone, beside a whole successful POST /api/auth/login; and the
// memory of the in-memory store when full (MEMORY_MAX_KEYS keys).
// Run: node --expose-gc --import tsx bench/signin-limiter.ts   (add BENCH_DATABASE_URL=... for PostgreSQL)
import { performance } from 'node:perf_hooks';
import { AttemptLimiter, MEMORY_MAX_KEYS, MemoryAttemptStore } from '../server/http/limiter.ts';
import { SIGNIN_LIMITS } from '../server/routes/auth.ts';
import { benchKinds, printRow, startTarget, type Timing, timeRequests } from './lib.ts';

async function timeLimiter(run: (i: number) => Promise<void>, count = 500, warmup = 50): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < warmup + count; i++) {
    const start = performance.now();
    await run(i);
    if (i >= warmup) samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { count, medianMs: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99), maxMs: at(1) };
}

for (const kind of benchKinds()) {
  const target = await startTarget(kind);
  try {
    const { limiter } = target.app;
    // A successful sign-in's limiter work: reserve the address, then the pair and the account; reset the
    // pair, give the other two back.
    const success = await timeLimiter(async (i) => {
      const email = `user-${i % 50}@example.test`;
      const address = await limiter.reserve([{ rule: SIGNIN_LIMITS.address, subject: '127.0.0.1' }]);
      const r = await limiter.reserve([
        { rule: SIGNIN_LIMITS.pair, subject: `${email}|127.0.0.1` },
        { rule: SIGNIN_LIMITS.account, subject: email },
      ]);
      const [pair, account] = r.keys;
      await Promise.all([limiter.reset([pair!]), limiter.release(r, [account!, ...address.keys])]);
    });
    printRow('limiter: reserve + give back (success)', kind, success);
    // A failed one only reserves (a fresh address each time, so no limit is reached).
    const failure = await timeLimiter(async (i) => {
      const ip = `10.0.${i >> 8}.${i & 255}`;
      await limiter.reserve([{ rule: SIGNIN_LIMITS.address, subject: ip }]);
      await limiter.reserve([
        { rule: SIGNIN_LIMITS.pair, subject: `x@example.test|${ip}` },
        { rule: SIGNIN_LIMITS.account, subject: `x-${i}@example.test` },
      ]);
    });
    printRow('limiter: reserve (failure)', kind, failure);

    const body = JSON.stringify({ email: 'bench@example.test', password: 'violet tram 42 harbour' });
    const headers = { 'content-type': 'application/json', origin: target.baseUrl };
    const register = await fetch(`${target.baseUrl}/api/auth/register`, { method: 'POST', headers, body });
    if (register.status !== 201) throw new Error(`register answered ${register.status}`);
    printRow(
      'POST /api/auth/login (success, argon2id)',
      kind,
      await timeRequests(
        `${target.baseUrl}/api/auth/login`,
        { method: 'POST', headers, body },
        { count: 100, warmup: 10 },
      ),
    );
  } finally {
    await target.close();
  }
}

// The in-memory store (the embedded database's) when full: MEMORY_MAX_KEYS keys, then as many again, which
// push the oldest out instead of growing it.
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  gc();
  const before = process.memoryUsage().heapUsed;
  const store = new MemoryAttemptStore();
  const limiter = new AttemptLimiter(store);
  const fill = async (from: number) => {
    for (let i = from; i < from + MEMORY_MAX_KEYS; i++) {
      await limiter.reserve([{ rule: SIGNIN_LIMITS.pair, subject: `user-${i}@example.test|10.0.0.1` }]);
    }
  };
  await fill(0);
  gc();
  const full = process.memoryUsage().heapUsed - before;
  await fill(MEMORY_MAX_KEYS);
  gc();
  const after = process.memoryUsage().heapUsed - before;
  console.log(
    `memory store: ${await store.size()} keys, ${(full / 1e6).toFixed(1)} MB full; ` +
      `after ${MEMORY_MAX_KEYS} more: ${await store.size()} keys, ${(after / 1e6).toFixed(1)} MB`,
  );
} else console.log('memory store: run with node --expose-gc to measure it');
