// `npm test`: every test of the project, in phases, each timed:
//   1. static checks: Biome (lint and format) and tsc, so `npm run lint`/`typecheck` cannot drift out of green;
//   2. Vitest: client and common code and the API tests on PostgreSQL (TEST_DATABASE_URL, else the local server
//      on 127.0.0.1:5432 when one answers; the Redis bus's with TEST_REDIS_URL, else 127.0.0.1:6379), files in
//      parallel;
//   3. common code and the API tests on PGlite on Node 22 (scripts/node22.mjs; TEST_NODE22=0 runs them in 2);
//   4. the timing-sensitive API files, one at a time per database, PostgreSQL's here beside PGlite's on 22;
//   5. the page-speed budget on a fresh build (scripts/budget.mjs: initial JS per route and Lighthouse); the
//      build itself runs from the start, beside the static checks;
//   6. the browser journeys (Playwright in Debian's Chromium).
// Ends with the time of each phase and its five slowest files, what was skipped and why, and one line
// "tests: N passed, N failed, N skipped"; fails when anything failed or nothing ran, and (CI=true) when a
// phase had to be skipped.
// Optional argument: "unit" (Vitest only), "e2e" (build, budget, Playwright) or "budget" (build and budget).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './lib/app-server.mjs';
import { NODE22, node22, node22Unavailable } from './node22.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const only = process.argv[2];
const ci = process.env.CI === 'true' || process.env.CI === '1';
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

const totals = { passed: 0, failed: 0, skipped: 0 };
const phases = []; // { name, seconds, detail }
const skippedPhases = []; // "what: why"
const skippedTests = new Set(); // "file: why", from tests skipped with a reason (a tool missing here)
let broken = false;

async function phase(name, fn) {
  const started = Date.now();
  const detail = await fn();
  phases.push({ name, seconds: (Date.now() - started) / 1000, detail });
}
const count = ({ passed = 0, failed = 0, skipped = 0 }) => {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
};
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};
/** The five slowest of [{ms}], as one line, so the next slowdown shows where it comes from. */
const slowest = (items, name) =>
  `slowest: ${items
    .toSorted((a, b) => b.ms - a.ms)
    .slice(0, 5)
    .map((item) => `${name(item)} ${(item.ms / 1000).toFixed(0)} s`)
    .join(', ')}`;
/** Playwright's JSON report: each spec file's summed test time. */
const specFiles = (report) =>
  report.suites.map((suite) => {
    let ms = 0;
    const walk = (s) => {
      for (const spec of s.specs ?? [])
        for (const test of spec.tests) for (const result of test.results) ms += result.duration;
      for (const child of s.suites ?? []) walk(child);
    };
    walk(suite);
    return { file: suite.file, ms };
  });
const minutes = (s) => `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`;

/**
 * Vitest on `node` for the given projects; resolves to its per-project summary lines. `quiet` keeps its
 * output until it ends (it runs beside another Vitest whose output streams).
 */
async function vitest(node, projects, label, { quiet = false } = {}) {
  const summary = path.join(tmp, `vitest-${label}.json`);
  const args = [
    path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=./scripts/lib/vitest-summary.mjs',
  ];
  const child = spawn(node, args, {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, VITEST_SUMMARY: summary },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const code = await new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1)));
  if (quiet) {
    console.log(
      `\n${label}: Vitest on ${node === process.execPath ? process.versions.node : NODE22}, ${projects.join(', ')}`,
    );
    process.stdout.write(Buffer.concat(output));
  }
  const r = readJson(summary);
  if (!r) {
    broken = true;
    return ['no results (see above)'];
  }
  const lines = Object.entries(r.projects)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, p]) => {
      const window = p.first && p.last ? `, ran for ${minutes((p.last - p.first) / 1000)}` : '';
      return `${name}: ${p.files} files, ${count(p)}; ${minutes(p.fileMs / 1000)} in files${window}`;
    });
  lines.push(slowest(r.files ?? [], (f) => `${f.file} (${f.project})`));
  for (const skip of r.skips ?? []) skippedTests.add(`${skip.file}: ${skip.note}`);
  const failedTests = Object.values(r.projects).reduce((n, p) => n + p.failed, 0);
  if ((code !== 0 && failedTests === 0) || r.unhandledErrors > 0) broken = true;
  if (r.unhandledErrors > 0) lines.push(`${r.unhandledErrors} unhandled errors (see above)`);
  return lines;
}

