import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotifyLevel } from '../../../../common/notifications.ts';
import type { TimelineDetail } from '../../../../common/schemas/timeline.ts';
import { toast } from '../../../lib/use-toast.ts';
import { cleanup, jsonResponse, render, waitFor } from '../../home/test/render.tsx';
import { NotifyLevelDialog } from './notify-level-dialog.tsx';

vi.mock('../../../lib/use-toast.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/use-toast.ts')>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

const TL = '00000000-0000-4000-8000-000000000001';
const timeline = { id: TL, name: 'Garden Club', role: 'participant', state: 'active' } as TimelineDetail;

function setup(level: NotifyLevel = 'mentions', { failPut = false } = {}) {
  let stored = level;
  const puts: unknown[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url !== `/api/timelines/${TL}/notify-level`) return jsonResponse({ message: 'Not found' }, 404);
    if (init?.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      if (failPut) return jsonResponse({ message: 'Timeline not found' }, 404);
      stored = (puts.at(-1) as { level: NotifyLevel }).level;
    }
    return jsonResponse({ level: stored });
  });
  vi.stubGlobal('fetch', fetch);
  render(<NotifyLevelDialog open onOpenChange={() => {}} timeline={timeline} />);
  return { fetch, puts };
}

const radio = (label: string) =>
  [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) =>
    r.closest('label')?.textContent?.startsWith(label),
  )!;

describe('NotifyLevelDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(toast).mockClear();
  });

  it('reads the level when opened and shows the three choices, the saved one checked', async () => {
    setup('all');
    await waitFor(() => expect(radio('Every post').checked).toBe(true));
    expect(radio('Mentions and replies').checked).toBe(false);
    expect(radio('Nothing').checked).toBe(false);
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(
      'Direct messages always notify you, and unread badges show either way.',
    );
    // Each choice is described by what it means.
    const hint = document.getElementById(radio('Nothing').getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe(
      'Nothing from this threadline, not even mentions. Its unread badges still show.',
    );
  });

  it('saves a choice at once (PUT {level}) with a toast', async () => {
    const { puts } = setup('mentions');
    await waitFor(() => expect(radio('Mentions and replies').checked).toBe(true));
    act(() => radio('Nothing').click());
    await waitFor(() => expect(radio('Nothing').checked).toBe(true));
    await waitFor(() => expect(puts).toEqual([{ level: 'none' }]));
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Notifications updated',
          description: expect.stringMatching(/^Nothing: /),
        }),
      ),
    );
  });

  it('puts the saved choice back when saving fails, and says so', async () => {
    const { puts } = setup('mentions', { failPut: true });
    await waitFor(() => expect(radio('Mentions and replies').checked).toBe(true));
    act(() => radio('Every post').click());
    await waitFor(() => expect(puts).toHaveLength(1));
    await waitFor(() =>
      expect(vi.mocked(toast)).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive' })),
    );
    expect(radio('Mentions and replies').checked).toBe(true);
  });
});
