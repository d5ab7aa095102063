// Uploads (issue 10): a 200 MB video through each storage backend, the way the client sends it, and what it
// costs the server. For `local` (bytes through the app to DATA_DIR) and `s3` (bytes straight to s3rver on
// loopback; the app only signs and checks), both as one PUT and as multipart (5 MB parts, 6 at once, what
// the client does over 100 MB): the time, the throughput, and the app's peak resident memory over its
// baseline (the app runs in a child process; goal < 64 MB: streamed, never buffered). Then a 4000x3000 photo:
// its finalise (the checks, the thumbnail and the 1600 px large variant), and the latency of serving a gallery
// thumbnail (GET /objects/uploads/{id}?variant=thumb) and the large variant beside the full image.
// Run (about a minute; not part of `npm run bench`): node --import tsx bench/upload.ts
// BENCH_UPLOAD_MB=200 sets the file size; BENCH_ONLY=local|s3 one backend.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { startTestS3, type TestS3 } from '../server/test/s3.ts';
import { printRow, timeAlternating } from './lib.ts';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 200) * MB;
const PART = 5 * MB;
const CONCURRENCY = 6;
const GOAL_MB = 64;
const serverScript = fileURLToPath(new URL('./upload/server.ts', import.meta.url));

interface Server {
  baseUrl: string;
  cookie: string;
  ask(type: 'reset' | 'report'): Promise<{ baseline: number; peak: number }>;
  close(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = fork(serverScript, [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (m: { baseline: number; peak: number }) => void>();
  const ready = new Promise<{ baseUrl: string; cookie: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    child.on(
      'message',
      (m: { type: string; baseUrl: string; cookie: string; baseline: number; peak: number }) => {
        if (m.type === 'ready') resolve(m);
        else waiting.get(m.type)?.(m);
      },
    );
  });
  const { baseUrl, cookie } = await ready;
  return {
    baseUrl,
    cookie,
    ask: (type) =>
      new Promise((resolve) => {
        waiting.set(type, resolve);
        child.send({ type });
      }),
    close: async () => {
      child.send({ type: 'close' });
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** PUTs bytes [start, end) of `file` to `url` (streamed from disk); answers status, ETag and body. */
function putFile(url: string, file: string, start: number, end: number, headers: Record<string, string>) {
  return new Promise<{ status: number; etag: string; body: string }>((resolve, reject) => {
    const req = http.request(url, {
      method: 'PUT',
      headers: { ...headers, 'content-length': String(end - start) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? ''), body }),
      );
    });
    if (end > start) createReadStream(file, { start, end: end - 1 }).pipe(req);
    else req.end();
  });
}

async function api<T>(server: Server, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { cookie: server.cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const absolute = (server: Server, url: string) => (url.startsWith('/') ? `${server.baseUrl}${url}` : url);

async function singlePut(server: Server, file: string) {
  const { uploadURL } = await api<{ uploadURL: string }>(server, 'POST', '/api/objects/upload', {
    category: 'video',
    size: SIZE,
    contentType: 'video/mp4',
    fileName: 'bench.mp4',
  });
  const put = await putFile(absolute(server, uploadURL), file, 0, SIZE, {
    'content-type': 'video/mp4',
    cookie: server.cookie,
  });
  if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${put.body}`);
  return uploadURL;
}

async function multipart(server: Server, file: string) {
  const { key, uploadId } = await api<{ key: string; uploadId: string }>(
    server,
    'POST',
    '/api/s3/multipart',
    {
      filename: 'bench.mp4',
      type: 'video/mp4',
      metadata: { category: 'video', size: SIZE },
    },
  );
  const q = `?key=${encodeURIComponent(key)}`;
  const count = Math.ceil(SIZE / PART);
  const etags: string[] = [];
  let next = 1;
  async function worker() {
    while (next <= count) {
      const n = next++;
      const signed = await api<{ url: string; headers?: Record<string, string> }>(
        server,
        'GET',
        `/api/s3/multipart/${uploadId}/${n}${q}`,
      );
      const put = await putFile(
        absolute(server, signed.url),
        file,
        (n - 1) * PART,
        Math.min(SIZE, n * PART),
        {
          ...(signed.headers ?? {}),
          cookie: server.cookie,
        },
      );
      if (put.status !== 200) throw new Error(`part ${n} answered ${put.status}: ${put.body}`);
      etags[n - 1] = put.etag;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const { location } = await api<{ location: string }>(
    server,
    'POST',
    `/api/s3/multipart/${uploadId}/complete${q}`,
    {
      parts: etags.map((ETag, i) => ({ PartNumber: i + 1, ETag })),
    },
  );
  return location;
}

interface Row {
  backend: string;
  how: string;
  seconds: number;
  finaliseMs: number;
  rssMb: number;
}

async function measure(
  server: Server,
  backend: string,
  how: string,
  send: () => Promise<string>,
): Promise<Row> {
  await server.ask('reset');
  const start = performance.now();
  const mediaURL = await send();
  const sent = performance.now();
  const stored = await api<{ size: number; contentType: string }>(server, 'PUT', '/api/media', { mediaURL });
  const finalised = performance.now();
  if (stored.size !== SIZE || stored.contentType !== 'video/mp4')
    throw new Error(`stored ${JSON.stringify(stored)}`);
  const { baseline, peak } = await server.ask('report');
  return {
    backend,
    how,
    seconds: (sent - start) / 1000,
    finaliseMs: finalised - sent,
    rssMb: (peak - baseline) / MB,
  };
}

async function thumbnailLatency(server: Server, backend: string) {
  // A phone photo: 4000x3000 JPEG.
  const jpeg = await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const { uploadURL } = await api<{ uploadURL: string }>(server, 'POST', '/api/objects/upload', {
    category: 'image',
    size: jpeg.length,
    contentType: 'image/jpeg',
    fileName: 'photo.jpg',
  });
  const res = await fetch(absolute(server, uploadURL), {
    method: 'PUT',
    body: new Uint8Array(jpeg),
    headers: { 'content-type': 'image/jpeg', cookie: server.cookie },
  });
  if (!res.ok) throw new Error(`PUT answered ${res.status}`);
  const start = performance.now();
  const { objectPath } = await api<{ objectPath: string }>(server, 'PUT', '/api/media', {
    mediaURL: uploadURL,
  });
  const finaliseMs = performance.now() - start;
  const init = { headers: { cookie: server.cookie } };
  const [thumb, large, full, meta] = await timeAlternating(
    [
      { url: `${server.baseUrl}${objectPath}?variant=thumb`, init },
      { url: `${server.baseUrl}${objectPath}?variant=large`, init },
      { url: `${server.baseUrl}${objectPath}`, init },
      // The no-database baseline, timed in the same rounds: load from other processes falls on all three.
      { url: `${server.baseUrl}/api/meta`, init: {} },
    ],
    { count: 300, warmup: 30 },
  );
  const bytesOf = async (variant: string) =>
    (await (await fetch(`${server.baseUrl}${objectPath}?variant=${variant}`, init)).arrayBuffer()).byteLength;
  const thumbBytes = await bytesOf('thumb');
  const largeBytes = await bytesOf('large');
  console.log(
    `  ${backend}: photo ${(jpeg.length / MB).toFixed(1)} MB, thumbnail ${(thumbBytes / 1024).toFixed(1)} KB, large ${(largeBytes / 1024).toFixed(1)} KB, finalise (checks + thumbnail + large) ${finaliseMs.toFixed(0)} ms`,
  );
  printRow('GET /objects/…?variant=thumb', backend, thumb!);
  printRow('GET /objects/…?variant=large', backend, large!);
  printRow('GET /objects/… (full image)', backend, full!);
  printRow('GET /api/meta (baseline)', backend, meta!);
}

async function main() {
  const base = path.join(os.tmpdir(), 'threadline-bench');
  await mkdir(base, { recursive: true });
  const work = await mkdtemp(path.join(base, 'upload-'));
  const file = path.join(work, 'bench.mp4');
  // An MP4 header (ftyp isom), then random bytes.
  const handle = await open(file, 'w');
  const header = Buffer.alloc(32);
  header.writeUInt32BE(24, 0);
  header.write('ftypisom', 4, 'latin1');
  header.writeUInt32BE(0x200, 12);
  header.write('isomiso2', 16, 'latin1');
  header.writeUInt32BE(SIZE - 24, 24);
  header.write('mdat', 28, 'latin1');
  await handle.write(header, 0, header.length, 0);
  const block = randomBytes(MB);
  for (let at = header.length; at < SIZE; at += MB) {
    await handle.write(block, 0, Math.min(MB, SIZE - at), at);
  }
  await handle.close();

  const only = process.env.BENCH_ONLY;
  const rows: Row[] = [];
  let s3: TestS3 | undefined;
  try {
    for (const backend of ['local', 's3'] as const) {
      if (only && only !== backend) continue;
      const dataDir = await mkdtemp(path.join(work, `data-${backend}-`));
      s3 = backend === 's3' ? await startTestS3() : undefined;
      const server = await startServer({ DATA_DIR: dataDir, ...(s3?.env ?? {}) });
      try {
        console.log(`${backend}: ${SIZE / MB} MB …`);
        rows.push(await measure(server, backend, 'one PUT', () => singlePut(server, file)));
        rows.push(
          await measure(server, backend, `multipart (5 MB × ${CONCURRENCY})`, () => multipart(server, file)),
        );
        await thumbnailLatency(server, backend);
      } finally {
        await server.close();
        await s3?.close();
        s3 = undefined;
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }

  console.log(`\n${SIZE / MB} MB upload, app's peak RSS over its baseline (goal < ${GOAL_MB} MB):`);
  console.log('| backend | how | time | throughput | finalise | peak RSS increase |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.backend} | ${r.how} | ${r.seconds.toFixed(2)} s | ${(SIZE / MB / r.seconds).toFixed(0)} MB/s | ${r.finaliseMs.toFixed(0)} ms | ${r.rssMb.toFixed(1)} MB${r.rssMb < GOAL_MB ? '' : ' (OVER GOAL)'} |`,
    );
  }
  if (rows.some((r) => r.rssMb >= GOAL_MB)) process.exitCode = 1;
}

await main();
