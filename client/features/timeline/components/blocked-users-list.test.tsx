// The Blocked list page by page (issue 23): 50 first, "Load more blocked users" while the server has more,
// focus moved to the first new item after a load, the button gone after the last page, a failed page
// retried from the same button, and an invalidation (unblock) reloading every page loaded.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlockedUser } from '../../../../common/schemas/timeline.ts';
import { stubPagedServer } from '../../../lib/test/paged-server.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { button, cleanup, render, waitFor } from '../../home/test/render.tsx';
import { BlockedUsersList } from './blocked-users-list.tsx';

const TL = '00000000-0000-4000-8000-000000000001';
const PATH = `/api/timelines/${TL}/blocked-users`;

const blocked = (i: number): BlockedUser => ({
  userId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  user: {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    displayName: `Person ${i}`,
    firstName: null,
    lastName: null,
    email: null,
    profileImageUrl: null,
    bio: null,
  },
  blockedAt: '2026-03-01T10:00:00.000Z',
  reason: null,
});
const ALL = Array.from({ length: 120 }, (_, i) => blocked(i + 1));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rows = (c: HTMLElement) => c.querySelectorAll('ul[aria-label="Blocked users"] > li');
const loadMore = (c: HTMLElement) => button(c, 'Load more blocked users');
const unblockOf = (c: HTMLElement, i: number) => c.querySelector(`button[aria-label="Unblock Person ${i}"]`);

describe('BlockedUsersList, page by page', () => {
  it('loads 50, 50 and 20 with Load more; focus goes to the first new item; no button after the last', async () => {
    const server = stubPagedServer(PATH, ALL);
    const { container } = render(<BlockedUsersList timelineId={TL} readOnly={false} />);
    await waitFor(() => expect(rows(container)).toHaveLength(50));
    expect(server.calls).toEqual([PATH]);

    // While the page loads the button stays focusable (aria-disabled) and a second press asks nothing more.
    server.hold = true;
    loadMore(container)!.focus();
    act(() => loadMore(container)!.click());
    await waitFor(() => expect(loadMore(container)!.getAttribute('aria-disabled')).toBe('true'));
    act(() => loadMore(container)!.click());
    expect(document.activeElement).toBe(loadMore(container));
    server.hold = false;
    await act(async () => server.release());
    await waitFor(() => expect(rows(container)).toHaveLength(100));
    expect(server.calls).toEqual([PATH, `${PATH}?cursor=after-50`]);
    expect(document.activeElement).toBe(unblockOf(container, 51));

    loadMore(container)!.focus();
    act(() => loadMore(container)!.click());
    await waitFor(() => expect(rows(container)).toHaveLength(120));
    expect(loadMore(container)).toBeUndefined();
    // The button left with the last page; focus did not fall to the body but to item 101.
    expect(document.activeElement).toBe(unblockOf(container, 101));
    const names = [...rows(container)].map((li) => li.querySelector('p')!.textContent);
    expect(names).toEqual(ALL.map((b) => b.user.displayName));
  });

  it('read-only (archived): the new item itself takes focus', async () => {
    stubPagedServer(PATH, ALL);
    const { container } = render(<BlockedUsersList timelineId={TL} readOnly />);
    await waitFor(() => expect(rows(container)).toHaveLength(50));
    loadMore(container)!.focus();
    act(() => loadMore(container)!.click());
    await waitFor(() => expect(rows(container)).toHaveLength(100));
    expect(document.activeElement).toBe(rows(container)[50]);
    expect(rows(container)[50]!.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves focus alone when the user moved it elsewhere meanwhile', async () => {
    const server = stubPagedServer(PATH, ALL);
    const { container } = render(
      <>
        <input aria-label="Elsewhere" />
        <BlockedUsersList timelineId={TL} readOnly={false} />
      </>,
    );
    await waitFor(() => expect(rows(container)).toHaveLength(50));
    server.hold = true;
    loadMore(container)!.focus();
    act(() => loadMore(container)!.click());
    const elsewhere = container.querySelector('input')!;
    elsewhere.focus();
    server.hold = false;
    await act(async () => server.release());
    await waitFor(() => expect(rows(container)).toHaveLength(100));
    expect(document.activeElement).toBe(elsewhere);
  });

  it('a failed page says so and keeps the button (and focus) to try again', async () => {
    const server = stubPagedServer(PATH, ALL);
    const { container } = render(<BlockedUsersList timelineId={TL} readOnly={false} />);
    await waitFor(() => expect(rows(container)).toHaveLength(50));
    server.failNext = true;
    loadMore(container)!.focus();
    act(() => loadMore(container)!.click());
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe('Could not load more.'),
    );
    expect(rows(container)).toHaveLength(50);
    expect(document.activeElement).toBe(loadMore(container));
    act(() => loadMore(container)!.click());
    await waitFor(() => expect(rows(container)).toHaveLength(100));
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('an invalidation of the key (after an unblock) reloads every page loaded so far', async () => {
    const server = stubPagedServer(PATH, ALL);
    const { container, queryClient } = render(<BlockedUsersList timelineId={TL} readOnly={false} />);
    await waitFor(() => expect(rows(container)).toHaveLength(50));
    act(() => loadMore(container)!.click());
    await waitFor(() => expect(rows(container)).toHaveLength(100));
    server.all = ALL.slice(1);
    server.calls = [];
    await act(() => queryClient.invalidateQueries({ queryKey: timelineKeys.blocked(TL) }));
    await waitFor(() => expect(rows(container)[0]!.textContent).toContain('Person 2'));
    expect(server.calls).toEqual([PATH, `${PATH}?cursor=after-50`]);
    expect(rows(container)).toHaveLength(100);
  });
});
