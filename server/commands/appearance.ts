// PATCH /api/timelines/{id}/appearance (DECISIONS §9). The cover is one of the owner's own finalised image
// uploads (PUT /api/media charged its bytes to them): it becomes attached to the threadline as its cover
// (category 'cover', timelineId), and the cover it replaces, or the one cleared, is released.
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { UPLOAD_LIMITS } from '../../common/media.ts';
import type { appearanceBody } from '../../common/schemas/appearance.ts';
import type { Db } from '../db/client.ts';
import { type Timeline, timelines, type UploadRow, uploads } from '../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { tooLarge, typeNotAllowed } from '../media/inspect.ts';
import { objectPathFor } from '../storage/keys.ts';
import { lockedAccess } from './lock.ts';
import { findOwnUpload, releaseUploads, UPLOAD_NOT_FOUND } from './uploads.ts';

export const COVER_CATEGORY = 'cover';
type Body = z.output<typeof appearanceBody>;

const isCoverOf = (row: UploadRow, timelineId: string) =>
  row.status === 'attached' && row.category === COVER_CATEGORY && row.timelineId === timelineId;

/** Refuses an upload that cannot become this threadline's cover (checked again under the lock). */
function checkCover(row: UploadRow, timelineId: string): void {
  if (isCoverOf(row, timelineId)) return;
  if (row.status === 'pending') throw badRequest('Finish the upload first (PUT /api/media)');
  if (row.status !== 'stored') throw conflict('This upload is already in use');
  const type = row.contentType ?? '';
  if (!type.startsWith('image/') || type === 'image/svg+xml') {
    throw typeNotAllowed('A cover image must be an image (JPEG, PNG, GIF or WebP)');
  }
  if ((row.size ?? 0) > UPLOAD_LIMITS.image) throw tooLarge('image', row.size ?? 0);
}

/** Applies `body`; returns the threadline and the released uploads (remove their objects after commit). */
export async function setAppearance(
  db: Db,
  userId: string,
  timelineId: string,
  body: Body,
): Promise<{ timeline: Timeline; removed: UploadRow[] }> {
  const cover = body.coverImageUrl ? await findOwnUpload(db, userId, body.coverImageUrl) : null;
  if (cover) checkCover(cover, timelineId);
  return db.transaction(async (tx) => {
    await lockedAccess(tx, timelineId, userId, 'updateSettings', 'update');
    let removed: UploadRow[] = [];
    if (body.coverImageUrl !== undefined) {
      if (cover) {
        const [locked] = await tx.select().from(uploads).where(eq(uploads.id, cover.id)).for('update');
        if (!locked) throw notFound(UPLOAD_NOT_FOUND);
        checkCover(locked, timelineId);
        await tx
          .update(uploads)
          .set({ status: 'attached', category: COVER_CATEGORY, timelineId, attachedAt: new Date() })
          .where(eq(uploads.id, cover.id));
      }
      const previous = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            eq(uploads.timelineId, timelineId),
            eq(uploads.category, COVER_CATEGORY),
            cover ? ne(uploads.id, cover.id) : undefined,
          ),
        )
        .for('update');
      removed = await releaseUploads(tx, previous);
    }
    const [timeline] = await tx
      .update(timelines)
      .set({
        ...(body.coverImageUrl !== undefined && { coverImageUrl: cover ? objectPathFor(cover.id) : null }),
        ...(body.accentColor !== undefined && { accentColor: body.accentColor }),
        ...(body.icon !== undefined && { icon: body.icon }),
        updatedAt: new Date(),
      })
      .where(eq(timelines.id, timelineId))
      .returning();
    return { timeline: timeline!, removed };
  });
}
