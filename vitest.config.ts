import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Files run in parallel (VITEST_WORKERS, default 2: on this 2-core machine a third worker made the API
// projects no faster, 161-168 s against 164 s, and every test slower; see the README's "Tests"), sharing each
// worker's modules (isolate: false: the app's dependencies load once per worker, not once per file; every file
// builds its own app and database). Files whose assertions depend on timing (socket pings, fault injection,
// limit windows, several server processes) run afterwards, one at a time, in the *-serial projects. Files that
// mock modules (vi.mock needs a module graph of its own) run isolated, in the *-isolated projects; the list is
// read from the files, so a new one is isolated by itself.
const workers = Number(process.env.VITEST_WORKERS) || 2;
const SERIAL = [
  /^server\/realtime\/socket\.test\.ts$/,
  /^server\/faults\//,
  /^server\/ops\/shutdown\.test\.ts$/,
  /^server\/routes\/limits[^/]*\.test\.ts$/,
  /^server\/db\/(outage|concurrent-start)\.pg\.test\.ts$/,
  /^server\/realtime\/instances(-redis)?\.pg\.test\.ts$/,
  /^server\/ops\/reverse-proxy\.pg\.test\.ts$/,
  /^server\/http\/slow-clients\.test\.ts$/,
];
const isSerial = (file: string) => SERIAL.some((re) => re.test(file));

const root = import.meta.dirname;
const testFiles = (dir: string) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.test\.tsx?$/.test(file));
const mocks = (file: string) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, file), 'utf8'));

// The browser code's files share each worker's modules and happy-dom environment too (an environment per file
// cost 70 s of an 88 s project on 2 cores), except those that mock modules and the lazy toaster's test (it
// needs the toaster not loaded yet): those run isolated, in client-isolated.
const CLIENT_ISOLATED = testFiles('client').filter(
  (file) => file === 'client/app/deferred-toaster.test.tsx' || mocks(file),
);
const SERVER_TESTS = testFiles('server');

// Scratch databases carry the run's pid, so the next run can drop what a killed one left (server/test/db.ts).
const env = { TL_TEST_RUN_PID: String(process.pid) };

// API tests run on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL; each migrates once per run
// (server/test/global-setup.ts). *.pg.test.ts need PostgreSQL (several processes on one database, or races);
// *.pglite.test.ts test the embedded database itself and run once, on PGlite. *-redis.pg.test.ts need Redis
// too (TEST_REDIS_URL, found like TEST_DATABASE_URL by scripts/test.mjs): without it they are left out.
const apiProjects = (db: 'pglite' | 'postgres') => {
  const other = db === 'pglite' ? '.pg.test.ts' : '.pglite.test.ts';
  const redis = (file: string) => file.endsWith('-redis.pg.test.ts');
  const files = SERVER_TESTS.filter(
    (file) => !file.endsWith(other) && (process.env.TEST_REDIS_URL || !redis(file)),
  );
  return [false, true].flatMap((serial) =>
    [false, true].map((isolate) => ({
      test: {
        name: `api-${db}${serial ? '-serial' : ''}${isolate ? '-isolated' : ''}`,
        include: files.filter((file) => isSerial(file) === serial && mocks(file) === isolate),
        environment: 'node',
        // Files that share a worker's modules reuse its emptied PGlite copies (server/test/db.ts).
        env: { ...env, TEST_DB: db, TL_TEST_DB_REUSE: isolate ? '0' : '1' },
        globalSetup: ['server/test/global-setup.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
        maxWorkers: serial ? 1 : workers,
        isolate,
        sequence: { groupOrder: serial ? 1 : 0 },
      },
    })),
  );
};

export default defineConfig({
  test: {
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache): the Node 22 and the
    // timing-sensitive runs reuse what the first run transformed (Node 22's phase: 134 -> 127 s).
    experimental: { fsModuleCache: true },
    projects: [
      {
        // The browser code, in happy-dom.
        plugins: [react()],
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}', 'vite-chunks.test.ts'],
          exclude: CLIENT_ISOLATED,
          environment: 'happy-dom',
          env,
          maxWorkers: workers,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client-isolated',
          include: CLIENT_ISOLATED,
          environment: 'happy-dom',
          // A thread per file starts faster than a process per file: 39 -> 35 s for these 26 files on 2 cores.
          pool: 'threads',
          env,
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Code shared by the server and the client, and the scripts' own logic, in Node (also run on Node 22 with the
        // server's tests).
        test: {
          name: 'common',
          include: ['common/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          env,
          maxWorkers: workers,
          sequence: { groupOrder: 0 },
        },
      },
      ...apiProjects('pglite'),
      ...(process.env.TEST_DATABASE_URL ? apiProjects('postgres') : []),
    ],
  },
});
