// drizzle wraps driver errors; the PostgreSQL code and constraint sit on `cause` (PGlite's class is minified).
export interface PgErrorInfo {
  code?: string;
  constraint?: string;
}

export function pgError(err: unknown): PgErrorInfo {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code)) {
      return { code: o.code, constraint: typeof o.constraint === 'string' ? o.constraint : undefined };
    }
    e = o.cause;
  }
  return {};
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const info = pgError(err);
  return info.code === '23505' && (!constraint || info.constraint === constraint);
};

/** Network errors of a lost or refused database connection (node:net codes, not SQLSTATE). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** pg's own messages when a connection drops or cannot be made in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * True when the database cannot be reached (refused, dropped, timed out, shutting down): the request
 * should get 503, not 500. SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, cannot
 * connect now), 53300 (too many connections).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof o.code === 'string' ? o.code : '';
    if (NETWORK_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (typeof o.message === 'string' && DRIVER_MESSAGES.some((m) => (o.message as string).includes(m))) {
      return true;
    }
    // The S3 client's socket timeout (a store that accepts connections and never answers).
    if (o.name === 'TimeoutError') return true;
    // net's AggregateError (IPv4 and IPv6 both refused) carries the codes on its members.
    if (Array.isArray(o.errors) && o.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = o.cause;
  }
  return false;
}
