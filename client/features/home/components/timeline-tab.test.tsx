import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimelineListItem } from '../../../../common/schemas/timeline.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { PREF_KEYS } from '../hooks/use-dashboard-prefs.ts';
import { button, cleanup, render, typeInto } from '../test/render.tsx';
import { TimelineTab } from './timeline-tab.tsx';

const item = (over: Partial<TimelineListItem>): TimelineListItem => ({
  id: crypto.randomUUID(),
  name: 'Untitled',
  description: null,
  state: 'active',
  role: 'participant',
  memberCount: 1,
  joinCode: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  archivedAt: null,
  deletedAt: null,
  archiverUser: null,
  appearance: null,
  ...over,
});

function renderTab(filter: 'active' | 'archived' | 'deleted', items: TimelineListItem[], extra = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(timelineKeys.list(filter), items);
  return render(<TimelineTab filter={filter} unreadById={new Map()} pendingById={new Map()} {...extra} />, {
    queryClient,
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('TimelineTab', () => {
  it('shows the owner card with code, badges and actions, and opens the threadline', () => {
    const mine = item({ name: 'Garden Club', role: 'owner', joinCode: 'ABCD2345', memberCount: 3 });
    const { container, history } = renderTab('active', [mine], {
      unreadById: new Map([[mine.id, { timelineId: mine.id, unreadPostCount: 120, unreadCommentCount: 2 }]]),
      pendingById: new Map([[mine.id, 2]]),
    });
    expect(container.textContent).toContain('Garden Club');
    expect(container.textContent).toContain('3 members');
    expect(container.querySelector('[data-testid="join-code"]')?.textContent).toBe('ABCD2345');
    expect(container.textContent).toContain('99+ unread posts');
    expect(container.textContent).toContain('2 unread comments');
    expect(button(container, /2 pending join requests/)).toBeDefined();
    expect(button(container, 'Archive Garden Club')).toBeDefined();
    act(() => button(container, 'Open Garden Club')!.click());
    expect(history.at(-1)).toBe(`/timeline/${mine.id}`);
  });

  it('tells a member who archived a threadline and keeps Open disabled', () => {
    const archived = item({
      name: 'Old Trip',
      state: 'archived',
      archivedAt: '2025-03-04T12:00:00.000Z',
      archiverUser: { displayName: null, firstName: 'Ada', email: null },
    });
    const { container } = renderTab('archived', [archived]);
    expect(container.textContent).toContain('Archived by Ada');
    expect(button(container, 'Open Old Trip')!.disabled).toBe(true);
    expect(button(container, /Restore/)).toBeUndefined();
  });

  it('strikes deleted cards through (by class) and disables Open and copy', () => {
    const gone = item({ name: 'Gone', state: 'deleted', role: 'owner', joinCode: 'ZZZZ2345' });
    const { container } = renderTab('deleted', [gone]);
    expect(container.querySelector('h3')!.className).toContain('line-through');
    expect(button(container, 'Open Gone')!.disabled).toBe(true);
    expect(button(container, 'Copy join code')!.disabled).toBe(true);
  });

  it('searches after the debounce, counts results, and clears', () => {
    vi.useFakeTimers();
    const { container } = renderTab('active', [
      item({ name: 'Garden Club', description: 'Tomatoes' }),
      item({ name: 'Book Club' }),
    ]);
    const search = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    typeInto(search, '  TOMATO ');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(300));
    expect(container.querySelectorAll('li')).toHaveLength(1);
    expect(container.textContent).toContain('1 result');
    expect(localStorage.getItem(PREF_KEYS.search('active'))).toBe('"  TOMATO "');

    typeInto(search, 'nothing like it');
    act(() => vi.advanceTimersByTime(300));
    expect(container.textContent).toContain('No results found');
    act(() => button(container, 'Clear Search')!.click());
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(search.value).toBe('');
  });

  it('restores the remembered search of its tab', () => {
    localStorage.setItem(PREF_KEYS.search('active'), JSON.stringify('book'));
    const { container } = renderTab('active', [item({ name: 'Garden Club' }), item({ name: 'Book Club' })]);
    expect(container.querySelector<HTMLInputElement>('input[type="search"]')!.value).toBe('book');
    expect(container.querySelectorAll('li')).toHaveLength(1);
  });

  it('shows the empty state of the tab without search or sort', () => {
    const { container } = renderTab('archived', []);
    expect(container.textContent).toContain('No archived threadlines');
    expect(container.querySelector('input[type="search"]')).toBeNull();
  });
});
