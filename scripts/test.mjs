// `npm test`: every test of the project, in phases, each timed:
//   1. static checks: Biome (lint and format) and tsc, so `npm run lint`/`typecheck` cannot drift out of green;
//   2. Vitest: client and common code, the API tests on PGlite and on PostgreSQL (TEST_DATABASE_URL, else the
//      local server on 127.0.0.1:5432 when one answers), files in parallel, then the timing-sensitive ones alone;
//   3. the server-side projects once more on Node 22 (scripts/node22.mjs; TEST_NODE22=0 skips it);
//   4. the page-speed budget on a fresh build (scripts/budget.mjs: initial JS per route and Lighthouse);
//   5. the browser journeys (Playwright in Debian's Chromium).
// Ends with the time of each phase, what was skipped and why, and one line "tests: N passed, N failed,
// N skipped"; fails when anything failed or nothing ran, and (CI=true) when a phase had to be skipped.
// Optional argument: "unit" (Vitest only), "e2e" (build, budget, Playwright) or "budget" (build and budget).
import { spawnSync } from 'node:child_process';
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

const totals = { passed: 0, failed: 0, skipped: 0 };
const phases = []; // { name, seconds, detail }
const skippedPhases = []; // "what: why"
let broken = false;

function phase(name, fn) {
  const started = Date.now();
  const detail = fn();
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
const minutes = (s) => `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s`;

/** Vitest with the given extra arguments; returns its per-project summary lines. */
function vitest(node, args, label) {
  const summary = path.join(tmp, `vitest-${label}.json`);
  const code = run(
    node,
    [
      path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      ...args,
      '--reporter=default',
      '--reporter=./scripts/lib/vitest-summary.mjs',
    ],
    {
      VITEST_SUMMARY: summary,
    },
  );
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

if (!only) {
  phase('static checks (Biome, tsc)', () => {
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
  const postgres = await findPostgres();
  if (postgres) process.env.TEST_DATABASE_URL = postgres;
  else
    skippedPhases.push('api-postgres*: no PostgreSQL (set TEST_DATABASE_URL, or run one on 127.0.0.1:5432)');
  phase(`Vitest on Node ${process.versions.node}`, () => vitest(process.execPath, [], 'main'));

  if (process.env.TEST_NODE22 === '0') skippedPhases.push(`Node ${NODE22}: TEST_NODE22=0`);
  else if (node22Unavailable()) skippedPhases.push(`Node ${NODE22}: ${node22Unavailable()}`);
  else {
    // The code that runs on the server: the browser code never runs on the server's Node.
    phase(`Vitest on Node ${NODE22} (common, api-pglite)`, () => {
      let node;
      try {
        node = node22();
      } catch (error) {
        console.error(error.message);
        broken = true;
        return ['could not get the binary (see above)'];
      }
      console.log(`\nVitest on Node ${NODE22}: common, api-pglite*`);
      const projects = ['common', 'api-pglite*'].flatMap((p) => ['--project', p]);
      return vitest(node, projects, 'node22');
    });
  }
}

if (only !== 'unit') {
  phase('build and page-speed budget', () => {
    if (run('bash', [path.join(root, 'scripts', 'ensure-chromium.sh')]) !== 0) process.exit(1);
    const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    if (run(process.execPath, [vite, 'build', '--logLevel', 'warn']) !== 0) process.exit(1);
    const code = run(process.execPath, [path.join(root, 'scripts', 'budget.mjs'), '--no-build']);
    const r = readJson(path.join(tmp, 'budget.json'));
    if (!r || (code !== 0 && r.failed === 0)) broken = true;
    return r ? [`budget: ${count(r)}`] : ['no results (see above)'];
  });
}

if (only !== 'unit' && only !== 'budget') {
  // A port of its own, so an app already running here (or a server a killed run left) is no obstacle.
  const port = process.env.E2E_PORT ?? String(await freePort());
  phase('browser journeys (Playwright)', () => {
    const report = path.join(tmp, 'playwright.json');
    const env = { PLAYWRIGHT_JSON_OUTPUT_NAME: report, TMPDIR: tmp, E2E_PORT: port };
    const code = run(bin('playwright'), ['test'], env);
    const r = readJson(report);
    if (!r || (code !== 0 && r.stats.unexpected === 0)) broken = true;
    if (!r) return ['no results (see above)'];
    const { expected, unexpected, flaky, skipped } = r.stats;
    return [`playwright: ${count({ passed: expected, failed: unexpected + flaky, skipped })}`];
  });
}

console.log('\nWhere the time went:');
for (const { name, seconds, detail } of phases) {
  console.log(`  ${minutes(seconds).padStart(7)}  ${name}`);
  for (const line of detail ?? []) console.log(`           ${line}`);
}
console.log(`  ${minutes(phases.reduce((s, p) => s + p.seconds, 0)).padStart(7)}  in all`);
for (const what of skippedPhases) console.log(`Skipped: ${what}`);
if (broken) console.error('A test runner failed before reporting all its results (see above).');
if (ci && skippedPhases.length) console.error('CI runs every phase: a skipped phase fails the run.');
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || broken || totals.passed === 0 || (ci && skippedPhases.length) ? 1 : 0);
