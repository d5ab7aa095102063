// What every notification mail and digest carries (issue 27; RFC 8058): a one-click List-Unsubscribe for
// its kind, the page that link's visible twin opens, and the preferences.
import {
  UNSUBSCRIBE_API_PATH,
  UNSUBSCRIBE_PAGE_PATH,
  type UnsubscribeKind,
} from '../../common/unsubscribe.ts';
import type { UnsubscribeTokens } from './unsubscribe-tokens.ts';

export interface MailLinks {
  /** The profile, where the notification preferences are. */
  preferences: string;
  /** The unsubscribe page: one click there, never the link alone (mail scanners follow links). */
  unsubscribe: string;
  /** List-Unsubscribe and List-Unsubscribe-Post: mail programs post to the API themselves, no sign-in. */
  headers: Record<string, string>;
}

export function mailLinks(
  linkBase: string,
  tokens: UnsubscribeTokens,
  userId: string,
  kind: UnsubscribeKind,
  now: number,
): MailLinks {
  const token = tokens.sign(userId, kind, now);
  return {
    preferences: `${linkBase}/profile`,
    unsubscribe: `${linkBase}${UNSUBSCRIBE_PAGE_PATH}?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${linkBase}${UNSUBSCRIBE_API_PATH}?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
