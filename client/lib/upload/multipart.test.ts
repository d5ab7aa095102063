import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD } from '../../../common/media.ts';
import { abortMultipart, type MultipartSession, partSize, uploadMultipart } from './multipart.ts';
import { type FetchCall, fileOf, json, stubFetch, stubXhr } from './test-fakes.ts';

afterEach(() => vi.unstubAllGlobals());

const SESSION: MultipartSession = { key: 'uploads/u1', uploadId: 'up-1' };
const noWait = async () => {};

/** The multipart routes: create, list (answering `stored`), sign, complete, abort. */
function multipartServer(stored: { PartNumber: number; Size: number; ETag: string }[] = []) {
  return stubFetch(({ method, url }: FetchCall) => {
    if (method === 'POST' && url === '/api/s3/multipart') return json(SESSION);
    if (method === 'GET' && url === '/api/s3/multipart/up-1?key=uploads%2Fu1') return json(stored);
    const sign = /^\/api\/s3\/multipart\/up-1\/(\d+)\?key=uploads%2Fu1$/.exec(url);
    if (method === 'GET' && sign) return json({ url: `/part/${sign[1]}`, headers: { 'x-part': sign[1]! } });
    if (method === 'POST' && url === '/api/s3/multipart/up-1/complete?key=uploads%2Fu1')
      return json({ location: '/objects/uploads/u1' });
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return json({ message: 'Not found' }, 404);
  });
}

describe('partSize', () => {
  it('is 5 MB, or more when 10,000 parts would not hold the file', () => {
    expect(partSize(200 * 1024 * 1024)).toBe(UPLOAD.multipartChunkBytes);
    expect(partSize(UPLOAD.multipartChunkBytes * 20_000)).toBe(UPLOAD.multipartChunkBytes * 2);
  });
});

