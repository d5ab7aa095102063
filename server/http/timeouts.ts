// Slow clients (DECISIONS §3, issue 23): a client that sends part of a request and then nothing must not hold
// a connection forever (Fastify's requestTimeout is 0). Three limits:
//   - idle: a connection with no bytes either way for HTTP_IDLE_TIMEOUT_MS is closed (Node's socket timeout).
//     For an upload this is a per-chunk timeout: a slow phone that keeps sending is never cut off;
//   - headers: the request line and headers must arrive within HTTP_HEADERS_TIMEOUT_MS (Node's headersTimeout);
//   - body: a parsed body (JSON, a few KB at most) must arrive whole within HTTP_BODY_TIMEOUT_MS, counted until
//     preValidation. Routes that stream a large body in their handler (the local store's byte endpoints, whose
//     parser reads nothing) reach preValidation at once, so only the idle timeout applies to an upload.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** Fastify's server options for the connection-level limits. */
export const serverTimeouts = ({ http }: Config) => ({
  connectionTimeout: http.idleTimeoutMs,
  keepAliveTimeout: http.keepAliveTimeoutMs,
  http: {
    headersTimeout: http.headersTimeoutMs,
    // Node checks incomplete headers this often (30 s by default, longer than the limit itself).
    connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(http.headersTimeoutMs / 4))),
  },
});

const deadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>();

const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

function clear(request: FastifyRequest) {
  const timer = deadlines.get(request);
  if (timer) clearTimeout(timer);
  deadlines.delete(request);
}

/** A body that has not arrived whole in time closes the connection (no answer can follow half a body). */
export function bodyDeadline(app: FastifyInstance, { http }: Config) {
  app.addHook('onRequest', async (request) => {
    if (!hasBody(request)) return;
    const timer = setTimeout(() => {
      request.log.info({ timeoutMs: http.bodyTimeoutMs }, 'request body too slow: connection closed');
      request.raw.socket?.destroy();
    }, http.bodyTimeoutMs);
    timer.unref();
    deadlines.set(request, timer);
  });
  // The body has been read by preValidation; an answer or an abort ends it too.
  app.addHook('preValidation', async (request) => clear(request));
  app.addHook('onResponse', async (request) => clear(request));
  app.addHook('onRequestAbort', async (request) => clear(request));
}
