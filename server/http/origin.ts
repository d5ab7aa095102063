// Refuses state-changing calls (and the websocket upgrade) that a browser sends from another site.
import type { FastifyRequest } from 'fastify';

/** With PUBLIC_URL, its origin alone: the Host header is the client's to forge (DECISIONS §3). */
export function allowedOrigins(request: FastifyRequest, publicUrl: string | undefined): Set<string> {
  if (publicUrl) return new Set([new URL(publicUrl).origin]);
  const host = request.headers.host;
  return new Set(host ? [`${request.protocol}://${host}`] : []);
}

/** True when the request plainly comes from another site. Requests without either header are not from a browser page. */
export function isCrossSite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    return origin === 'null' || !allowedOrigins(request, publicUrl).has(origin);
  }
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}
