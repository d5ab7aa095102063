#!/usr/bin/env node
// Backs up one installation into a new folder (README, "Backup and restore"):
//   data-dir.tar.gz  DATA_DIR: the embedded database (db/), local objects (objects/), the generated session secret
//   database.dump    with DATABASE_URL: pg_dump's custom format (a consistent snapshot; the app may keep running)
//   bucket/, bucket.json  with STORAGE=s3: the bucket's objects and their content types (scripts/backup-s3.mjs)
// With the embedded database the app must be stopped: PGlite files copied while it writes are not a
// consistent snapshot, so this refuses while the data directory's lock is held by a live process.
//   node scripts/backup.mjs [OUT_DIR]        (DATA_DIR and DATABASE_URL from the environment, as for the app)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || '';
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
const out = path.resolve(process.argv[2] || `threadline-backup-${stamp}`);

function fail(message) {
  console.error(`backup: ${message}`);
  process.exit(1);
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) fail(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} failed (exit ${result.status})`);
}

/** The pid in DATA_DIR/db/threadline.lock when that process is alive (the app runs on this directory). */
function runningPid(dir) {
  const lock = path.join(dir, 'db', 'threadline.lock');
  if (!existsSync(lock)) return undefined;
  const pid = Number(readFileSync(lock, 'utf8').trim());
  if (!pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return err.code === 'EPERM' ? pid : undefined;
  }
}

if (existsSync(out) && readdirSync(out).length > 0) fail(`${out} exists and is not empty`);
const hasDataDir = existsSync(dataDir);
if (!databaseUrl && !hasDataDir) fail(`no data directory at ${dataDir} (set DATA_DIR)`);
if (!databaseUrl) {
  const pid = runningPid(dataDir);
  if (pid) {
    fail(
      `Threadline (pid ${pid}) is running on ${dataDir}: stop it first. A copy of the embedded database taken while it runs may not restore.`,
    );
  }
}
mkdirSync(out, { recursive: true });
if (databaseUrl) {
  run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${path.join(out, 'database.dump')}`,
    databaseUrl,
  ]);
}
if (hasDataDir) {
  run('tar', [
    '--create',
    '--gzip',
    `--file=${path.join(out, 'data-dir.tar.gz')}`,
    '--exclude=./db/threadline.lock',
    '--exclude=./objects/.tmp',
    '--exclude=./objects/.multipart',
    `--directory=${dataDir}`,
    '.',
  ]);
}
if (process.env.STORAGE === 's3') {
  const { pullBucket } = await import('./backup-s3.mjs');
  const count = await pullBucket(process.env, out).catch((err) =>
    fail(`copying the bucket failed: ${err.message}`),
  );
  console.log(`backup: ${count} objects copied from the bucket ${process.env.S3_BUCKET}`);
}
console.log(`backup: written to ${out}`);
