import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { ALREADY_MEMBER } from '../api/join-timeline.ts';
import { button, cleanup, jsonResponse, render, typeInto, waitFor } from '../test/render.tsx';
import { JoinTimelineDialog } from './join-timeline-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('JoinTimelineDialog', () => {
  it('upper-cases the code, asks for one when empty, and shows Request Pending when approval is needed', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse({
        requiresApproval: true,
        status: 'pending',
        message: 'Your request has been sent.',
        timeline: { id: '6c1f3a1e-8a35-4d1c-9f59-3f0d4a1b2c3d' },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    render(<JoinTimelineDialog open onOpenChange={() => {}} />);
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Join Threadline');

    act(() => button(dialog, 'Join Threadline')!.click());
    expect(dialog.textContent).toContain('Please enter a threadline code');
    expect(fetch).not.toHaveBeenCalled();

    const code = dialog.querySelector<HTMLInputElement>('#join-timeline-code')!;
    typeInto(code, 'abcd2345');
    expect(code.value).toBe('ABCD2345');
    act(() => button(dialog, 'Join Threadline')!.click());
    await waitFor(() => expect(dialog.textContent).toContain('Request Pending'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/timelines/join',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ joinCode: 'ABCD2345' }) }),
    );
    expect(dialog.textContent).toContain('Request Pending');
    expect(dialog.textContent).toContain('Your request has been sent.');
    expect(code.value).toBe('');
  });

  it('opens a threadline the user is already in and says so, with no success toast', async () => {
    const id = '6c1f3a1e-8a35-4d1c-9f59-3f0d4a1b2c3d';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ requiresApproval: false, status: 'already_member', timeline: { id } }),
      ),
    );
    const onOpenChange = vi.fn();
    const { history } = render(
      <>
        <JoinTimelineDialog open onOpenChange={onOpenChange} />
        <Toaster />
      </>,
    );
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    typeInto(dialog.querySelector<HTMLInputElement>('#join-timeline-code')!, 'abcd2345');
    act(() => button(dialog, 'Join Threadline')!.click());
    await waitFor(() => expect(history.at(-1)).toBe(`/timeline/${id}`));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(document.body.textContent).toContain(ALREADY_MEMBER));
    expect(document.body.textContent).not.toContain('Joined threadline successfully!');
  });
});
