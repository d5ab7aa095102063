// GET and HEAD /objects/{key}: stored media with the access rules of DECISIONS §7 (policies/object.ts).
// Only `uploads/{uuid}` keys exist here; anything else, and anything the caller may not read, is the same
// 404 JSON. Bytes stream from the store (never buffered), with single byte ranges for seeking audio and
// video, `nosniff`, a sanitised Content-Disposition, a sandboxing CSP (SVG included), and private caching
// with an ETag.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LARGE_IMAGE, MIME_BY_EXTENSION, THUMBNAIL } from '../../common/media.ts';
import type { UploadRow } from '../db/schema/index.ts';
import { OBJECT_KEY, readableUpload } from '../policies/object.ts';

/** Browsers may keep an object this long before asking again (then a 304 when access still holds). */
export const OBJECT_MAX_AGE_SECONDS = 300;

/** Everything but PDFs, which browsers refuse to show in a sandboxed document. */
export const SANDBOX_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** The types served as stored; anything else goes out as application/octet-stream (and a download). */
const KNOWN_TYPES = new Set([...Object.values(MIME_BY_EXTENSION), 'image/webp']);

const objectQuery = z.object({ variant: z.enum([THUMBNAIL.variant, LARGE_IMAGE.variant]).optional() });

const notFound = (reply: FastifyReply) =>
  reply.code(404).header('cache-control', 'no-store').send({ message: 'Not found' });

export async function objectRoutes(app: FastifyInstance) {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/objects/*',
    schema: {
      summary: "An uploaded file (or a variant): the uploader's, or a member's of its threadline; else 404",
      tags: ['objects'],
      querystring: objectQuery,
    },
    handler: (request, reply) => serveObject(app, request, reply),
  });
}

async function serveObject(
  app: FastifyInstance,
  request: FastifyRequest<{ Querystring: z.infer<typeof objectQuery> }>,
  reply: FastifyReply,
) {
  // The raw path, not the decoded wildcard: `%2F`, `..`, `//` and the like never match a key.
  const rawPath = (request.raw.url ?? '').split('?')[0]!;
  const key = rawPath.startsWith('/objects/') ? rawPath.slice('/objects/'.length) : '';
  if (!OBJECT_KEY.test(key)) return notFound(reply);
  const row = await readableUpload(app.db, key, request.user?.id ?? null);
  if (!row) return notFound(reply);

  const { variant } = request.query;
  const target = await objectToServe(app, row, variant ?? 'full');
  if (!target) return notFound(reply);

  const etag = `"${row.id}-${target.variant}"`;
  const withHeaders = () => {
    reply
      .header('x-content-type-options', 'nosniff')
      .header('content-type', target.contentType)
      .header('content-disposition', contentDisposition(target.fileName, servedInline(target.contentType)))
      .header('cache-control', `private, max-age=${OBJECT_MAX_AGE_SECONDS}`)
      .header('vary', 'Cookie')
      .header('etag', etag)
      .header('accept-ranges', 'bytes');
    if (target.contentType !== 'application/pdf') reply.header('content-security-policy', SANDBOX_CSP);
    return reply;
  };

  if (notModified(request.headers['if-none-match'], etag)) {
    return withHeaders().removeHeader('content-type').code(304).send();
  }
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, target.size) : null;
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('accept-ranges', 'bytes')
      .header('content-range', `bytes */${target.size}`)
      .header('cache-control', 'no-store')
      .send({ message: 'Range not satisfiable' });
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? target.size - 1;
  const length = target.size === 0 ? 0 : end - start + 1;
  let body: Readable | null = null;
  if (request.method === 'GET' && length > 0) {
    body = await app.store.read(target.key, { start, end });
    if (!body) return notFound(reply);
  }
  withHeaders().header('content-length', String(length));
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${target.size}`);
  return reply.send(body ?? undefined);
}

interface Target {
  key: string;
  size: number;
  contentType: string;
  fileName: string;
  variant: 'full' | 'thumb' | 'large';
}

/** The full object, or its thumbnail or large webp (falling back to the full object when there is none). */
async function objectToServe(
  app: FastifyInstance,
  row: UploadRow,
  wanted: Target['variant'],
): Promise<Target | null> {
  const fileName = row.fileName ?? row.id;
  const key = wanted === 'thumb' ? row.thumbnailKey : wanted === 'large' ? row.largeKey : null;
  if (key) {
    const head = await app.store.head(key);
    if (head) {
      return {
        key,
        size: head.size,
        contentType: 'image/webp',
        fileName: `${fileName.replace(/\.[^.]*$/, '')}-${wanted}.webp`,
        variant: wanted,
      };
    }
  }
  let size = row.size;
  if (size === null) {
    const head = await app.store.head(row.key);
    if (!head) return null;
    size = head.size;
  }
  const stored = (row.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return {
    key: row.key,
    size,
    contentType: KNOWN_TYPES.has(stored) ? stored : 'application/octet-stream',
    fileName,
    variant: 'full',
  };
}

/** Images (SVG under the sandbox CSP), video, audio and PDFs open in the browser; the rest download. */
export const servedInline = (contentType: string) =>
  /^(image|video|audio)\//.test(contentType) || contentType === 'application/pdf';

/**
 * A display name that is safe in a header and as a saved file: no control, bidi-override or zero-width
 * characters, no double quotes, path separators (and `:`) turned into underscores, no leading dots.
 */
export function sanitiseFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f"\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[/\\:]/g, '_')
    .replace(/^[\s.]+/, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'download';
}

/** RFC 6266: an ASCII `filename` for old clients and a UTF-8 `filename*` (RFC 8187) for the rest. */
export function contentDisposition(name: string, inline: boolean): string {
  const safe = sanitiseFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]|%/g, '_');
  const encoded = encodeURIComponent(safe).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** If-None-Match (weak comparison, as RFC 9110 asks for it): true when the client's copy is current. */
export function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * One byte range of RFC 9110 (`bytes=a-b`, `bytes=a-`, `bytes=-n`), clamped to the object. Null when there
 * is none or it cannot be used (malformed, several ranges: the whole object is sent); 'unsatisfiable' when
 * it starts past the end (416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return null;
  const [, from, to] = m as unknown as [string, string, string];
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}
