// "Download my data" for large accounts (issue 26; DECISIONS §10): GET /api/me/export answers 202 and queues
// one job, the worker builds the ZIP into the object store, a mail with the link arrives at a real SMTP peer,
// and GET /api/me/exports/{id} hands it to its owner only, for 24 hours; then the sweep removes it. Small
// accounts still stream at once. Thresholds are tiny here (AppDeps.exportLimits). Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL (parallel requests there race for real); two instances: *.pg.test.ts.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_EXPIRED,
  EXPORT_FAILED,
  EXPORT_NOT_FOUND,
  EXPORT_NOT_READY,
  EXPORT_PREPARING,
} from '../../common/account.ts';
import type { AppDeps } from '../app.ts';
import { dataExports, mailOutbox, type User } from '../db/schema/index.ts';
import { EXPORT_ROWS_KEPT_MS, sweepExports } from '../export/jobs.ts';
import { ExportWorker, retryDelayMs } from '../export/worker.ts';
import { exportKey } from '../storage/keys.ts';
import type { ObjectStore } from '../storage/types.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { expectFullExport, seedExportAccount, unzip } from '../test/export-fixture.ts';
import {
  buildPost,
  buildThreadline,
  buildUser,
  callerFor,
  cookieFor,
  signedInUser,
  TEST_PASSWORD,
} from '../test/factories.ts';
import { MAIL_PUBLIC_URL, type SmtpPeer, startSmtpPeer } from '../test/smtp.ts';
import { openTestStorage, STORAGE_BACKENDS, type StorageBackend, type TestStorage } from '../test/uploads.ts';

/** Ada of seedExportAccount holds 6 rows (a post, a comment, a reaction, two messages, a file): large here. */
const LIMITS = { inlineMaxRows: 5, inlineMaxBytes: 1_000_000 };

type ExportApp = TestApp & { storage: TestStorage; peer: SmtpPeer };

/** An app on its own storage, mailing a real SMTP peer; its export worker runs only when a test drains it. */
function setupExportApp(backend: StorageBackend, deps: Partial<Pick<AppDeps, 'exportWorker'>> = {}) {
  const holder = {} as ExportApp;
  beforeAll(async () => {
    const storage = await openTestStorage(backend);
    const peer = await startSmtpPeer();
    const env = { ...storage.env, SMTP_URL: peer.url, PUBLIC_URL: MAIL_PUBLIC_URL };
    Object.assign(holder, await buildTestApp(env, { mailWorker: true, exportLimits: LIMITS, ...deps }), {
      storage,
      peer,
    });
  });
  afterEach(async () => {
    // No job of one test is left for the next one's worker.
    await holder.app.db.delete(dataExports);
  });
  afterAll(async () => {
    await holder.close?.();
    await holder.peer?.close();
    await holder.storage?.close();
  });
  return holder;
}

const exportsOf = (t: TestApp, user: User) =>
  t.app.db.select().from(dataExports).where(eq(dataExports.userId, user.id)).orderBy(dataExports.createdAt);

/** The download a ready mail leads to: its link opens the profile, which offers this path. */
function linkIn(mail: ParsedMail): string {
  const match = /(https?:\/\/[^\s]+)\/profile\?export=([0-9a-f-]{36})/.exec(mail.text ?? '');
  if (!match) throw new Error(`no export link in: ${mail.text}`);
  expect(match[1]).toBe(MAIL_PUBLIC_URL);
  return `/api/me/exports/${match[2]}`;
}

function recordingLog() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { log, lines };
}

/** `store` with its own `put` (the rest is the store's). */
const withPut = (store: ObjectStore, put: ObjectStore['put']): ObjectStore =>
  Object.create(store, { put: { value: put } });

