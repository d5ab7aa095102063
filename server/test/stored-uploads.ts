// Uploads built directly (an `uploads` row and its bytes in `app.store`), for tests of what uses uploads
// (objects access, posts with media) without going through the upload flow; server/test/uploads.ts runs
// the real flow. The owner's storageUsedBytes is charged like PUT /api/media would.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { UploadCategory } from '../../common/media.ts';
import { type UploadRow, uploads, users } from '../db/schema/index.ts';

export interface StoredUploadOptions {
  category?: UploadCategory | null;
  contentType?: string;
  fileName?: string;
  bytes?: Buffer;
  width?: number | null;
  height?: number | null;
  /** Bytes of a webp thumbnail, stored at `thumbs/{id}.webp`. */
  thumbnail?: Buffer;
  status?: 'pending' | 'stored' | 'attached';
  extra?: Partial<typeof uploads.$inferInsert>;
}

const DEFAULTS: Record<UploadCategory, { contentType: string; fileName: string }> = {
  image: { contentType: 'image/png', fileName: 'photo.png' },
  video: { contentType: 'video/mp4', fileName: 'clip.mp4' },
  audio: { contentType: 'audio/mpeg', fileName: 'song.mp3' },
  document: { contentType: 'application/pdf', fileName: 'report.pdf' },
  avatar: { contentType: 'image/png', fileName: 'me.png' },
};

export async function storedUpload(
  app: FastifyInstance,
  ownerId: string,
  options: StoredUploadOptions = {},
): Promise<{ row: UploadRow; path: string; bytes: Buffer }> {
  const category = options.category === undefined ? 'image' : options.category;
  const defaults = DEFAULTS[category ?? 'document'];
  const id = randomUUID();
  const key = `uploads/${id}`;
  const bytes = options.bytes ?? randomBytes(1000);
  const contentType = options.contentType ?? defaults.contentType;
  const status = options.status ?? 'stored';
  if (status !== 'pending' || options.bytes) await app.store.put(key, bytes, { contentType });
  let thumbnailKey: string | null = null;
  if (options.thumbnail) {
    thumbnailKey = `thumbs/${id}.webp`;
    await app.store.put(thumbnailKey, options.thumbnail, { contentType: 'image/webp' });
  }
  const image = category === 'image' || category === 'avatar';
  const [row] = await app.db
    .insert(uploads)
    .values({
      id,
      key,
      ownerId,
      category,
      status,
      size: status === 'pending' ? null : bytes.length,
      contentType,
      fileName: options.fileName ?? defaults.fileName,
      width: options.width === undefined ? (image ? 640 : null) : options.width,
      height: options.height === undefined ? (image ? 480 : null) : options.height,
      thumbnailKey,
      storedAt: status === 'pending' ? null : new Date(),
      ...options.extra,
    })
    .returning();
  if (status !== 'pending') {
    await app.db
      .update(users)
      .set({ storageUsedBytes: sql`${users.storageUsedBytes} + ${bytes.length}` })
      .where(eq(users.id, ownerId));
  }
  return { row: row!, path: `/objects/${key}`, bytes };
}

export async function storageUsed(app: FastifyInstance, userId: string): Promise<number> {
  const [row] = await app.db.select({ used: users.storageUsedBytes }).from(users).where(eq(users.id, userId));
  return row!.used;
}

/** The `uploads` rows of these stored uploads (those still there). */
export function uploadRows(app: FastifyInstance, ups: { row: { id: string } }[]) {
  return app.db
    .select()
    .from(uploads)
    .where(
      inArray(
        uploads.id,
        ups.map((u) => u.row.id),
      ),
    );
}
