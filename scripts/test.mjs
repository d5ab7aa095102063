// `npm test`: every test of the project. Unit and API tests (Vitest: PGlite always, PostgreSQL too when
// TEST_DATABASE_URL is set), then the browser journeys (Playwright in Debian's Chromium).
// A full run starts with the static checks (Biome lint and format, tsc), so `npm run lint` and
// `npm run typecheck` cannot drift out of green unnoticed. Ends with one line "tests: N passed, N failed" and fails when anything failed or nothing ran.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const only = process.argv[2]; // optional: "unit" (Vitest only) or "e2e" (Playwright only)

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

if (only !== 'e2e') {
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
