// The data export plugin (issue 26): `app.dataExports.wake()` after a job was queued, `limits` for what counts
// as a large account. The worker runs where AppDeps asks (with the mail worker: every serving instance).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DATA_EXPORT } from '../../common/limits.ts';
import { linkBase } from '../config.ts';
import type { ExportLimits } from './jobs.ts';
import { ExportWorker } from './worker.ts';

export interface DataExports {
  worker: ExportWorker;
  limits: ExportLimits;
  /** Builds what was just queued now, not at the next poll (when this instance runs the worker). */
  wake(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    dataExports: DataExports;
  }
}

export const dataExportsPlugin = fp(
  async (app: FastifyInstance, opts: { run: boolean; limits?: Partial<ExportLimits> }) => {
    const worker = new ExportWorker({
      db: app.db,
      store: app.store,
      log: app.log,
      linkBase: linkBase(app.config),
      mailQueued: () => app.mail.wake(),
    });
    app.decorate('dataExports', {
      worker,
      limits: {
        inlineMaxRows: opts.limits?.inlineMaxRows ?? DATA_EXPORT.inlineMaxRows,
        inlineMaxBytes: opts.limits?.inlineMaxBytes ?? DATA_EXPORT.inlineMaxBytes,
      },
      wake: () => {
        if (opts.run) worker.wake();
      },
    } satisfies DataExports);
    if (opts.run) app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'data-exports', dependencies: ['mail'] },
);
