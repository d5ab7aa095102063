import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyJoinRequest } from '../../../../common/schemas/timeline.ts';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { button, cleanup, jsonResponse, render, waitFor } from '../../home/test/render.tsx';
import { MyRequestsPage } from './my-requests-page.tsx';
import { RETRACT_TEXT } from './retract-request-dialog.tsx';

// The header needs the signed-in user and installation facts; they are not what is tested here.
vi.mock('../../../components/page-layout.tsx', () => ({
  SignedInLayout: ({ children }: { children: React.ReactNode }) => <main>{children}</main>,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const base = {
  message: null,
  responseMessage: null,
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  processedAt: null,
};
const requests: MyJoinRequest[] = [
  {
    ...base,
    id: '11111111-1111-4111-8111-111111111111',
    timelineId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    timeline: { name: 'Garden', description: 'Tomatoes', deletedAt: null, archivedAt: null },
    status: 'pending',
    message: 'Hi, I am Ada',
  },
  {
    ...base,
    id: '22222222-2222-4222-8222-222222222222',
    timelineId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    timeline: { name: 'Books', description: null, deletedAt: null, archivedAt: null },
    status: 'approved',
    responseMessage: 'Welcome!',
    processedAt: new Date(Date.now() - 120_000).toISOString(),
  },
];

function renderPage(data: MyJoinRequest[]) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(timelineKeys.myJoinRequests, data);
  return render(<MyRequestsPage />, { queryClient, path: '/my-requests' });
}

describe('MyRequestsPage', () => {
  it('lists requests with their badges, messages, times and actions', () => {
    const { container, history } = renderPage(requests);
    const text = container.textContent ?? '';
    expect(text).toContain('Your message:');
    expect(text).toContain('Hi, I am Ada');
    expect(text).toContain('Response from threadline owner:');
    expect(text).toContain('Requested 3 hours ago');
    expect(text).toContain('Approved 2 minutes ago');
    expect(text).toMatch(/Threadline: Active.*Request: Pending/);
    expect(button(container, 'Cancel Request to join Garden')).toBeDefined();
    expect(button(container, /Cancel Request to join Books/)).toBeUndefined();
    act(() => button(container, 'View Books')!.click());
    expect(history.at(-1)).toBe('/timeline/bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
  });

  it('confirms before retracting, then calls DELETE', async () => {
    // DELETE answers; the refetch that follows gets the list without the retracted request.
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'DELETE'
        ? jsonResponse({ message: 'Request retracted' })
        : jsonResponse(requests.slice(1)),
    );
    vi.stubGlobal('fetch', fetch);
    const { container } = renderPage(requests);
    act(() => button(container, 'Cancel Request to join Garden')!.click());
    // The confirmation's code loads when it first opens.
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).not.toBeNull());
    const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Cancel Join Request');
    expect(dialog.textContent).toContain(RETRACT_TEXT);
    expect(button(dialog, 'Keep Request')).toBeDefined();
    await act(async () => button(dialog, 'Cancel Request')!.click());
    expect(fetch).toHaveBeenCalledWith(
      '/api/join-requests/11111111-1111-4111-8111-111111111111',
      expect.objectContaining({ method: 'DELETE' }),
    );
    await waitFor(() => expect(button(container, /Cancel Request to join Garden/)).toBeUndefined());
  });

  it('shows the empty state with a way back', () => {
    const { container, history } = renderPage([]);
    expect(container.textContent).toContain('No join requests found');
    act(() => button(container, 'Explore Threadlines')!.click());
    expect(history.at(-1)).toBe('/');
  });
});
