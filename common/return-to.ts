// Where to go after sign-in (DECISIONS §2): a same-origin app path only, never an absolute URL.
const BASE = 'http://threadline.invalid';

/** `value` as a safe same-origin path (with its query and hash), or null. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  // "//host" and "/\host" are protocol-relative in browsers; control characters and backslashes have no place here.
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\p{Cc}]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  // Dot segments can normalise into "//host" ("/.//evil.com", "/%2e//evil.com"): the result is checked too.
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  if (url.pathname.startsWith('/api/') || url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
