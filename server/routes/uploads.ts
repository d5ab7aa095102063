// Upload URLs, the local upload endpoint, finalising (PUT /api/media, PUT /api/profile-image) and the
// multipart calls of spec 001 §7 (DECISIONS §7). Registered in the signed-in subtree: every call here,
// the byte-carrying PUTs included, needs the uploader's session.
import { Transform } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  categoryOf,
  multipartPartBytes,
  multipartPartSize,
  UPLOAD,
  UPLOAD_LIMITS,
  type UploadCategory,
} from '../../common/media.ts';
import {
  finalizeMediaBody,
  finalizeProfileImageBody,
  multipartCompleteBody,
  multipartCompleteResponse,
  multipartCreateBody,
  multipartCreateResponse,
  multipartKeyQuery,
  multipartPartsResponse,
  multipartSignResponse,
  objectPathResponse,
  partNumber,
  uploadRequestBody,
  uploadResponse,
} from '../../common/schemas/media.ts';
import {
  assertCanUpload,
  byteCap,
  discardUploads,
  finalizeUpload,
  insertUpload,
  UPLOAD_NOT_FOUND,
} from '../commands/uploads.ts';
import { type UploadRow, uploads } from '../db/schema/index.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.ts';
import { tooLarge } from '../media/inspect.ts';
import { idFromKey, isUuid, objectPathFor, uploadKey } from '../storage/keys.ts';
import { LocalStore } from '../storage/local.ts';

type UploadRequestBody = z.output<typeof uploadRequestBody>;

const putParams = z.object({ id: z.string().max(100) });
const partParams = z.object({ id: z.string().max(100), partNumber: z.string().max(10) });
const signedQuery = z.object({ expires: z.string().max(20).optional(), sig: z.string().max(200).optional() });
const multipartParams = z.object({ uploadId: z.string().min(1).max(1024) });
const multipartPartParams = z.object({
  uploadId: z.string().min(1).max(1024),
  partNumber: z.string().max(10),
});

class LimitExceeded extends Error {}

/** Passes bytes through until there are more than `max`, then fails the pipeline. */
function byteLimit(max: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(new LimitExceeded());
      else done(null, chunk);
    },
  });
}

function localStore(app: FastifyInstance): LocalStore {
  // With STORAGE=s3 the bytes go straight to the bucket: the app's endpoint does not exist.
  if (!(app.store instanceof LocalStore)) throw notFound();
  return app.store;
}

function checkSignature(result: ReturnType<LocalStore['signer']['verify']>) {
  if (result === 'invalid') throw forbidden('This upload URL is not valid (bad signature)');
  if (result === 'expired') throw forbidden('This upload URL has expired: ask for a new one');
}

/** The multipart upload a `key` and `uploadId` name, if it is the caller's own and still open. */
async function ownMultipart(
  app: FastifyInstance,
  userId: string,
  key: string,
  uploadId: string,
): Promise<UploadRow> {
  const id = idFromKey(key);
  if (!id) throw notFound(UPLOAD_NOT_FOUND);
  const [row] = await app.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerId, userId)));
  if (!row || row.multipartId !== uploadId || row.status !== 'pending') throw notFound(UPLOAD_NOT_FOUND);
  return row;
}

const declaredLength = (request: FastifyRequest): number | null => {
  const header = request.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
};

/**
 * Streams the request body through a byte cap into `write`; a refusal answers 413 and closes the connection.
 * `tooLong` words the refusal (default: the file is larger than declared, or than its category allows).
 */
