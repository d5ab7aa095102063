// Background data exports on two app instances sharing one PostgreSQL database and one DATA_DIR (issue 26):
// requests spread over both queue one job per user (the partial unique index), and two workers draining at
// once build each job exactly once (FOR UPDATE SKIP LOCKED and the lease), each mailed once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPORT_PREPARING } from '../../common/account.ts';
import { dataExports, mailOutbox } from '../db/schema/index.ts';
import { ExportWorker } from '../export/worker.ts';
import type { ObjectStore } from '../storage/types.ts';
import { seedExportAccount } from '../test/export-fixture.ts';
import { setupInstances } from '../test/instances.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tl-exports-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const instances = setupInstances(2, { DATA_DIR: dataDir }, 'tl_data_exports', {
  exportLimits: { inlineMaxRows: 5, inlineMaxBytes: 1_000_000 },
});

describe('background exports on two instances', () => {
  it('forty requests spread over both instances queue one job', async () => {
    const { ada } = await seedExportAccount(instances[0]!.app);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        instances[i % 2]!.app.inject({ url: '/api/me/export', headers: { cookie: ada.cookie } }),
      ),
    );
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual(
      Array(40).fill([202, { message: EXPORT_PREPARING }]),
    );
    const jobs = await instances[0]!.app.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, ada.user.id));
    expect(jobs).toHaveLength(1);
    await instances[0]!.app.db.delete(dataExports);
  });

  it('two workers draining at once build each of eight jobs exactly once, and mail each once', async () => {
    const accounts = [];
    for (let i = 0; i < 8; i++) {
      const { ada } = await seedExportAccount(instances[i % 2]!.app);
      expect((await ada.as.get('/api/me/export')).statusCode).toBe(202);
      accounts.push(ada);
    }
    const written: string[] = [];
    const log = pino({ level: 'silent' });
    const workers = instances.map(({ app }) => {
      // Each instance's own store, counting what it writes.
      const store: ObjectStore = Object.create(app.store, {
        put: {
          value: (
            key: string,
            body: Parameters<ObjectStore['put']>[1],
            options: { contentType?: string },
          ) => {
            written.push(key);
            return app.store.put(key, body, options);
          },
        },
      });
      return new ExportWorker({ db: app.db, store, log, linkBase: 'http://x.test' });
    });
    await Promise.all(workers.map((w) => w.drain()));

    const db = instances[0]!.app.db;
    const jobs = await db.select().from(dataExports);
    expect(jobs).toHaveLength(8);
    expect(jobs.every((j) => j.status === 'ready' && j.attempts === 1)).toBe(true);
    expect(written.sort()).toEqual(jobs.map((j) => j.objectKey!).sort());
    const mails = await db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.toAddress,
          accounts.map((a) => a.user.email!),
        ),
      );
    expect(
      mails
        .filter((m) => m.kind === 'export_ready')
        .map((m) => m.toAddress)
        .sort(),
    ).toEqual(accounts.map((a) => a.user.email!).sort());
  });
});
