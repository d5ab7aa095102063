// GET /api/openapi.json (the document) and GET /api/docs (the document drawn as plain HTML by docs.js and
// docs.css, files of this folder loaded only on that page). No sign-in: it documents the API, it exposes no data.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../auth/cookies.ts';
import { buildOpenApiDocument, type RouteCatalog } from './document.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { version } = JSON.parse(readFileSync(path.join(here, '../../package.json'), 'utf8')) as {
  version: string;
};

// The shell: docs.js fills <main> from /api/openapi.json. No inline script or style (the app's CSP holds).
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Threadline</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="/api/docs/docs.css">
<script src="/api/docs/docs.js" defer></script>
</head>
<body>
<a class="skip" href="#operations">Skip to the operations</a>
<main id="main">
<h1>Threadline API reference</h1>
<p id="status" role="status">Loading the reference…</p>
</main>
</body>
</html>
`;

/** The page's files: read and gzipped once, on first use. */
const ASSETS = {
  'docs.css': { file: path.join(here, 'docs.css'), type: 'text/css; charset=utf-8' },
  'docs.js': { file: path.join(here, 'docs.js'), type: 'text/javascript; charset=utf-8' },
} as const;

type Body = { plain: Buffer; gzip: Buffer };
const gzipped = promisify(gzip);
// Promises, so parallel first requests share one read and one compression (off the event loop).
const cache = new Map<string, Promise<Body>>();
const load = (key: string, read: () => Promise<Buffer>): Promise<Body> => {
  let body = cache.get(key);
  if (!body) {
    body = read().then(async (plain) => ({ plain, gzip: await gzipped(plain) }));
    cache.set(key, body);
  }
  return body;
};

function send(request: FastifyRequest, reply: FastifyReply, type: string, body: Body) {
  reply.type(type).header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(body.gzip);
  }
  return reply.send(body.plain);
}

export async function openApiRoutes(app: FastifyInstance, opts: { catalog: RouteCatalog }) {
  // Built at the first request, once every route is registered; this app's own (tests build several).
  let document: Promise<Body> | undefined;
  const build = async () => {
    const plain = Buffer.from(
      JSON.stringify(
        buildOpenApiDocument(opts.catalog.list(), {
          version,
          serverUrl: app.config.publicUrl,
          cookieName: sessionCookieName(app.config),
        }),
      ),
    );
    return { plain, gzip: await gzipped(plain) };
  };
  app.get(
    '/api/openapi.json',
    { schema: { summary: 'This API reference as an OpenAPI 3.1 document', tags: ['reference'] } },
    async (request, reply) => {
      document ??= build();
      return send(request, reply, 'application/json; charset=utf-8', await document);
    },
  );

  app.get(
    '/api/docs',
    { schema: { summary: 'This API reference, rendered as a page', tags: ['reference'] } },
    async (request, reply) =>
      send(request, reply, 'text/html; charset=utf-8', await load('page', async () => Buffer.from(PAGE))),
  );

  for (const [name, asset] of Object.entries(ASSETS)) {
    app.get(
      `/api/docs/${name}`,
      { schema: { summary: `A file of the rendered reference (${name})`, tags: ['reference'] } },
      async (request, reply) =>
        send(request, reply, asset.type, await load(name, () => readFile(asset.file))),
    );
  }
}
