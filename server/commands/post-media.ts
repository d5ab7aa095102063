// A post's attachments (spec 001 §5, §7; DECISIONS §6, §7). Every path a post names must be one of the
// poster's own uploads, checked and stored (PUT /api/media) and not attached to anything yet. The rows are
// locked FOR UPDATE in the post's transaction, so two posts naming the same upload cannot both have it.
// What the post stores comes from the rows, not the client: the type by the upload's category, the size
// as stored, the content type, dimensions and thumbnail (posts.media). Only display names may come from
// the body.
import { inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  largeImageUrl,
  POST_TYPE_BY_CATEGORY,
  thumbnailUrl,
  type UploadCategory,
} from '../../common/media.ts';
import type { MediaInfo } from '../../common/schemas/media.ts';
import type { createPostBody, PostType } from '../../common/schemas/post.ts';
import type { Db } from '../db/client.ts';
import { type UploadRow, uploads } from '../db/schema/index.ts';
import { badRequest, conflict } from '../http/errors.ts';

type Body = z.output<typeof createPostBody>;

/** `/objects/uploads/{uuid}`: what PUT /api/media answers as objectPath. */
const OBJECT_PATH = /^\/objects\/(uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const MEDIA_MESSAGES = {
  notAPath: 'Media must be a file you uploaded (its /objects/uploads/… path)',
  notFound: 'Upload not found: upload the file again',
  notStored: 'This upload is not finished yet: wait for it to complete',
  taken: 'This file is already attached to another post: upload it again',
  twice: 'The same file is attached twice',
  notPostable: 'This upload cannot be attached to a post',
  galleryImages: 'A gallery holds images only',
  names: 'Send one file name per file (fileName with mediaUrl, fileNames with mediaUrls)',
  control: 'File name must not contain control characters',
} as const;

/** The upload's category, from the row or (for rows that left it to the bytes) its stored content type. */
export function categoryOfUpload(row: Pick<UploadRow, 'category' | 'contentType'>): UploadCategory {
  if (row.category) return row.category as UploadCategory;
  const type = row.contentType ?? '';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'document';
}

const typeWord = (type: string) =>
  type === 'file' ? 'a file' : `an ${type}`.replace(/^an ([^aeiou])/, 'a $1');

export interface ClaimedMedia {
  type: PostType;
  uploadIds: string[];
  fields: {
    mediaUrl: string | null;
    fileName: string | null;
    fileSize: number | null;
    mediaUrls: string[] | null;
    fileNames: string[] | null;
    fileSizes: number[] | null;
    media: MediaInfo[];
  };
}

/**
 * Locks and checks the uploads a post names; null for a text post. Must run inside the post's transaction,
 * after the threadline is locked (lockedAccess), which keeps the lock order threadline → uploads.
 */
export async function claimMedia(tx: Db, userId: string, body: Body): Promise<ClaimedMedia | null> {
  const paths = body.mediaUrls ?? (body.mediaUrl ? [body.mediaUrl] : []);
  if (paths.length === 0) return null;
  const gallery = paths.length > 1;
  const names = displayNames(body, paths.length);

  const keys = paths.map((path) => {
    const key = OBJECT_PATH.exec(path)?.[1];
    if (!key) throw badRequest(MEDIA_MESSAGES.notAPath);
    return key;
  });
  if (new Set(keys).size !== keys.length) throw badRequest(MEDIA_MESSAGES.twice);

  // In id order, so posts naming overlapping sets of uploads lock them in the same order.
  const rows = await tx
    .select()
    .from(uploads)
    .where(inArray(uploads.key, keys))
    .orderBy(uploads.id)
    .for('update');
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const ordered = keys.map((key) => {
    const row = byKey.get(key);
    // Someone else's upload answers as one that does not exist.
    if (!row || row.ownerId !== userId) throw badRequest(MEDIA_MESSAGES.notFound);
    if (row.status === 'pending' || row.size === null) throw badRequest(MEDIA_MESSAGES.notStored);
    if (row.status !== 'stored') throw conflict(MEDIA_MESSAGES.taken);
    return row;
  });

  const categories = ordered.map(categoryOfUpload);
  let type: PostType;
  if (gallery) {
    if (categories.some((c) => c !== 'image')) throw badRequest(MEDIA_MESSAGES.galleryImages);
    type = 'gallery';
  } else {
    const category = categories[0]!;
    if (category === 'avatar') throw badRequest(MEDIA_MESSAGES.notPostable);
    type = POST_TYPE_BY_CATEGORY[category];
    if (body.type !== type) {
      throw badRequest(`This file makes ${typeWord(type)} post, not ${typeWord(body.type)} post`, {
        expectedType: type,
      });
    }
  }

  const media: MediaInfo[] = ordered.map((row, i) => ({
    url: paths[i]!,
    thumbnailUrl: row.thumbnailKey ? thumbnailUrl(paths[i]!) : null,
    largeUrl: row.largeKey ? largeImageUrl(paths[i]!) : null,
    contentType: row.contentType ?? 'application/octet-stream',
    width: row.width,
    height: row.height,
  }));
  const fileNames = ordered.map((row, i) => names?.[i] ?? row.fileName ?? 'file');
  const sizes = ordered.map((row) => row.size!);
  return {
    type,
    uploadIds: ordered.map((r) => r.id),
    fields: gallery
      ? {
          mediaUrl: null,
          fileName: null,
          fileSize: null,
          mediaUrls: paths,
          fileNames,
          fileSizes: sizes,
          media,
        }
      : {
          mediaUrl: paths[0]!,
          fileName: fileNames[0]!,
          fileSize: sizes[0]!,
          mediaUrls: null,
          fileNames: null,
          fileSizes: null,
          media,
        },
  };
}

/** The body's display names, one per file, or null to use the uploads' own. */
function displayNames(body: Body, count: number): string[] | null {
  const names = body.mediaUrls ? body.fileNames : body.fileName === undefined ? undefined : [body.fileName];
  if ((body.mediaUrls && body.fileName !== undefined) || (!body.mediaUrls && body.fileNames !== undefined)) {
    throw badRequest(MEDIA_MESSAGES.names);
  }
  if (!names) return null;
  if (names.length !== count) throw badRequest(MEDIA_MESSAGES.names);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (names.some((n) => /[\u0000-\u001f\u007f]/.test(n))) throw badRequest(MEDIA_MESSAGES.control);
  return names;
}

/** Marks the claimed uploads as the post's (they leave the orphan sweep and the uploader-only rule). */
export async function attachUploads(tx: Db, uploadIds: string[], postId: string, timelineId: string) {
  await tx
    .update(uploads)
    .set({ status: 'attached', postId, timelineId, attachedAt: sql`now()` })
    .where(inArray(uploads.id, uploadIds));
}
