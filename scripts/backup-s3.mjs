// STORAGE=s3 for scripts/backup.mjs and scripts/restore.mjs: the bucket's objects (not incoming/, uploads
// not finalised yet) copied to BACKUP/bucket/<key>, with their content types in BACKUP/bucket.json, and back.
// The S3_* variables are the app's own (README, "Object storage").
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

async function client(env) {
  const { S3Client } = await import('@aws-sdk/client-s3');
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
    if (!env[name]) throw new Error(`STORAGE=s3 needs ${name}`);
  }
  return new S3Client({
    region: env.S3_REGION || 'us-east-1',
    ...(env.S3_ENDPOINT && { endpoint: env.S3_ENDPOINT }),
    forcePathStyle: !['false', '0', 'no'].includes(env.S3_FORCE_PATH_STYLE ?? 'true'),
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function* keysOf(s3, bucket) {
  const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  let token;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) yield object.Key;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** A key as a path under `root`, refusing anything that would leave it. */
function fileOf(root, key) {
  const file = path.resolve(root, key);
  if (!file.startsWith(`${root}${path.sep}`)) throw new Error(`unsafe object key: ${key}`);
  return file;
}

/** Copies the bucket into `out`; returns how many objects. */
export async function pullBucket(env, out) {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const s3 = await client(env);
  const root = path.join(out, 'bucket');
  const manifest = [];
  for await (const key of keysOf(s3, env.S3_BUCKET)) {
    if (key.startsWith('incoming/')) continue;
    const file = fileOf(root, key);
    await mkdir(path.dirname(file), { recursive: true });
    const object = await s3.send(new GetObjectCommand({ Bucket: env.S3_BUCKET, Key: key }));
    await pipeline(object.Body, createWriteStream(file));
    manifest.push({ key, contentType: object.ContentType ?? null });
  }
  await writeFile(path.join(out, 'bucket.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  s3.destroy();
  return manifest.length;
}

/** Restores go into an empty bucket only, never over one in use. */
export async function assertEmptyBucket(env) {
  const s3 = await client(env);
  try {
    for await (const key of keysOf(s3, env.S3_BUCKET)) {
      throw new Error(
        `the bucket ${env.S3_BUCKET} is not empty (it has ${key}): restore into an empty bucket`,
      );
    }
  } finally {
    s3.destroy();
  }
}

/** Puts a pulled bucket back into S3_BUCKET, which must be empty; returns how many objects. */
export async function pushBucket(env, from) {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  const manifestFile = path.join(from, 'bucket.json');
  if (!existsSync(manifestFile)) return 0;
  await assertEmptyBucket(env);
  const s3 = await client(env);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
  const root = path.join(from, 'bucket');
  for (const { key, contentType } of manifest) {
    const file = fileOf(root, key);
    const { size } = await stat(file);
    await s3.send(
      new PutObjectCommand({
        Bucket: env.S3_BUCKET,
        Key: key,
        Body: createReadStream(file),
        ContentLength: size,
        ...(contentType && { ContentType: contentType }),
      }),
    );
  }
  s3.destroy();
  return manifest.length;
}