async function receive<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cap: number,
  category: UploadCategory,
  write: (body: NodeJS.ReadableStream & Transform) => Promise<T>,
  tooLong?: (size?: number) => HttpError,
): Promise<T> {
  const refusal = (size?: number) =>
    tooLong?.(size) ??
    (cap < UPLOAD_LIMITS[category]
      ? new HttpError(413, 'The file is larger than its declared size', { limit: cap, size })
      : tooLarge(category, size ?? cap + 1));
  const length = declaredLength(request);
  if (length !== null && length > cap) {
    reply.header('connection', 'close');
    throw refusal(length);
  }
  const limited = request.raw.pipe(byteLimit(cap));
  request.raw.on('error', (err) => limited.destroy(err));
  // A dropped connection ends the write (the temporary file is removed) instead of hanging.
  request.raw.on('close', () => {
    if (!request.raw.complete) limited.destroy(new Error('The upload was interrupted'));
  });
  // The writer sees the cap through its own pipeline; one that refuses before reading leaves nobody listening,
  // and an 'error' with no listener would be an uncaught exception (a crash) when the cap is passed later.
  limited.on('error', () => {});
  try {
    return await write(limited);
  } catch (err) {
    limited.destroy();
    if (err instanceof LimitExceeded) {
      reply.header('connection', 'close');
      throw refusal();
    }
    throw err;
  }
}

const categoryForCap = (row: UploadRow): UploadCategory =>
  (row.category as UploadCategory | null) ?? (row.fileName ? categoryOf(row.fileName) : null) ?? 'video';

/**
 * The length of a multipart upload's part `n`, fixed by its declared size (common/media.ts): what S3 signs
 * as the part's Content-Length and the most the local part endpoint takes. Parts sent at once, or again,
 * never add up to more than was declared. 400 past the last part.
 */
function partLength(row: UploadRow, n: number): number {
  const total = byteCap(row);
  const parts = Math.max(1, Math.ceil(total / multipartPartSize(total)));
  if (n > parts) {
    throw badRequest(
      `Part ${n} is past the end of the declared size (${total} bytes make ${parts} part${parts === 1 ? '' : 's'})`,
    );
  }
  return multipartPartBytes(total, n);
}

