// The command line on PostgreSQL, through DATABASE_URL (any time, server running or not).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, SLOW } from '../test/admin-cli.ts';
import { openTestDatabase } from '../test/db.ts';

describe('npm run admin on PostgreSQL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tl-admin-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it(
    'works on PostgreSQL through DATABASE_URL',
    async () => {
      const database = await openTestDatabase();
      try {
        const listed = await admin(['timelines', 'list'], { DATABASE_URL: database.url!, DATA_DIR: dataDir });
        expect(listed.stderr).toBe('');
        expect(listed.code).toBe(0);
        expect(listed.stdout).toContain('No threadlines');
      } finally {
        await database.close();
      }
    },
    SLOW,
  );
});
