#!/usr/bin/env node
// Restores a folder written by scripts/backup.mjs (README, "Backup and restore"), with the app stopped:
//   data-dir.tar.gz  unpacked into DATA_DIR, which must be missing or empty
//   database.dump    restored into DATABASE_URL, which must be an existing, empty database
//   bucket/, bucket.json  put into S3_BUCKET (STORAGE=s3), which must be empty
//   node scripts/restore.mjs BACKUP_DIR      (DATA_DIR and DATABASE_URL from the environment, as for the app)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || '';
const from = process.argv[2] ? path.resolve(process.argv[2]) : '';

function fail(message) {
  console.error(`restore: ${message}`);
  process.exit(1);
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) fail(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} failed (exit ${result.status})`);
}

if (!from || !existsSync(from)) fail('give the backup folder: node scripts/restore.mjs BACKUP_DIR');
const archive = path.join(from, 'data-dir.tar.gz');
const dump = path.join(from, 'database.dump');
if (!existsSync(archive) && !existsSync(dump))
  fail(`${from} holds neither data-dir.tar.gz nor database.dump`);
if (existsSync(dump) && !databaseUrl)
  fail('the backup has a PostgreSQL dump: set DATABASE_URL to an empty database');
if (existsSync(archive) && existsSync(dataDir) && readdirSync(dataDir).length > 0) {
  fail(`${dataDir} is not empty: restore into a new DATA_DIR (or move the old one away)`);
}

const hasBucket = existsSync(path.join(from, 'bucket.json'));
if (hasBucket) {
  if (process.env.STORAGE !== 's3') fail('the backup holds a bucket: set STORAGE=s3 and the S3_* variables');
  const { assertEmptyBucket } = await import('./backup-s3.mjs');
  await assertEmptyBucket(process.env).catch((err) => fail(err.message));
}

if (existsSync(dump)) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((err) => fail(`cannot connect to DATABASE_URL: ${err.message}`));
  const { rows } = await client.query(
    `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  await client.end();
  if (rows[0].n > 0)
    fail('the database in DATABASE_URL is not empty: create a new one (createdb) and point at it');
  run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, dump]);
}
if (existsSync(archive)) {
  mkdirSync(dataDir, { recursive: true });
  run('tar', ['--extract', '--gzip', `--file=${archive}`, `--directory=${dataDir}`]);
}
if (hasBucket) {
  const { pushBucket } = await import('./backup-s3.mjs');
  const count = await pushBucket(process.env, from).catch((err) =>
    fail(`restoring the bucket failed: ${err.message}`),
  );
  console.log(`restore: ${count} objects put into the bucket ${process.env.S3_BUCKET}`);
}
console.log(`restore: done from ${from}; start the app as usual`);
