// Uploads from request to stored object (DECISIONS §4, §7): a pending row with a server-made key, the bytes
// checked when finalised (type by content, size per category, dimensions, thumbnail and large variant), the quota charged once
// under the row's lock, and the way out again (discardUploads: rows, quota, objects).
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { UPLOAD_LIMITS, type UploadCategory } from '../../common/media.ts';
import type { ObjectPathResponse } from '../../common/schemas/media.ts';
import type { Db } from '../db/client.ts';
import { type UploadRow, type User, uploads, users } from '../db/schema/index.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { checkDeclared, inspectObject, tooLarge, typeNotAllowed } from '../media/inspect.ts';
import { largeImageKey, objectPathFor, thumbnailKey, uploadIdFrom, uploadKey } from '../storage/keys.ts';
import { stagingKey } from '../storage/s3.ts';
import type { ObjectStore } from '../storage/types.ts';
import { bumpFeedsOfUser } from './feed-version.ts';
import { assertStorageAvailable, chargeStorage, releaseStorage } from './storage-quota.ts';

/**
 * Unfinished uploads one user may have at once (each may hold its declared size, up to 200 MB, before it is
 * checked). Counted and inserted under a per-user lock, so parallel requests cannot all pass the count.
 */
export const MAX_PENDING_UPLOADS = 30;

export const UPLOAD_NOT_FOUND = 'Upload not found';

export interface UploadRequest {
  category?: UploadCategory;
  /** Required by the routes' schemas: the URL (or the parts) take exactly this many bytes. */
  size: number;
  contentType?: string;
  fileName?: string;
}

/** The refusals possible before any bytes: declared type and size, the quota, too many unfinished uploads. */
export async function assertCanUpload(app: FastifyInstance, user: User, input: UploadRequest): Promise<void> {
  checkDeclared(input);
  await assertStorageAvailable(app.db, app.config, user.id, input.size);
  // A first look, so a refused multipart create makes nothing in the store; insertUpload decides.
  await assertPendingRoom(app.db, user.id);
}

async function assertPendingRoom(db: Db, userId: string): Promise<void> {
  const [pending] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.ownerId, userId), eq(uploads.status, 'pending')));
  if ((pending?.n ?? 0) >= MAX_PENDING_UPLOADS) {
    throw new HttpError(
      429,
      `Too many unfinished uploads (at most ${MAX_PENDING_UPLOADS}): finish or cancel some first`,
      { retryAfter: 60 },
    );
  }
}

/**
 * A pending upload row for `user` with the server-made key `uploads/{id}`; 429 when the user already has
 * MAX_PENDING_UPLOADS. The count and the insert run under the user's transaction-scoped advisory lock: a
 * parallel create waits for this one to commit and then counts its row.
 */
export async function insertUpload(
  db: Db,
  user: User,
  input: UploadRequest,
  options: { id?: string; multipartId?: string } = {},
): Promise<UploadRow> {
  const id = options.id ?? randomUUID();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pending-uploads:${user.id}`}, 0))`);
    await assertPendingRoom(tx, user.id);
    return insertRow(tx, id, user, input, options);
  });
}

async function insertRow(
  db: Db,
  id: string,
  user: User,
  input: UploadRequest,
  options: { multipartId?: string },
): Promise<UploadRow> {
  const [row] = await db
    .insert(uploads)
    .values({
      id,
      key: uploadKey(id),
      ownerId: user.id,
      category: input.category ?? null,
      declaredSize: input.size,
      contentType: input.contentType ?? null,
      fileName: input.fileName ?? null,
      multipartId: options.multipartId ?? null,
    })
    .returning();
  return row!;
}

/** The most bytes an upload may hold before it is checked: its category's limit, or its declared size. */
export function byteCap(
  row: Pick<UploadRow, 'category' | 'declaredSize' | 'fileName' | 'contentType'>,
): number {
  const { category } = checkDeclared({
    category: row.category as UploadCategory | null,
    fileName: row.fileName,
    contentType: row.contentType,
  });
  const limit = UPLOAD_LIMITS[category ?? 'video'];
  return row.declaredSize != null ? Math.min(limit, row.declaredSize) : limit;
}

export function presentUpload(row: UploadRow): ObjectPathResponse {
  return {
    objectPath: objectPathFor(row.id),
    size: row.size ?? 0,
    contentType: row.contentType ?? 'application/octet-stream',
    width: row.width,
    height: row.height,
  };
}

/** The caller's own upload an upload URL, location, object path or key names; 404 otherwise. */
export async function findOwnUpload(db: Db, userId: string, reference: string): Promise<UploadRow> {
  const id = uploadIdFrom(reference);
  if (!id) throw notFound(UPLOAD_NOT_FOUND);
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerId, userId)));
  if (!row) throw notFound(UPLOAD_NOT_FOUND);
  return row;
}