describe('uploadMultipart', () => {
  it('creates, sends every part with its signed headers, and completes with the ETags in order', async () => {
    const calls = multipartServer();
    const puts = stubXhr((call) => ({ status: 200, etag: `"e${call.url.split('/').pop()}"` }));
    const sessions: MultipartSession[] = [];
    const progress: number[] = [];
    const file = fileOf('big.mp4', 25, 'video/mp4');
    const location = await uploadMultipart(file, {
      category: 'video',
      contentType: 'video/mp4',
      chunkBytes: 10,
      onSession: (s) => sessions.push(s),
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(location).toBe('/objects/uploads/u1');
    expect(sessions).toEqual([SESSION]);
    expect(calls[0]).toEqual({
      method: 'POST',
      url: '/api/s3/multipart',
      body: { filename: 'big.mp4', type: 'video/mp4', metadata: { category: 'video', size: 25 } },
    });
    expect(puts.map((p) => [p.url, p.body.size, p.headers['x-part']])).toEqual(
      expect.arrayContaining([
        ['/part/1', 10, '1'],
        ['/part/2', 10, '2'],
        ['/part/3', 5, '3'],
      ]),
    );
    expect(calls.at(-1)?.body).toEqual({
      parts: [
        { PartNumber: 1, ETag: '"e1"' },
        { PartNumber: 2, ETag: '"e2"' },
        { PartNumber: 3, ETag: '"e3"' },
      ],
    });
    expect(progress.at(-1)).toBe(25);
  });

  it('sends at most 6 parts at once', async () => {
    multipartServer();
    const puts = stubXhr({ status: 200 });
    await uploadMultipart(fileOf('big.mp4', 20, 'video/mp4'), { contentType: 'video/mp4', chunkBytes: 1 });
    expect(puts).toHaveLength(20);
    expect(puts.maxActive).toBe(UPLOAD.multipartConcurrency);
  });

  it('retries a part after network errors and retryable statuses, waiting 0, 1 and 3 s', async () => {
    multipartServer();
    const answers = ['network-error', { status: 503 }, { status: 429 }] as const;
    let part2 = 0;
    stubXhr((call) => (call.url === '/part/2' && part2 < 3 ? answers[part2++]! : { status: 200 }));
    const waits: number[] = [];
    const location = await uploadMultipart(fileOf('big.mp4', 20), {
      contentType: 'video/mp4',
      chunkBytes: 10,
      wait: async (ms) => void waits.push(ms),
    });
    expect(location).toBe('/objects/uploads/u1');
    expect(part2).toBe(3);
    expect(waits).toEqual([0, 1000, 3000]);
  });

  it('fails after the last retry, keeping the session to resume', async () => {
    multipartServer();
    stubXhr((call) => (call.url === '/part/2' ? 'network-error' : { status: 200 }));
    const sessions: MultipartSession[] = [];
    await expect(
      uploadMultipart(fileOf('big.mp4', 20), {
        contentType: 'video/mp4',
        chunkBytes: 10,
        wait: noWait,
        onSession: (s) => sessions.push(s),
      }),
    ).rejects.toMatchObject({ name: 'NetworkError' });
    expect(sessions).toEqual([SESSION]);
  });

  it('does not retry a refused part', async () => {
    multipartServer();
    const puts = stubXhr({ status: 403, body: 'Forbidden' });
    await expect(
      uploadMultipart(fileOf('big.mp4', 10), { contentType: 'video/mp4', chunkBytes: 10, wait: noWait }),
    ).rejects.toThrow('403: Forbidden');
    expect(puts).toHaveLength(1);
  });

  it('resumes: lists the parts already stored and sends only the others', async () => {
    const calls = multipartServer([
      { PartNumber: 1, Size: 10, ETag: '"s1"' },
      // A short part 2 (cut off) is sent again.
      { PartNumber: 2, Size: 4, ETag: '"bad"' },
    ]);
    const puts = stubXhr((call) => ({ status: 200, etag: `"n${call.url.split('/').pop()}"` }));
    const progress: number[] = [];
    await uploadMultipart(fileOf('big.mp4', 30), {
      contentType: 'video/mp4',
      chunkBytes: 10,
      session: SESSION,
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/s3/multipart')).toBe(false);
    expect(puts.map((p) => p.url).sort()).toEqual(['/part/2', '/part/3']);
    expect(progress[0]).toBe(10);
    expect(calls.at(-1)?.body).toEqual({
      parts: [
        { PartNumber: 1, ETag: '"s1"' },
        { PartNumber: 2, ETag: '"n2"' },
        { PartNumber: 3, ETag: '"n3"' },
      ],
    });
  });

  it('reads the ETags from the parts list when the answers hide them (CORS)', async () => {
    let listed = 0;
    const calls = stubFetch(({ method, url }) => {
      if (method === 'POST' && url === '/api/s3/multipart') return json(SESSION);
      if (method === 'GET' && url.startsWith('/api/s3/multipart/up-1?')) {
        listed++;
        return json([{ PartNumber: 1, Size: 10, ETag: '"l1"' }]);
      }
      if (method === 'GET') return json({ url: '/part/1' });
      return json({ location: 'loc' });
    });
    stubXhr({ status: 200, etag: null });
    await uploadMultipart(fileOf('big.mp4', 10), { contentType: 'video/mp4', chunkBytes: 10 });
    expect(listed).toBe(1);
    expect(calls.at(-1)?.body).toEqual({ parts: [{ PartNumber: 1, ETag: '"l1"' }] });
  });

  it('stops on cancel, and abortMultipart DELETEs the session', async () => {
    const calls = multipartServer();
    stubXhr('hang');
    const controller = new AbortController();
    const run = uploadMultipart(fileOf('big.mp4', 20), {
      contentType: 'video/mp4',
      chunkBytes: 10,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(calls.filter((c) => c.url.includes('/up-1/'))).toHaveLength(2));
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    await abortMultipart(SESSION);
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/s3/multipart/up-1?key=uploads%2Fu1' });
  });
});
