import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinRequest } from '../../../../common/schemas/timeline.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { stubPagedServer } from '../../../lib/test/paged-server.ts';
import { JoinRequestsPanel, type JoinRequestsPanelProps } from './join-requests-panel.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const TIMELINE_ID = '00000000-0000-4000-8000-000000000001';
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function render(props: Omit<JoinRequestsPanelProps, 'timelineId'>) {
  await act(async () => {
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <JoinRequestsPanel timelineId={TIMELINE_ID} {...props} />
      </QueryClientProvider>,
    );
  });
}

describe('JoinRequestsPanel', () => {
  it('renders nothing and fetches nothing for participants and viewers', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await render({ isOwner: false, isModerator: false });
    expect(container.innerHTML).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows moderators the pending filter first, with its empty state', async () => {
    const fetchMock = vi.fn(
      async () => new Response('[]', { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await render({ isOwner: false, isModerator: true });
    // The list arrives a few ticks later: flush React until the empty state shows.
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(container.textContent).toContain('No pending join requests');
    });
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/timelines/${TIMELINE_ID}/join-requests?status=pending`,
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
    const pressed = container.querySelector('button[aria-pressed="true"]');
    expect(pressed?.textContent).toBe('Pending');
    expect(container.textContent).toContain('No pending join requests');
  });

  it('pages the requests: 50, then Load more adds the next 50 and focus goes to the first new one', async () => {
    const request = (i: number): JoinRequest => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      timelineId: TIMELINE_ID,
      status: 'pending',
      message: null,
      responseMessage: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      processedAt: null,
      user: {
        id: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
        displayName: `Person ${i}`,
        firstName: null,
        lastName: null,
        email: null,
        profileImageUrl: null,
        bio: null,
      },
    });
    const path = `/api/timelines/${TIMELINE_ID}/join-requests`;
    const server = stubPagedServer(
      path,
      Array.from({ length: 70 }, (_, i) => request(i + 1)),
    );
    await render({ isOwner: true, isModerator: false });
    // 50 cards take over waitFor's default second to draw on a loaded machine (seen in CI).
    const PAGE_WAIT = { timeout: 10_000 };
    const cards = () => container.querySelectorAll('ul[aria-label="Pending join requests"] > li');
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(cards()).toHaveLength(50);
    }, PAGE_WAIT);
    const more = () =>
      [...container.querySelectorAll('button')].find((b) => b.textContent === 'Load more requests');
    more()!.focus();
    await act(async () => more()!.click());
    await vi.waitFor(async () => {
      await act(async () => {});
      expect(cards()).toHaveLength(70);
    }, PAGE_WAIT);
    expect(server.calls).toEqual([`${path}?status=pending`, `${path}?status=pending&cursor=after-50`]);
    expect(more()).toBeUndefined();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Select request from Person 51');
    // Select all covers every loaded request.
    expect(container.querySelector('label[for="join-requests-select-all"]')?.textContent).toBe(
      'Select All (0/70)',
    );
  });
});
