// Object keys are made by the server (DECISIONS §7): `uploads/{id}` for an upload, `thumbs/{id}.webp` for
// its thumbnail and `thumbs/{id}-large.webp` for its large variant, `exports/{id}-{attempt}.zip` for a data
// export built in the background (never served under /objects). The object path the API answers and posts store is `/objects/uploads/{id}`.
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID_RE = new RegExp(`^${UUID}$`);

export const isUuid = (value: string) => UUID_RE.test(value);
export const uploadKey = (id: string) => `uploads/${id}`;
export const thumbnailKey = (id: string) => `thumbs/${id}.webp`;
export const largeImageKey = (id: string) => `thumbs/${id}-large.webp`;
export const objectPathFor = (id: string) => `/objects/${uploadKey(id)}`;
/** One attempt's ZIP: an attempt that lost its lease never overwrites the one that replaced it. */
export const exportKey = (id: string, attempt: number) => `exports/${id}-${attempt}.zip`;

/** The upload id in an object key `uploads/{id}`, or null. */
export function idFromKey(key: string): string | null {
  const match = new RegExp(`^uploads/(${UUID})$`).exec(key);
  return match ? match[1]! : null;
}

/**
 * The upload id an upload URL, multipart location, object path or key names: `uploads/{uuid}` or
 * `/put/{uuid}` anywhere in it (percent-decoded once; nothing else is trusted). Null when none.
 */
export function uploadIdFrom(reference: string): string | null {
  let text = reference;
  try {
    text = decodeURIComponent(reference);
  } catch {
    return null;
  }
  if (text.includes('..') || text.includes('\\')) return null;
  const match = new RegExp(`(?:^|/)(?:uploads|put)/(${UUID})(?=$|[/?#])`, 'i').exec(text);
  return match ? match[1]!.toLowerCase() : null;
}