const RASTER_AVATAR = (contentType: string | null) =>
  !!contentType && contentType.startsWith('image/') && contentType !== 'image/svg+xml';

/**
 * PUT /api/media and PUT /api/profile-image: checks the bytes of a pending upload, stores its variants,
 * charges the quota and marks it stored (or attaches it as the user's avatar). Idempotent: finalising a
 * stored upload again answers the same; parallel calls charge once.
 */
export async function finalizeUpload(
  app: FastifyInstance,
  user: User,
  reference: string,
  purpose: 'media' | 'avatar',
): Promise<ObjectPathResponse> {
  const row = await findOwnUpload(app.db, user.id, reference);
  if (row.status !== 'pending') {
    if (purpose === 'media') return presentUpload(row);
    return attachStoredAsAvatar(app, user, row);
  }
  if (row.multipartId) throw conflict('This multipart upload is not complete yet: complete it first');

  const committed = await app.store.commitUpload(row.key);
  if (!committed) throw typeNotAllowed('Nothing has been uploaded for this upload yet');
  let inspection: Awaited<ReturnType<typeof inspectObject>>;
  try {
    const category = purpose === 'avatar' ? 'avatar' : (row.category as UploadCategory | null);
    if (row.declaredSize != null && committed.size > row.declaredSize) {
      throw new HttpError(413, 'The file is larger than its declared size', { size: committed.size });
    }
    if (purpose === 'avatar' && row.category && !['image', 'avatar'].includes(row.category)) {
      throw typeNotAllowed('A profile picture must be an image');
    }
    inspection = await inspectObject(app.store, row.key, {
      size: committed.size,
      category,
      fileName: row.fileName,
      contentType: row.contentType,
    });
    if (inspection.size > 0 && purpose === 'avatar' && inspection.size > UPLOAD_LIMITS.avatar) {
      throw tooLarge('avatar', inspection.size);
    }
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) await discardUploads(app, [row]);
    throw err;
  }
  const thumbKey = inspection.thumbnail ? thumbnailKey(row.id) : null;
  const largeKey = inspection.large ? largeImageKey(row.id) : null;
  await Promise.all([
    thumbKey && app.store.put(thumbKey, inspection.thumbnail!, { contentType: 'image/webp' }),
    largeKey && app.store.put(largeKey, inspection.large!, { contentType: 'image/webp' }),
  ]);

  let outcome: { row: UploadRow; previous: UploadRow[]; fresh: boolean };
  try {
    outcome = await app.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(uploads).where(eq(uploads.id, row.id)).for('update');
      if (!locked) throw notFound(UPLOAD_NOT_FOUND);
      // A parallel finalise got here first: it charged, this one answers what it stored.
      if (locked.status !== 'pending') return { row: locked, previous: [], fresh: false };
      // The bytes checked are the bytes stored (nothing replaced them since).
      const current = await app.store.head(row.key);
      if (!current || current.etag !== committed.etag) {
        throw conflict('The upload changed while it was checked: try again');
      }
      await chargeStorage(tx, user.id, inspection.size, app.config);
      const [stored] = await tx
        .update(uploads)
        .set({
          status: 'stored',
          size: inspection.size,
          contentType: inspection.contentType,
          category: inspection.category,
          width: inspection.width,
          height: inspection.height,
          thumbnailKey: thumbKey,
          largeKey,
          storedAt: new Date(),
          urlUsedAt: locked.urlUsedAt ?? new Date(),
        })
        .where(eq(uploads.id, row.id))
        .returning();
      if (purpose === 'media') return { row: stored!, previous: [], fresh: true };
      const previous = await attachAvatar(tx, user, stored!);
      return { row: { ...stored!, status: 'attached', avatarOf: user.id }, previous, fresh: true };
    });
  } catch (err) {
    // The quota refused it: the upload cannot be used, so its bytes go (the row never named the variants).
    if (err instanceof HttpError && err.statusCode === 413) {
      await discardUploads(app, [row]);
      await removeUploadObjects(app.store, [{ ...row, thumbnailKey: thumbKey, largeKey }], app.log);
    }
    throw err;
  }
  if (outcome.fresh) app.metrics.uploadBytes(inspection.size);
  await removeUploadObjects(app.store, outcome.previous, app.log);
  if (!outcome.fresh && purpose === 'avatar') return attachStoredAsAvatar(app, user, outcome.row);
  return presentUpload(outcome.row);
}