describe.each(STORAGE_BACKENDS)('background export on %s storage', (backend) => {
  const t = setupExportApp(backend);

  it('a large account gets 202, the worker builds the ZIP, the mailed link downloads it for its owner only', async () => {
    const seeded = await seedExportAccount(t.app);
    const { ada, bob } = seeded;
    const res = await ada.as.get('/api/me/export');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: EXPORT_PREPARING });
    // Asked again while it is queued: the same answer, no second job.
    const again = await ada.as.get('/api/me/export');
    expect([again.statusCode, again.json()]).toEqual([202, { message: EXPORT_PREPARING }]);
    const [queued, ...more] = await exportsOf(t, ada.user);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, objectKey: null });
    const link = `/api/me/exports/${queued!.id}`;
    expect((await ada.as.get(link)).json()).toEqual({ message: EXPORT_NOT_READY });

    await t.app.dataExports.worker.drain();
    const [ready] = await exportsOf(t, ada.user);
    expect(ready).toMatchObject({ status: 'ready', attempts: 1, objectKey: exportKey(ready!.id, 1) });
    expect(ready!.expiresAt!.getTime() - ready!.readyAt!.getTime()).toBe(24 * 60 * 60 * 1000);
    expect((await t.app.store.head(ready!.objectKey!))?.size).toBe(ready!.size);

    const [mail] = await t.peer.waitForMailTo(ada.user.email!);
    expect(mail!.subject).toBe('Your Threadline data is ready to download');
    expect(linkIn(mail!)).toBe(link);
    expect(mail!.html).toContain(`${MAIL_PUBLIC_URL}/profile?export=${queued!.id}`);

    const download = await ada.as.get(link);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="threadline-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(Number(download.headers['content-length'])).toBe(ready!.size);
    expectFullExport(await unzip(download.rawPayload), seeded);

    // Anyone else's link is as unknown as a made-up one; a visitor must sign in.
    for (const res of [
      await bob.as.get(link),
      await ada.as.get('/api/me/exports/00000000-0000-4000-8000-000000000000'),
      await ada.as.get('/api/me/exports/not-an-id'),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([404, { message: EXPORT_NOT_FOUND }]);
    }
    expect((await callerFor(t.app).get(link)).statusCode).toBe(401);
  });

  it('past its 24 hours the link says it expired, and the sweep removes the object, then the row', async () => {
    const { ada } = await seedExportAccount(t.app);
    expect((await ada.as.get('/api/me/export')).statusCode).toBe(202);
    await t.app.dataExports.worker.drain();
    const [ready] = await exportsOf(t, ada.user);
    const link = `/api/me/exports/${ready!.id}`;
    // Before its time the sweep leaves it.
    await sweepExports(t.app, new Date(ready!.expiresAt!.getTime() - 1000));
    expect((await ada.as.get(link)).statusCode).toBe(200);

    await t.app.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, ready!.id));
    const expired = await ada.as.get(link);
    expect([expired.statusCode, expired.json()]).toEqual([404, { message: EXPORT_EXPIRED }]);
    expect(await t.app.store.head(ready!.objectKey!)).not.toBeNull();

    await sweepExports(t.app);
    expect(await t.app.store.head(ready!.objectKey!)).toBeNull();
    expect((await exportsOf(t, ada.user))[0]).toMatchObject({ status: 'expired', objectKey: null });
    expect((await ada.as.get(link)).json()).toEqual({ message: EXPORT_EXPIRED });

    // A week on, the row goes too.
    await sweepExports(t.app, new Date(Date.now() + EXPORT_ROWS_KEPT_MS + 60_000));
    expect(await exportsOf(t, ada.user)).toEqual([]);
    expect((await ada.as.get(link)).json()).toEqual({ message: EXPORT_NOT_FOUND });
  });
});

