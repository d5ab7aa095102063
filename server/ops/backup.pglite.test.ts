// Backup and restore of the embedded database and local objects (README, "Backup and restore"), through
// scripts/backup.mjs and scripts/restore.mjs: refused while the app runs on DATA_DIR, and a backup taken
// with the app stopped restores into a new DATA_DIR that opens with the same rows, objects and secret.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { loadSessionSecret } from '../secrets.ts';
import { LocalStore } from '../storage/local.ts';
import { S3Store } from '../storage/s3.ts';
import { UrlSigner } from '../storage/signing.ts';
import { buildUser } from '../test/factories.ts';
import { checkHealth } from './health.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(name: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `threadline-${name}-`));
  scratch.push(dir);
  return dir;
}

/** Runs a script without blocking this process (the S3 test server answers from it). */
function script(name: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return new Promise<{ status: number | null; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts', name), ...args],
      { env: { ...rest, ...env }, encoding: 'utf8', timeout: 60_000 },
      (err, stdout, stderr) => {
        const status = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ status, output: `${stdout}${stderr}` });
      },
    );
  });
}

// The embedded database only (*.pglite.test.ts): the PostgreSQL projects run backup.pg.test.ts instead.
describe('backup and restore: embedded database, local objects', () => {
  it('refuses while the app runs; restores a stopped one with its rows, objects and secret', {
    timeout: 60_000,
  }, async () => {
    const dataDir = await tempDir('data');
    const backupDir = path.join(await tempDir('backup'), 'b');
    const secret = await loadSessionSecret(dataDir, undefined);
    const database = await openPglite(path.join(dataDir, 'db'));
    const store = new LocalStore(dataDir, new UrlSigner(secret));
    const user = await buildUser(database.db, { email: 'kept@example.test' });
    await store.put('uploads/kept', Buffer.from('the bytes of a kept file'), { contentType: 'text/plain' });

    // Running (the lock names this live process): refused, nothing written.
    const refused = await script('backup.mjs', [backupDir], { DATA_DIR: dataDir });
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/is running on .*: stop it first/);

    await database.close();
    const backup = await script('backup.mjs', [backupDir], { DATA_DIR: dataDir });
    expect(backup.output).toContain('written to');
    expect(backup.status).toBe(0);

    // Into a DATA_DIR in use: refused.
    const occupied = await script('restore.mjs', [backupDir], { DATA_DIR: dataDir });
    expect(occupied.status).toBe(1);
    expect(occupied.output).toMatch(/is not empty/);

    const restoredDir = path.join(await tempDir('restored'), 'data');
    const restore = await script('restore.mjs', [backupDir], { DATA_DIR: restoredDir });
    expect(restore.status).toBe(0);
    // What the app opens at start: the database (migrations current), the objects, the same secret.
    expect(await loadSessionSecret(restoredDir, undefined)).toBe(secret);
    const restored = await openPglite(path.join(restoredDir, 'db'));
    try {
      expect(await checkHealth(restored.db)).toMatchObject({ status: 'ok' });
      const [row] = await restored.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.email).toBe('kept@example.test');
      const object = await new LocalStore(restoredDir, new UrlSigner(secret)).read('uploads/kept');
      expect(await text(object!)).toBe('the bytes of a kept file');
    } finally {
      await restored.close();
    }
  });

  it('a lock left by a dead process does not block a backup', async () => {
    const dataDir = await tempDir('stale');
    await writeFile(path.join(dataDir, 'session-secret'), 'x'.repeat(40));
    await import('node:fs/promises').then((fs) => fs.mkdir(path.join(dataDir, 'db')));
    // A pid far above any pid_max.
    await writeFile(path.join(dataDir, 'db', 'threadline.lock'), '99999999');
    const backupDir = path.join(await tempDir('backup'), 'b');
    expect((await script('backup.mjs', [backupDir], { DATA_DIR: dataDir })).status).toBe(0);
    const restoredDir = path.join(await tempDir('restored'), 'data');
    expect((await script('restore.mjs', [backupDir], { DATA_DIR: restoredDir })).status).toBe(0);
    expect(await readFile(path.join(restoredDir, 'session-secret'), 'utf8')).toBe('x'.repeat(40));
  });
});

/**
 * s3rver 3.7 (the signature-checking 4.x the upload tests use refuses bucket listings from the AWS SDK v3 as
 * badly signed, so it cannot stand in for a bucket sync).
 */
async function listingS3() {
  const S3rver = createRequire(import.meta.url)('s3rver') as new (
    options: Record<string, unknown>,
  ) => { run(): Promise<{ port: number }>; close(): Promise<void> };
  const directory = await tempDir('s3rver');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'threadline-backup' }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'threadline-backup',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}

describe('backup and restore: S3 bucket', () => {
  it('copies the bucket (not incoming/) with content types, and puts it back into an empty bucket only', async () => {
    const s3 = await listingS3();
    try {
      const dataDir = await tempDir('s3data');
      await writeFile(path.join(dataDir, 'session-secret'), 'y'.repeat(40));
      const env = { ...s3.env, DATA_DIR: dataDir };
      const store = new S3Store(loadConfig({ ...env, NODE_ENV: 'test' }).s3);
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
      await store.put('uploads/kept', png, { contentType: 'image/png' });
      await store.put('thumbs/kept.webp', Buffer.from('thumb'), { contentType: 'image/webp' });
      await store.put('incoming/uploads/unfinished', Buffer.from('not yet checked'), {});

      const backupDir = path.join(await tempDir('s3backup'), 'b');
      const backup = await script('backup.mjs', [backupDir], env);
      expect(backup.output).toContain('2 objects copied');
      expect(backup.status).toBe(0);

      // Over a bucket in use: refused before anything is restored.
      const restoredDir = path.join(await tempDir('s3restored'), 'data');
      const refused = await script('restore.mjs', [backupDir], { ...env, DATA_DIR: restoredDir });
      expect(refused.status).toBe(1);
      expect(refused.output).toMatch(/is not empty/);

      // The bucket lost: everything back, with its content type.
      for (const key of ['uploads/kept', 'thumbs/kept.webp', 'incoming/uploads/unfinished'])
        await store.delete(key);
      const restore = await script('restore.mjs', [backupDir], { ...env, DATA_DIR: restoredDir });
      expect(restore.output).toContain('2 objects put');
      expect(restore.status).toBe(0);
      expect(await store.head('uploads/kept')).toMatchObject({ size: png.length, contentType: 'image/png' });
      expect(await buffer((await store.read('uploads/kept'))!)).toEqual(png);
      expect(await store.head('thumbs/kept.webp')).toMatchObject({ contentType: 'image/webp' });
      expect(await store.head('incoming/uploads/unfinished')).toBeNull();
      expect(await readFile(path.join(restoredDir, 'session-secret'), 'utf8')).toBe('y'.repeat(40));
    } finally {
      await s3.close();
    }
  });
});