/** TEST_DATABASE_URL, else the local PostgreSQL when it answers (as .ci/run and these machines have it). */
async function findPostgres() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: LOCAL_POSTGRES, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    console.log(
      `PostgreSQL answers on 127.0.0.1:5432: the api-postgres projects run there (scratch databases).`,
    );
    return LOCAL_POSTGRES;
  } catch {
    await client.end().catch(() => {});
    return undefined;
  }
}

/** TEST_REDIS_URL, else the local Redis when it answers (the Redis bus's tests, *-redis.pg.test.ts). */
async function findRedis() {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  const { createClient } = await import('redis');
  const client = createClient({
    url: LOCAL_REDIS,
    socket: { connectTimeout: 2000, reconnectStrategy: false },
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    await client.close();
    console.log(`Redis answers on 127.0.0.1:6379: the Redis bus's tests run there (a channel each).`);
    return LOCAL_REDIS;
  } catch {
    client.destroy();
    return undefined;
  }
}

/** The client build, started at once beside the static checks (it needs nothing else); the budget waits for it. */
function startBuild() {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (status) =>
      resolve({ code: status ?? 1, output: Buffer.concat(output), seconds: (Date.now() - started) / 1000 }),
    ),
  );
}
const build = only === 'unit' ? null : startBuild();

if (!only) {
  await phase('static checks (Biome, tsc)', () => {
    for (const [name, args] of [
      ['biome', ['check', '.']],
      ['tsc', ['--noEmit', '-p', '.']],
    ]) {
      if (run(bin(name), args) !== 0) {
        console.error(`\n${name} found problems: fix them (npm run format fixes formatting) and run again.`);
        process.exit(1);
      }
    }
    return [];
  });
}

if (only !== 'e2e' && only !== 'budget') {
  // The reverse-proxy test runs Debian's Caddy (installed here when missing, as root); without it that test
  // is skipped, and says why below, except in CI, where it fails.
  run('bash', [path.join(root, 'scripts', 'ensure-caddy.sh')]);
  const postgres = await findPostgres();
  if (postgres) process.env.TEST_DATABASE_URL = postgres;
  else
    skippedPhases.push('api-postgres*: no PostgreSQL (set TEST_DATABASE_URL, or run one on 127.0.0.1:5432)');
  // The Redis bus's files run in the api-postgres projects (vitest.config.ts leaves them out without it).
  const redis = postgres ? await findRedis() : undefined;
  if (redis) process.env.TEST_REDIS_URL = redis;
  else if (postgres)
    skippedPhases.push(
      'the Redis bus (server/realtime/*-redis.pg.test.ts): no Redis (set TEST_REDIS_URL, or run one on 127.0.0.1:6379)',
    );
  const why22 = process.env.TEST_NODE22 === '0' ? 'TEST_NODE22=0' : node22Unavailable();
  let node;
  if (!why22) {
    try {
      node = node22();
    } catch (error) {
      console.error(error.message);
      broken = true;
    }
  }
  // Each API test runs once per database, each database on one Node: PostgreSQL here, PGlite on Node 22 (the
  // e2e server runs PGlite on this Node). Without Node 22, both here; without PostgreSQL, PGlite on both.
  // The files in parallel first; then the timing-sensitive ones, one at a time per database, both at once.
  const pgliteHere = !node || !postgres;
  const parallel = (db) => [`api-${db}`, `api-${db}-isolated`];
  const serial = (db) => [`api-${db}-serial`, `api-${db}-serial-isolated`];
  const here = [
    'client*',
    'common',
    ...(postgres ? parallel('postgres') : []),
    ...(pgliteHere ? parallel('pglite') : []),
  ];
  await phase(`Vitest on Node ${process.versions.node} (${here.join(', ')})`, () =>
    vitest(process.execPath, here, 'main'),
  );
  if (!node) {
    const why = why22 || 'could not get the binary (see above)';
    skippedPhases.push(`Node ${NODE22}: ${why} (api-pglite* ran on Node ${process.versions.node})`);
  } else {
    const there = ['common', ...parallel('pglite')];
    await phase(`Vitest on Node ${NODE22} (${there.join(', ')})`, () => vitest(node, there, 'node22'));
  }

  const serialHere = [...(postgres ? serial('postgres') : []), ...(pgliteHere ? serial('pglite') : [])];
  const serialThere = node ? serial('pglite') : [];
  const names = [
    `${serialHere.join(', ')} on Node ${process.versions.node}`,
    ...(serialThere.length ? [`${serialThere.join(', ')} on Node ${NODE22}`] : []),
  ];
  await phase(`Vitest, timing-sensitive files (${names.join('; ')})`, async () => {
    const runs = await Promise.all([
      vitest(process.execPath, serialHere, 'serial'),
      serialThere.length ? vitest(node, serialThere, 'serial-node22', { quiet: true }) : [],
    ]);
    return runs.flat();
  });
}

