// The server starts a page's first reads with its HTML (common/first-load.ts); the browser hands those
// answers only to a fetch of the very same URL, so each must be what the client's own query asks for.
import { describe, expect, it } from 'vitest';
import { pageReads } from '../../common/first-load.ts';
import { feedUrl } from '../features/timeline/lib/feed-pages.ts';
import { conversationKeys } from './conversation-keys.ts';
import { timelineKeys, timelineListUrl } from './timeline-keys.ts';

const ID = '3f0e2b6c-9a1d-4c8e-8f00-0123456789ab';
/** The default query function's URL: the key's segments joined with '/'. */
const joined = (key: readonly string[]) => key.join('/');

describe('pageReads', () => {
  it("names the URLs the client's queries fetch on the dashboard and a threadline", () => {
    expect(pageReads('/')).toEqual([
      timelineListUrl('active'),
      timelineKeys.unreadCounts[0],
      timelineKeys.pendingSummary[0],
      conversationKeys.unreadCount[0],
    ]);
    expect(pageReads(`/timeline/${ID}`)).toEqual([
      joined(timelineKeys.detail(ID)),
      timelineListUrl(),
      feedUrl(ID, 'all'),
    ]);
    // Not a threadline's id (the page shows not found), and pages that read nothing more at first.
    for (const path of ['/timeline/3f0e', `/timeline/${ID}/x`, '/messages'])
      expect(pageReads(path)).toEqual([]);
  });
});
