// Refuses state-changing calls (and the websocket upgrade) that a browser sends from another site.
import type { FastifyRequest } from 'fastify';

export function allowedOrigins(request: FastifyRequest, publicUrl: string | undefined): Set<string> {
  const origins = new Set<string>();
  if (publicUrl) origins.add(new URL(publicUrl).origin);
  const host = request.headers.host;
  if (host) origins.add(`${request.protocol}://${host}`);
  return origins;
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