if (only !== 'unit') {
  await phase('page-speed budget', async () => {
    if (run('bash', [path.join(root, 'scripts', 'ensure-chromium.sh')]) !== 0) process.exit(1);
    const built = await build;
    console.log(
      `\nThe client build (vite build, run beside the static checks): ${built.seconds.toFixed(0)} s`,
    );
    process.stdout.write(built.output);
    if (built.code !== 0) process.exit(1);
    const code = run(process.execPath, [path.join(root, 'scripts', 'budget.mjs'), '--no-build']);
    const r = readJson(path.join(tmp, 'budget.json'));
    if (!r || (code !== 0 && r.failed === 0)) broken = true;
    return r
      ? [`budget: ${count(r)}`, `the build beside the static checks: ${minutes(built.seconds)}`]
      : ['no results (see above)'];
  });
}

if (only !== 'unit' && only !== 'budget') {
  // A port of its own, so an app already running here (or a server a killed run left) is no obstacle.
  const port = process.env.E2E_PORT ?? String(await freePort());
  await phase('browser journeys (Playwright)', () => {
    const report = path.join(tmp, 'playwright.json');
    const env = { PLAYWRIGHT_JSON_OUTPUT_NAME: report, TMPDIR: tmp, E2E_PORT: port };
    const code = run(bin('playwright'), ['test'], env);
    const r = readJson(report);
    if (!r || (code !== 0 && r.stats.unexpected === 0)) broken = true;
    if (!r) return ['no results (see above)'];
    const { expected, unexpected, flaky, skipped } = r.stats;
    return [
      `playwright: ${count({ passed: expected, failed: unexpected + flaky, skipped })}`,
      slowest(specFiles(r), (f) => f.file),
    ];
  });
}

console.log('\nWhere the time went:');
for (const { name, seconds, detail } of phases) {
  console.log(`  ${minutes(seconds).padStart(7)}  ${name}`);
  for (const line of detail ?? []) console.log(`           ${line}`);
}
console.log(`  ${minutes(phases.reduce((s, p) => s + p.seconds, 0)).padStart(7)}  in all`);
for (const what of [...skippedPhases, ...skippedTests]) console.log(`Skipped: ${what}`);
if (broken) console.error('A test runner failed before reporting all its results (see above).');
if (ci && skippedPhases.length) console.error('CI runs every phase: a skipped phase fails the run.');
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || broken || totals.passed === 0 || (ci && skippedPhases.length) ? 1 : 0);