export async function uploadRoutes(app: FastifyInstance) {
  const ttl = UPLOAD.urlTtlSeconds;

  app.post(
    '/api/objects/upload',
    {
      config: { writeLimit: 'upload' },
      schema: {
        summary: 'Ask for an upload URL (single PUT) for a file',
        errors: { 413: 'Larger than the plan allows, or past the storage quota (plan limit)' },
        body: uploadRequestBody,
        response: { 200: uploadResponse },
      },
    },
    async (request) => {
      const user = request.user!;
      const body = (request.body ?? {}) as UploadRequestBody;
      await assertCanUpload(app, user, body);
      const row = await insertUpload(app.db, user, body);
      const target = await app.store.signUpload(row.key, {
        contentType: body.contentType,
        size: body.size,
        expiresInSeconds: ttl,
      });
      return { uploadURL: target.url };
    },
  );

  app.put(
    '/api/media',
    {
      schema: {
        summary: 'Finish an upload: check the stored file and make it usable',
        errors: {
          409: 'The upload is already in use, or a multipart upload is not complete',
          413: 'The file is larger than its declared size',
        },
        body: finalizeMediaBody,
        response: { 200: objectPathResponse },
      },
    },
    async (request) => {
      const { mediaURL } = request.body;
      return finalizeUpload(app, request.user!, mediaURL, 'media');
    },
  );

  app.put(
    '/api/profile-image',
    {
      config: { writeLimit: 'profile' },
      schema: {
        summary: 'Set the profile picture from a finished upload',
        errors: { 409: 'The upload is already in use' },
        body: finalizeProfileImageBody,
        response: { 200: objectPathResponse },
      },
    },
    async (request) => {
      const { profileImageURL } = request.body;
      return finalizeUpload(app, request.user!, profileImageURL, 'avatar');
    },
  );

  // ---- the local backend's byte endpoints: any content type, streamed, never parsed ----
  await app.register(async (raw: FastifyInstance) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));

    // The body is streamed by the handler, after preValidation: only the idle (per-chunk) timeout applies.
    raw.put(
      '/api/objects/put/:id',
      {
        schema: {
          summary: "Local storage: the upload URL's PUT of the file's bytes (any content type)",
          errors: {
            403: 'Bad signature or expired URL',
            409: 'A multipart upload: send its parts',
            410: 'The URL was used already',
            413: 'More bytes than declared',
          },
          params: putParams,
          querystring: signedQuery,
        },
      },
      async (request, reply) => {
        const store = localStore(app);
        const { id } = request.params;
        const { expires, sig } = request.query;
        if (!isUuid(id)) throw notFound(UPLOAD_NOT_FOUND);
        checkSignature(store.signer.verify({ kind: 'put', id }, expires, sig));
        const user = request.user!;
        const [row] = await app.db
          .select()
          .from(uploads)
          .where(and(eq(uploads.id, id), eq(uploads.ownerId, user.id)));
        if (!row) throw notFound(UPLOAD_NOT_FOUND);
        if (row.multipartId) throw conflict('This upload is a multipart upload: send its parts');
        // Single use: the first PUT claims the URL; a failed transfer gives it back for a retry.
        const [claimed] = await app.db
          .update(uploads)
          .set({ urlUsedAt: new Date() })
          .where(and(eq(uploads.id, id), eq(uploads.status, 'pending'), isNull(uploads.urlUsedAt)))
          .returning({ id: uploads.id });
        if (!claimed) throw new HttpError(410, 'This upload URL has already been used');
        // More bytes than declared: 413 from receive (announced or not, it stops reading there).
        const length = declaredLength(request);
        if (row.declaredSize != null && length !== null && length < row.declaredSize) {
          await app.db.update(uploads).set({ urlUsedAt: null }).where(eq(uploads.id, id));
          throw badRequest('The request size does not match the declared size');
        }
        try {
          const stored = await receive(request, reply, byteCap(row), categoryForCap(row), (body) =>
            store.put(row.key, body, { contentType: row.contentType ?? undefined }),
          );
          reply.header('etag', stored.etag);
          return { size: stored.size };
        } catch (err) {
          await app.db.update(uploads).set({ urlUsedAt: null }).where(eq(uploads.id, id));
          throw err;
        }
      },
    );

    raw.put(
      '/api/objects/put/:id/parts/:partNumber',
      {
        schema: {
          summary: 'Local storage: the PUT of one part of a multipart upload',
          errors: { 403: 'Bad signature or expired URL', 413: 'More bytes than the part may have' },
          params: partParams,
          querystring: signedQuery,
        },
      },
      async (request, reply) => {
        const store = localStore(app);
        const params = request.params;
        const { expires, sig } = request.query;
        const n = partNumber.safeParse(params.partNumber);
        if (!isUuid(params.id) || !n.success || String(n.data) !== params.partNumber)
          throw notFound(UPLOAD_NOT_FOUND);
        checkSignature(
          store.signer.verify({ kind: 'part', id: params.id, partNumber: n.data }, expires, sig),
        );
        const [row] = await app.db
          .select()
          .from(uploads)
          .where(and(eq(uploads.id, params.id), eq(uploads.ownerId, request.user!.id)));
        if (!row?.multipartId || row.status !== 'pending') throw notFound(UPLOAD_NOT_FOUND);
        // Each part holds at most its own share of the declared size, however many are sent at once.
        const cap = partLength(row, n.data);
        const part = await receive(
          request,
          reply,
          cap,
          categoryForCap(row),
          (body) => store.putPart(row.key, row.multipartId!, n.data, body),
          (size) =>
            new HttpError(413, `Part ${n.data} is longer than its ${cap} bytes of the declared size`, {
              limit: cap,
              ...(size !== undefined && { size }),
            }),
        );
        reply.header('etag', part.ETag);
        return { ETag: part.ETag, PartNumber: part.PartNumber, Size: part.Size };
      },
    );
  });

  // ---- multipart (spec 001 §7), both backends ----

  app.post(
    '/api/s3/multipart',
    {
      config: { writeLimit: 'upload' },
      schema: {
        summary: 'Start a multipart upload',
        errors: { 413: 'Larger than the plan allows, or past the storage quota (plan limit)' },
        body: multipartCreateBody,
        response: { 200: multipartCreateResponse },
      },
    },
    async (request) => {
      const user = request.user!;
      const body = request.body;
      const input = {
        category: body.metadata.category ?? categoryOf(body.filename) ?? undefined,
        size: body.metadata.size,
        contentType: body.type,
        fileName: body.filename,
      };
      await assertCanUpload(app, user, input);
      const id = crypto.randomUUID();
      const uploadId = await app.store.createMultipart(uploadKey(id), { contentType: body.type });
      try {
        const row = await insertUpload(app.db, user, input, { id, multipartId: uploadId });
        return { key: row.key, uploadId };
      } catch (err) {
        await app.store.abortMultipart(uploadKey(id), uploadId).catch(() => {});
        throw err;
      }
    },
  );

  app.get(
    '/api/s3/multipart/:uploadId',
    {
      schema: {
        summary: 'The parts of a multipart upload stored so far',
        params: multipartParams,
        querystring: multipartKeyQuery,
        response: { 200: multipartPartsResponse },
      },
    },
    async (request) => {
      const { uploadId } = request.params;
      const { key } = request.query;
      const row = await ownMultipart(app, request.user!.id, key, uploadId);
      return app.store.listParts(row.key, uploadId);
    },
  );

  app.get(
    '/api/s3/multipart/:uploadId/:partNumber',
    {
      schema: {
        summary: 'A signed URL for one part',
        params: multipartPartParams,
        querystring: multipartKeyQuery,
        response: { 200: multipartSignResponse },
      },
    },
    async (request) => {
      const params = request.params;
      const { key } = request.query;
      const n = partNumber.safeParse(params.partNumber);
      if (!n.success) throw badRequest('Part number must be a whole number from 1 to 10000');
      const row = await ownMultipart(app, request.user!.id, key, params.uploadId);
      return app.store.signPart(row.key, params.uploadId, n.data, {
        size: partLength(row, n.data),
        expiresInSeconds: ttl,
      });
    },
  );

  app.post(
    '/api/s3/multipart/:uploadId/complete',
    {
      schema: {
        summary: 'Complete a multipart upload',
        errors: { 413: 'The file is larger than its declared size' },
        params: multipartParams,
        querystring: multipartKeyQuery,
        body: multipartCompleteBody,
        response: { 200: multipartCompleteResponse },
      },
    },
    async (request) => {
      const { uploadId } = request.params;
      const { key } = request.query;
      const { parts } = request.body;
      const row = await ownMultipart(app, request.user!.id, key, uploadId);
      // The size the parts add up to, before they are joined: past the limit nothing is stored.
      const stored = new Map(
        (await app.store.listParts(row.key, uploadId)).map((p) => [p.PartNumber, p.Size]),
      );
      let total = 0;
      for (const part of parts) {
        const size = stored.get(part.PartNumber);
        if (size === undefined) throw badRequest(`Part ${part.PartNumber} has not been uploaded`);
        total += size;
      }
      const category = categoryForCap(row);
      if (total > UPLOAD_LIMITS[category]) {
        await discardUploads(app, [row]);
        throw tooLarge(category, total);
      }
      if (row.declaredSize != null && total > row.declaredSize) {
        await discardUploads(app, [row]);
        throw new HttpError(413, 'The file is larger than its declared size', {
          limit: row.declaredSize,
          size: total,
        });
      }
      // One completion: the row stops naming the multipart upload before the parts are joined.
      const [claimed] = await app.db
        .update(uploads)
        .set({ multipartId: null, urlUsedAt: new Date() })
        .where(and(eq(uploads.id, row.id), eq(uploads.multipartId, uploadId)))
        .returning({ id: uploads.id });
      if (!claimed) throw notFound(UPLOAD_NOT_FOUND);
      try {
        await app.store.completeMultipart(row.key, uploadId, parts);
      } catch (err) {
        await app.db
          .update(uploads)
          .set({ multipartId: uploadId, urlUsedAt: null })
          .where(eq(uploads.id, row.id));
        throw err;
      }
      return { location: objectPathFor(row.id) };
    },
  );

  app.delete(
    '/api/s3/multipart/:uploadId',
    {
      schema: {
        summary: 'Abort a multipart upload',
        params: multipartParams,
        querystring: multipartKeyQuery,
      },
    },
    async (request, reply) => {
      const { uploadId } = request.params;
      const { key } = request.query;
      const row = await ownMultipart(app, request.user!.id, key, uploadId);
      await discardUploads(app, [row]);
      return reply.code(204).send();
    },
  );
}
