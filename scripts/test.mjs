// `npm test`: every test of the project. Unit and API tests (Vitest: PGlite always, PostgreSQL too when
// TEST_DATABASE_URL is set), the unit and api-pglite projects once more on Node 22 (scripts/node22.mjs; skipped
// with TEST_NODE22=0), then the page-speed budget on the built client (scripts/budget.mjs: initial JS per route
// and Lighthouse) and the browser journeys (Playwright in Debian's Chromium).
// A full run starts with the static checks (Biome lint and format, tsc), so `npm run lint` and
// `npm run typecheck` cannot drift out of green unnoticed. Ends with one line "tests: N passed, N failed" and fails when anything failed or nothing ran.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { NODE22, node22 } from './node22.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
// optional: "unit" (Vitest only), "e2e" (the build, the budget and Playwright) or "budget" (the build and budget)
const only = process.argv[2];

let passed = 0;
let failed = 0;
let broken = false;

if (!only) {
  for (const [name, args] of [
    ['biome', ['check', '.']],
    ['tsc', ['--noEmit', '-p', '.']],
  ]) {
    if (run(bin(name), args) !== 0) {
      console.error(`\n${name} found problems: fix them (npm run format fixes formatting) and run again.`);
      process.exit(1);
    }
  }
}

if (only !== 'e2e' && only !== 'budget') {
  const report = path.join(tmp, 'vitest.json');
  const code = run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (code !== 0 && r.numFailedTests === 0) broken = true;
  } catch {
    broken = true;
  }

  if (process.env.TEST_NODE22 !== '0') {
    // Node 22 too: the projects that need no PostgreSQL or browser (a few minutes on 2 cores).
    const started = Date.now();
    let node;
    try {
      node = node22();
    } catch (error) {
      console.error(error.message);
      broken = true;
    }
    if (node) {
      console.log(`\nVitest on Node ${NODE22}: unit and api-pglite`);
      const report22 = path.join(tmp, 'vitest-node22.json');
      const code22 = run(node, [
        path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--project',
        'unit',
        '--project',
        'api-pglite',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report22}`,
      ]);
      try {
        const r = JSON.parse(readFileSync(report22, 'utf8'));
        passed += r.numPassedTests;
        failed += r.numFailedTests;
        if (code22 !== 0 && r.numFailedTests === 0) broken = true;
      } catch {
        broken = true;
      }
      console.log(`Node ${NODE22} run took ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  }
}

if (only !== 'unit') {
  if (run('bash', [path.join(root, 'scripts', 'ensure-chromium.sh')]) !== 0) process.exit(1);
  if (
    run(process.execPath, [
      path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--logLevel',
      'warn',
    ]) !== 0
  )
    process.exit(1);

  // The page-speed budget on that build (about a minute): each check counts as a test.
  const budgetCode = run(process.execPath, [path.join(root, 'scripts', 'budget.mjs'), '--no-build']);
  try {
    const r = JSON.parse(readFileSync(path.join(tmp, 'budget.json'), 'utf8'));
    passed += r.passed;
    failed += r.failed;
    if (budgetCode !== 0 && r.failed === 0) broken = true;
  } catch {
    broken = true;
  }
}

if (only !== 'unit' && only !== 'budget') {
  const report = path.join(tmp, 'playwright.json');
  const code = run(bin('playwright'), ['test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    TMPDIR: tmp,
  });
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.stats.expected;
    failed += r.stats.unexpected + r.stats.flaky;
    if (code !== 0 && r.stats.unexpected === 0) broken = true;
  } catch {
    broken = true;
  }
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (broken) console.error('A test runner failed before reporting its results (see above).');
process.exit(failed > 0 || broken || passed === 0 ? 1 : 0);