describe('background export', () => {
  const t = setupExportApp('local');

  it('a newer export supersedes the one still offered: its link expires and the sweep removes it', async () => {
    const { ada } = await seedExportAccount(t.app);
    await ada.as.get('/api/me/export');
    await t.app.dataExports.worker.drain();
    expect((await ada.as.get('/api/me/export')).statusCode).toBe(202);
    await t.app.dataExports.worker.drain();
    const [older, newer] = await exportsOf(t, ada.user);
    expect([older!.status, newer!.status]).toEqual(['ready', 'ready']);
    expect((await ada.as.get(`/api/me/exports/${older!.id}`)).json()).toEqual({ message: EXPORT_EXPIRED });
    expect((await ada.as.get(`/api/me/exports/${newer!.id}`)).statusCode).toBe(200);
    await sweepExports(t.app);
    expect(await t.app.store.head(older!.objectKey!)).toBeNull();
    expect(await t.app.store.head(newer!.objectKey!)).not.toBeNull();
  });

  it('a small account still streams at once; the card asking for JSON is told to download it', async () => {
    const ada = await signedInUser(t.app);
    const asked = () =>
      t.app.inject({ url: '/api/me/export', headers: { cookie: ada.cookie, accept: 'application/json' } });
    // Asking costs nothing against the limit of 5 an hour.
    for (let i = 0; i < 6; i++) {
      const res = await asked();
      expect([res.statusCode, res.json()]).toEqual([200, { download: '/api/me/export' }]);
    }
    const res = await ada.as.get('/api/me/export');
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/zip']);
    expect(await exportsOf(t, ada.user)).toEqual([]);
    // A large account asking for JSON gets the 202 like any other request.
    const { ada: large } = await seedExportAccount(t.app);
    const big = await t.app.inject({
      url: '/api/me/export',
      headers: { cookie: large.cookie, accept: 'application/json' },
    });
    expect([big.statusCode, big.json()]).toEqual([202, { message: EXPORT_PREPARING }]);
    // No HEAD: it would queue a job.
    expect(
      (await t.app.inject({ method: 'HEAD', url: '/api/me/export', headers: { cookie: ada.cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('an account without an address (no one to mail the link to) streams at once however large', async () => {
    const nameless = await buildUser(t.app.db, { email: null });
    const club = await buildThreadline(t.app.db, nameless);
    for (let i = 0; i <= LIMITS.inlineMaxRows; i++) await buildPost(t.app.db, club, nameless);
    const res = await callerFor(t.app, await cookieFor(t.app, nameless)).get('/api/me/export');
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/zip']);
    expect(await exportsOf(t, nameless)).toEqual([]);
  });

  it('dozens of parallel requests queue one job', async () => {
    const { ada } = await seedExportAccount(t.app);
    const answers = await Promise.all(Array.from({ length: 40 }, () => ada.as.get('/api/me/export')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(202));
    expect(await exportsOf(t, ada.user)).toHaveLength(1);
  });

  it('background exports are limited to 5 an hour', async () => {
    const { ada } = await seedExportAccount(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await ada.as.get('/api/me/export')).statusCode).toBe(202);
      // Done (failed, as it happens): the next request queues a new job.
      await t.app.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.userId, ada.user.id));
    }
    const sixth = await ada.as.get('/api/me/export');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^Too many exports\. Try again in \d+ minute\(s\)\.$/);
    expect(sixth.json().retryAfter).toBeGreaterThan(0);
    expect(await exportsOf(t, ada.user)).toHaveLength(5);
  });

  it('a failed build is tried again with a growing delay, then given up with a log line', async () => {
    const { ada } = await seedExportAccount(t.app);
    await ada.as.get('/api/me/export');
    const { log, lines } = recordingLog();
    let now = Date.now();
    const broken = withPut(t.app.store, async () => {
      throw new Error('the disk is on fire');
    });
    const worker = new ExportWorker({
      db: t.app.db,
      store: broken,
      log,
      linkBase: 'http://x.test',
      now: () => now,
    });
    await worker.drain();
    let [row] = await exportsOf(t, ada.user);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'the disk is on fire' });
    expect(row!.nextAttemptAt.getTime()).toBe(now + retryDelayMs(1));
    // Not due yet: nothing is tried.
    await worker.drain();
    expect((await exportsOf(t, ada.user))[0]!.attempts).toBe(1);
    now += retryDelayMs(1);
    await worker.drain();
    [row] = await exportsOf(t, ada.user);
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(row!.nextAttemptAt.getTime()).toBe(now + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    now += retryDelayMs(2);
    await worker.drain();
    [row] = await exportsOf(t, ada.user);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, objectKey: null });
    expect(lines.filter((l) => l.msg === 'data export failed')).toHaveLength(2);
    expect(lines.filter((l) => l.msg === 'data export given up')).toEqual([
      expect.objectContaining({ exportId: row!.id, attempts: 3, error: 'the disk is on fire' }),
    ]);
    expect((await ada.as.get(`/api/me/exports/${row!.id}`)).json()).toEqual({ message: EXPORT_FAILED });
    // Nothing was left in the store, and a failed job does not stand in the way of a new one.
    const stored = await readdir(path.join(t.storage.dataDir, 'objects', 'exports')).catch(() => []);
    expect(stored.filter((name) => name.startsWith(row!.id))).toEqual([]);
    expect((await ada.as.get('/api/me/export')).statusCode).toBe(202);
    expect((await exportsOf(t, ada.user)).map((r) => r.status)).toEqual(['failed', 'queued']);
  });

  it('a file the store cannot give ends the build with its error (retried later), never a stalled ZIP', async () => {
    const failures: [string, ObjectStore['read']][] = [
      [
        'store unreachable',
        async () => {
          throw new Error('store unreachable');
        },
      ],
      [
        'connection reset',
        async () =>
          Readable.from(
            (async function* () {
              yield Buffer.from('the first bytes');
              throw new Error('connection reset');
            })(),
          ),
      ],
    ];
    for (const [error, read] of failures) {
      const { ada } = await seedExportAccount(t.app);
      await ada.as.get('/api/me/export');
      const broken: ObjectStore = Object.create(t.app.store, { read: { value: read } });
      const { log } = recordingLog();
      await new ExportWorker({ db: t.app.db, store: broken, log, linkBase: 'http://x.test' }).drain();
      const [row] = await exportsOf(t, ada.user);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: error, objectKey: null });
      expect(await t.app.store.head(exportKey(row!.id, 1))).toBeNull();
      await t.app.db.delete(dataExports);
    }
  });

  it("deleting the account removes its ready export's object and row", async () => {
    const { ada } = await seedExportAccount(t.app);
    await ada.as.get('/api/me/export');
    await t.app.dataExports.worker.drain();
    const [ready] = await exportsOf(t, ada.user);
    expect(await t.app.store.head(ready!.objectKey!)).not.toBeNull();
    const res = await ada.as.delete('/api/me', { password: TEST_PASSWORD, confirmEmail: ada.user.email });
    expect(res.statusCode).toBe(204);
    expect(await t.app.store.head(ready!.objectKey!)).toBeNull();
    expect(await exportsOf(t, ada.user)).toEqual([]);
  });

  it('an account deleted while its export is being built: the ZIP is removed and no mail goes', async () => {
    const { ada } = await seedExportAccount(t.app);
    await ada.as.get('/api/me/export');
    const [job] = await exportsOf(t, ada.user);
    let started!: () => void;
    let release!: () => void;
    const putStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gated = withPut(t.app.store, async (key, body, options) => {
      started();
      await gate;
      return t.app.store.put(key, body, options);
    });
    const worker = new ExportWorker({
      db: t.app.db,
      store: gated,
      log: t.app.log,
      linkBase: 'http://x.test',
    });
    const building = worker.drain();
    await putStarted;
    const res = await ada.as.delete('/api/me', { password: TEST_PASSWORD, confirmEmail: ada.user.email });
    expect(res.statusCode).toBe(204);
    release();
    await building;
    expect(await exportsOf(t, ada.user)).toEqual([]);
    expect(await t.app.store.head(exportKey(job!.id, 1))).toBeNull();
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, ada.user.email!), eq(mailOutbox.kind, 'export_ready')));
    expect(mails).toEqual([]);
  });
});

describe('background export with the worker running', () => {
  const t = setupExportApp('local', { exportWorker: true });

  it('the request wakes the worker: the mail arrives and its link downloads the ZIP', async () => {
    const seeded = await seedExportAccount(t.app);
    expect((await seeded.ada.as.get('/api/me/export')).statusCode).toBe(202);
    const [mail] = await t.peer.waitForMailTo(seeded.ada.user.email!);
    const download = await seeded.ada.as.get(linkIn(mail!));
    expect(download.statusCode).toBe(200);
    expectFullExport(await unzip(download.rawPayload), seeded);
  });
});
