import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/queryClient.ts';
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
});