/** PUT /api/profile-image with an upload already stored through PUT /api/media. */
async function attachStoredAsAvatar(
  app: FastifyInstance,
  user: User,
  row: UploadRow,
): Promise<ObjectPathResponse> {
  if (row.status === 'attached') {
    if (row.avatarOf === user.id) return presentUpload(row);
    throw conflict('This upload is already in use');
  }
  if (!RASTER_AVATAR(row.contentType)) throw typeNotAllowed('A profile picture must be an image (not SVG)');
  if ((row.size ?? 0) > UPLOAD_LIMITS.avatar) throw tooLarge('avatar', row.size ?? 0);
  let previous: UploadRow[] = [];
  const attached = await app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(uploads).where(eq(uploads.id, row.id)).for('update');
    if (!locked) throw notFound(UPLOAD_NOT_FOUND);
    if (locked.status === 'attached') {
      if (locked.avatarOf === user.id) return locked;
      throw conflict('This upload is already in use');
    }
    previous = await attachAvatar(tx, user, locked);
    return { ...locked, status: 'attached', avatarOf: user.id };
  });
  await removeUploadObjects(app.store, previous, app.log);
  return presentUpload(attached);
}

/**
 * Makes `row` the user's avatar inside `tx`: users.profileImageUrl, uploads.avatarOf; the previous avatar
 * uploads are deleted and their bytes released. Returns them so their objects go after the commit.
 */
async function attachAvatar(tx: Db, user: User, row: UploadRow): Promise<UploadRow[]> {
  // Feed pages show the picture (issue 28). Threadlines before the user row, in the order a post locks them
  // (its threadline, then its author's row for the foreign key), so the two never deadlock.
  await bumpFeedsOfUser(tx, user.id);
  // One avatar change per user at a time.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  const previous = await tx
    .select()
    .from(uploads)
    .where(and(eq(uploads.avatarOf, user.id), ne(uploads.id, row.id)))
    .for('update');
  const now = new Date();
  await tx
    .update(uploads)
    .set({ status: 'attached', avatarOf: user.id, category: 'avatar', attachedAt: now })
    .where(eq(uploads.id, row.id));
  await tx
    .update(users)
    .set({ profileImageUrl: objectPathFor(row.id), updatedAt: now })
    .where(eq(users.id, user.id));
  return releaseUploads(tx, previous);
}

/**
 * Deletes upload rows inside `tx` and gives their stored bytes back to the owners' quota. Returns the rows
 * it deleted (a row another transaction already removed is not released twice); remove their objects with
 * `removeUploadObjects` after the transaction commits.
 */
export async function releaseUploads(
  tx: Db,
  rows: Pick<UploadRow, 'id'>[],
  options: { unattachedOnly?: boolean } = {},
): Promise<UploadRow[]> {
  if (rows.length === 0) return [];
  const ids = inArray(
    uploads.id,
    rows.map((r) => r.id),
  );
  // unattachedOnly: checked on the row as it is after any lock wait, so an upload a post claimed a moment
  // ago stays.
  const deleted = await tx
    .delete(uploads)
    .where(options.unattachedOnly ? and(ids, ne(uploads.status, 'attached')) : ids)
    .returning();
  const byOwner = new Map<string, number>();
  for (const row of deleted) {
    if (row.status === 'pending' || !row.size) continue;
    byOwner.set(row.ownerId, (byOwner.get(row.ownerId) ?? 0) + row.size);
  }
  // In owner order, so two releases touching the same users lock them in the same order.
  for (const [ownerId, bytes] of [...byOwner].sort(([a], [b]) => a.localeCompare(b))) {
    await releaseStorage(tx, ownerId, bytes);
  }
  return deleted;
}

/**
 * Removes the objects of deleted upload rows: the object, its thumbnail and large variant, a staged PUT, an
 * open multipart.
 */
export async function removeUploadObjects(
  store: ObjectStore,
  rows: Pick<UploadRow, 'key' | 'thumbnailKey' | 'largeKey' | 'multipartId'>[],
  log?: FastifyBaseLogger,
): Promise<void> {
  await Promise.all(
    rows.map(async (row) => {
      try {
        if (row.multipartId && row.multipartId !== 'creating')
          await store.abortMultipart(row.key, row.multipartId);
        await store.delete(row.key);
        if (row.thumbnailKey) await store.delete(row.thumbnailKey);
        if (row.largeKey) await store.delete(row.largeKey);
        if (store.kind === 's3') await store.delete(stagingKey(row.key));
      } catch (err) {
        // The sweep does not see deleted rows: log it, an operator can clean the bucket.
        log?.warn({ err, key: row.key }, 'could not remove an upload object');
      }
    }),
  );
}

/**
 * Discards uploads for good (H2: a deleted post's media; a replaced avatar; the orphan sweep): the rows and
 * the quota in one transaction, then the objects once it committed.
 */
export async function discardUploads(app: FastifyInstance, rows: Pick<UploadRow, 'id'>[]): Promise<void> {
  if (rows.length === 0) return;
  const deleted = await app.db.transaction((tx) => releaseUploads(tx, rows));
  await removeUploadObjects(app.store, deleted, app.log);
}
