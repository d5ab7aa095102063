// One-click unsubscribe from notification mail and digests (issue 27; DECISIONS §10; RFC 8058), without zod
// so the client's page can import it; common/schemas/unsubscribe.ts holds the request and answer schemas.
// Types alone from notifications.ts: importing its values would pull it into a chunk shared with the
// notification screens, loaded by every signed-in page (vite-chunks.ts).
import type { MailKind } from './notifications.ts';

/** What one link turns off: one kind of notification mail (MAIL_KINDS, the same order), or the digest. */
export const UNSUBSCRIBE_KINDS = [
  'mentions',
  'messages',
  'joinRequests',
  'requestOutcomes',
  'digest',
] as const satisfies readonly (MailKind | 'digest')[];
export type UnsubscribeKind = MailKind | 'digest';

/** The API address mail programs POST to (List-Unsubscribe); a GET there leads to the page, never unsubscribes. */
export const UNSUBSCRIBE_API_PATH = '/api/notifications/unsubscribe';
/** The page the mail's visible link opens: it asks for a click before anything changes. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/**
 * A token as signed by the server: `{userId}.{kind}.{expires, unix seconds}.{HMAC-SHA256, base64url}`. The page
 * reads the kind from it only to say what the button does; the server checks the signature.
 */
export const UNSUBSCRIBE_TOKEN_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(mentions|messages|joinRequests|requestOutcomes|digest)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. You can choose what you get by e-mail on your profile.';
export const UNSUBSCRIBE_LINK_EXPIRED =
  'This unsubscribe link has expired. You can choose what you get by e-mail on your profile.';

const ABOUT: Record<MailKind, string> = {
  mentions: 'mentions and replies',
  messages: 'direct messages',
  joinRequests: 'join requests to manage',
  requestOutcomes: 'the outcome of your join requests',
};

/** What a link turns off, in words ("e-mail about direct messages", "the Threadline digest"). */
export function unsubscribeSubject(kind: UnsubscribeKind): string {
  return kind === 'digest' ? 'the Threadline digest' : `e-mail about ${ABOUT[kind]}`;
}

/** The answer once done (the same when it was already off, or the account no longer exists). */
export const unsubscribedMessage = (kind: UnsubscribeKind) =>
  `Done: you will no longer get ${unsubscribeSubject(kind)}.`;

/** The kind a token names, when it has a token's shape (null otherwise). */
export function unsubscribeKindOf(token: string): UnsubscribeKind | null {
  const match = UNSUBSCRIBE_TOKEN_PATTERN.exec(token);
  return match ? (match[2] as UnsubscribeKind) : null;
}
