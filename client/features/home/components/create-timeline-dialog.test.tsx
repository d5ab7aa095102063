import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../components/ui/toaster.tsx';
import { clearToasts } from '../../../lib/use-toast.ts';
import { button, cleanup, jsonResponse, render, typeInto, waitFor } from '../test/render.tsx';
import { CreateTimelineDialog, NAME_REQUIRED } from './create-timeline-dialog.tsx';

// An earlier file of this worker may have left a toast in the shared store.
beforeEach(() => act(() => clearToasts()));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const toasts = () => document.querySelectorAll('li');

describe('CreateTimelineDialog', () => {
  it('shows an empty name once, under the field (no toast), then opens the created threadline', async () => {
    const id = '6c1f3a1e-8a35-4d1c-9f59-3f0d4a1b2c3d';
    const fetch = vi.fn(async (url: string) =>
      url === '/api/timelines' ? jsonResponse({ id, joinCode: 'ABCD2345' }, 201) : jsonResponse([]),
    );
    vi.stubGlobal('fetch', fetch);
    const onOpenChange = vi.fn();
    const { history } = render(
      <>
        <CreateTimelineDialog open onOpenChange={onOpenChange} />
        <Toaster />
      </>,
    );
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    const name = dialog.querySelector<HTMLInputElement>('#create-timeline-name')!;

    typeInto(name, '   ');
    act(() => button(dialog, 'Create Threadline')!.click());
    expect(dialog.querySelector('#create-timeline-name-error')?.textContent).toBe(NAME_REQUIRED);
    expect(document.activeElement).toBe(name);
    // The message is in the page once: the inline error, not a toast as well.
    expect(document.body.textContent!.split(NAME_REQUIRED)).toHaveLength(2);
    expect(toasts()).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();

    typeInto(name, 'Garden Club');
    act(() => button(dialog, 'Create Threadline')!.click());
    await waitFor(() => expect(history.at(-1)).toBe(`/timeline/${id}`));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
