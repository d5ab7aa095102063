// Times one test database open: migrating from scratch (what every API test file did before issue 22) against
// copying the run's migrated template (server/test/db.ts). PGlite always; PostgreSQL on TEST_DATABASE_URL.
// Command: node --import tsx bench/tests/open-test-database.ts  (ROUNDS=5)
import { openAsBlob } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { openPglite, openPostgres } from '../../server/db/client.ts';
import { createEmptyDatabase, openScratchPostgres } from '../../server/test/db.ts';

const rounds = Number(process.env.ROUNDS) || 5;
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function time(run: () => Promise<{ close(): Promise<void> }>) {
  const started = performance.now();
  const database = await run();
  const ms = performance.now() - started;
  await database.close();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const results: Record<string, number[]> = {};
const record = (name: string, ms: number) => {
  results[name] ??= [];
  results[name].push(ms);
};

const templateDir = path.resolve(import.meta.dirname, '..', '..', '.tmp', 'bench-template');
const source = await openPglite(undefined);
const dump = await source.dumpDataDir?.();
await source.close();
if (!dump) throw new Error('no dump');
const { writeFile, mkdir } = await import('node:fs/promises');
await mkdir(templateDir, { recursive: true });
const tar = path.join(templateDir, 'pglite.tar');
await writeFile(tar, Buffer.from(await dump.arrayBuffer()));

const template = await createEmptyDatabase(pgUrl, 'tl_bench_template');
await (await openPostgres(template.url)).close();
try {
  for (let i = 0; i < rounds; i++) {
    record('PGlite, initdb and every migration', await time(() => openPglite(undefined)));
    record(
      'PGlite, loaded from the template',
      await time(async () => openPglite(undefined, { loadDataDir: await openAsBlob(tar) })),
    );
    record(
      'PostgreSQL, CREATE DATABASE and every migration',
      await time(() => openScratchPostgres(pgUrl, 'tl_bench')),
    );
    record(
      'PostgreSQL, CREATE DATABASE … TEMPLATE',
      await time(() => openScratchPostgres(pgUrl, 'tl_bench', template.name)),
    );
  }
} finally {
  await template.drop();
}
console.log(
  `migrations: ${(await readdir(path.resolve(import.meta.dirname, '../../server/db/migrations'))).filter((f) => f.endsWith('.sql')).length}`,
);
for (const [name, xs] of Object.entries(results)) {
  console.log(`${name}: median ${median(xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`);
}
