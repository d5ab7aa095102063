// The /search page: the searcher's plan decides (upgrade card on free, nothing to buy with billing off),
// results with their threadline, highlighted excerpt and link to the post, and Load more via nextCursor.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '../../../../common/schemas/search.ts';
import { META_QUERY_KEY, USER_QUERY_KEY } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { button, cleanup, jsonResponse, render, waitFor } from '../../home/test/render.tsx';
import { SearchPage } from './search-page.tsx';

// The header needs messaging and unread counts; they are not what is tested here.
vi.mock('../../../components/page-layout.tsx', () => ({
  SignedInLayout: ({ children }: { children: React.ReactNode }) => <main>{children}</main>,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TL = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const author = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  displayName: 'Ada',
  firstName: null,
  lastName: null,
  email: null,
  profileImageUrl: null,
};
const result = (id: string, excerpt: string) => ({
  kind: 'post' as const,
  timeline: { id: TL, name: 'Garden' },
  post: {
    id,
    timelineId: TL,
    type: 'text' as const,
    content: 'x',
    mediaUrl: null,
    mediaUrls: null,
    fileName: null,
    fileNames: null,
    fileSize: null,
    fileSizes: null,
    media: null,
    createdAt: '2026-01-02T10:00:00.000000Z',
    deletedAt: null,
    editedAt: null,
    author,
    reactionCounts: {},
    myReactions: [],
    commentCount: 0,
    latestComment: null,
    isPinned: false,
    mentions: [],
  },
  excerpt,
});

function renderPage(plan: 'free' | 'pro', billingProvider: 'sandbox' | 'off', path = '/search?q=pie') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(META_QUERY_KEY, {
    authProvider: 'local',
    billingProvider,
    stripePublishableKey: null,
  });
  queryClient.setQueryData(USER_QUERY_KEY, { id: author.id, plan, email: 'a@example.test' });
  queryClient.setQueryData(timelineKeys.list(), []);
  return render(<SearchPage />, { queryClient, path });
}

describe('SearchPage', () => {
  it('shows the upgrade card instead of results on the free plan, and asks nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { container } = renderPage('free', 'sandbox');
    expect(container.querySelector('[data-testid="upgrade-card-advancedSearch"]')).not.toBeNull();
    expect(container.querySelector('[aria-label="Search results"]')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('searches for a free user when billing is off, and pages with nextCursor', async () => {
    const pages: SearchResponse[] = [
      {
        results: [result('11111111-1111-4111-8111-111111111111', 'a <mark>pie</mark> &lt;b&gt;')],
        nextCursor: 'c1',
      },
      { results: [result('22222222-2222-4222-8222-222222222222', '<mark>pie</mark> two')], nextCursor: null },
    ];
    const fetch = vi.fn(async (url: string) => jsonResponse(pages[url.includes('cursor=c1') ? 1 : 0]));
    vi.stubGlobal('fetch', fetch);
    const { container } = renderPage('free', 'off');
    await waitFor(() => expect(container.querySelectorAll('[data-testid="search-result"]')).toHaveLength(1));
    expect(container.querySelector('[data-testid="upgrade-card-advancedSearch"]')).toBeNull();
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/search?q=pie');
    const first = container.querySelector<HTMLAnchorElement>('[data-testid="search-result"]')!;
    expect(first.getAttribute('href')).toBe(`/timeline/${TL}?post=11111111-1111-4111-8111-111111111111`);
    expect(first.textContent).toContain('Garden');
    expect(first.textContent).toContain('a pie <b>');
    expect(first.querySelector('mark')!.textContent).toBe('pie');
    expect(first.querySelector('b')).toBeNull();
    act(() => button(container, 'Load More Results')!.click());
    await waitFor(() => expect(container.querySelectorAll('[data-testid="search-result"]')).toHaveLength(2));
    expect(button(container, 'Load More Results')).toBeUndefined();
  });

  it('turns the server’s plan refusal into the upgrade card', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { message: 'Advanced search is part of Pro and Community', planUpgradeRequired: true },
          403,
        ),
      ),
    );
    const { container } = renderPage('pro', 'sandbox');
    await waitFor(() =>
      expect(container.querySelector('[data-testid="upgrade-card-advancedSearch"]')).not.toBeNull(),
    );
  });
});
