// The orphan sweep (issue 10): uploads never attached to anything are removed 24 hours after they were
// asked for: their rows, their bytes in the owners' quota, their objects and thumbnails, and any multipart
// upload left open. Runs hourly from scheduleMaintenance; `now` is injectable for tests.
import { and, asc, between, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { UPLOAD } from '../../common/media.ts';
import { uploads } from '../db/schema/index.ts';
import { LocalStore } from '../storage/local.ts';
import { stagingKey } from '../storage/s3.ts';
import { releaseUploads, removeUploadObjects } from './uploads.ts';

const BATCH = 200;
/** How far back the s3 staging clean-up looks (the sweep runs hourly; a missed run or two is covered). */
const STAGING_WINDOW_MS = 3 * 60 * 60 * 1000;

export interface SweepResult {
  removed: number;
  bytesReleased: number;
}

export async function sweepUploads(app: FastifyInstance, now: Date = new Date()): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - UPLOAD.orphanAfterMs);
  const result: SweepResult = { removed: 0, bytesReleased: 0 };
  for (;;) {
    const batch = await app.db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(inArray(uploads.status, ['pending', 'stored']), lt(uploads.createdAt, cutoff)))
      .orderBy(asc(uploads.createdAt))
      .limit(BATCH);
    if (batch.length === 0) break;
    const deleted = await app.db.transaction((tx) => releaseUploads(tx, batch, { unattachedOnly: true }));
    await removeUploadObjects(app.store, deleted, app.log);
    result.removed += deleted.length;
    result.bytesReleased += deleted.reduce(
      (sum, row) => sum + (row.status === 'pending' ? 0 : (row.size ?? 0)),
      0,
    );
    // Rows attached while the batch was read stay; stop rather than read them again forever.
    if (deleted.length === 0 || batch.length < BATCH) break;
  }

  if (app.store.kind === 's3') {
    // A presigned PUT sent again after its upload was finalised lands on the staging key: once the URL has
    // expired, nothing can write there any more, so it goes.
    const ttlMs = UPLOAD.urlTtlSeconds * 1000;
    const recent = await app.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(
        and(
          isNull(uploads.multipartId),
          between(
            uploads.createdAt,
            new Date(now.getTime() - ttlMs - STAGING_WINDOW_MS),
            new Date(now.getTime() - ttlMs),
          ),
        ),
      );
    for (const row of recent) {
      await app.store
        .delete(stagingKey(row.key))
        .catch((err) => app.log.warn({ err }, 'staging clean-up failed'));
    }
  }
  if (app.store instanceof LocalStore) await app.store.sweepTemp(UPLOAD.orphanAfterMs);
  if (result.removed > 0) app.log.info(result, 'orphan uploads removed');
  return result;
}
