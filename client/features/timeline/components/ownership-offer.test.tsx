// The ownership offer on the threadline page (issue 26, DECISIONS §10): the banner shows to the member offered
// alone; Accept makes them the owner (the page reads itself again and shows the owner's tools), Decline ends
// it; a plan that cannot hold the threadline gets the limit toast with Upgrade Plan. Each step reaches the
// other person's page live (timeline_updated role_changed): the page reads its data again.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../../common/roles.ts';
import type { Member, TimelinePageData } from '../../../../common/schemas/timeline.ts';
import { OWNERSHIP_ERRORS } from '../../../../common/timeline-errors.ts';
import {
  cleanup,
  button as findButton,
  jsonResponse as json,
  render,
  waitFor,
} from '../../home/test/render.tsx';
import { AUTHOR, AUTHOR_OWNER, ME, makeTimeline } from '../lib/test-posts.ts';
import { emit, update } from '../test/realtime.ts';
import { TimelinePage } from './timeline-page.tsx';

vi.mock('../../../lib/realtime/hooks.ts', () => import('../test/realtime.ts'));
const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/use-toast.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/use-toast.ts')>()),
  toast,
}));

const TL = makeTimeline().id;
const OTHER = '00000000-0000-4000-9000-0000000000cc';
const ME_MEMBER: Member = {
  userId: ME.id,
  role: 'participant',
  joinedAt: '2026-01-02T00:00:00Z',
  user: { ...ME, bio: null },
};

/** The page as the server shows it to ME: `role` theirs, the owner AUTHOR unless ME took over. */
function page(role: Role, pendingOwnerId: string | null): TimelinePageData {
  const ownerId = role === 'owner' ? ME.id : AUTHOR.id;
  const members: Member[] =
    role === 'owner'
      ? [
          { ...ME_MEMBER, role: 'owner' },
          { ...AUTHOR_OWNER, role: 'moderator' },
        ]
      : [AUTHOR_OWNER, { ...ME_MEMBER, role }];
  return {
    timeline: makeTimeline({
      role,
      ownerId,
      pendingOwnerId,
      joinCode: role === 'owner' ? 'ABCD2345' : null,
    }),
    member: { userId: ME.id, role, joinedAt: ME_MEMBER.joinedAt },
    members,
  };
}

type Answer = () => Response | Promise<Response>;

/** The server: GET of the page answers `state.page`; the transfer calls answer `state.transfer`. */
function stubServer(initial: TimelinePageData) {
  const state: { page: TimelinePageData; accept: Answer; decline: Answer; calls: string[] } = {
    page: initial,
    accept: () => json({ message: 'You are now the owner' }),
    decline: () => json({ message: 'Ownership offer withdrawn' }),
    calls: [],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      state.calls.push(`${method} ${url}`);
      if (url === '/api/auth/user') return json({ ...ME, plan: 'free' });
      if (url === `/api/timelines/${TL}` && method === 'GET') return json(state.page);
      if (url === `/api/timelines/${TL}/transfer/accept` && method === 'POST') return state.accept();
      if (url === `/api/timelines/${TL}/transfer` && method === 'DELETE') return state.decline();
      if (url.startsWith('/api/user/timelines') || url.startsWith(`/api/timelines/${TL}/posts`))
        return json([]);
      return json({});
    }),
  );
  return state;
}

function mount(initial: TimelinePageData) {
  const server = stubServer(initial);
  const { container, history, queryClient } = render(<TimelinePage id={TL} />, { path: `/timeline/${TL}` });
  return { server, container, history, queryClient };
}

const settle = (check: () => void) => waitFor(check, 3000);
const banner = () => document.querySelector<HTMLElement>('section[aria-label="Ownership offer"]');
const heading = () => document.querySelector('h1');
const ownerTools = () => document.querySelector('button[aria-label="Threadline settings"]');

/** Focus on a banner button, as keyboard users get there (the heading takes it back when the banner goes). */
function focusByKeyboard(el: HTMLElement) {
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
  el.focus();
}

afterEach(() => {
  cleanup();
  toast.mockReset();
  vi.unstubAllGlobals();
});

describe('the ownership offer on the threadline page', () => {
  it('shows to the member offered alone, naming the owner', async () => {
    mount(page('participant', ME.id));
    await settle(() => expect(banner()).not.toBeNull());
    expect(banner()!.textContent).toContain('Ada Lovelace offered you ownership of this threadline.');
    expect(findButton(banner()!, 'Accept')).toBeDefined();
    expect(findButton(banner()!, 'Decline')).toBeDefined();
    expect(banner()!.textContent).not.toMatch(/timeline/i);
    cleanup();

    for (const [role, pending] of [
      ['participant', OTHER],
      ['participant', null],
      ['moderator', OTHER],
    ] as const) {
      mount(page(role, pending));
      await settle(() => expect(heading()).not.toBeNull());
      // Give a lazily loaded banner the time it would take.
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(banner()).toBeNull();
      cleanup();
    }
  });

  it("Accept: the toast, and the page reads itself again and shows the owner's tools", async () => {
    const { server } = mount(page('participant', ME.id));
    await settle(() => expect(banner()).not.toBeNull());
    expect(ownerTools()).toBeNull();
    server.page = page('owner', null);
    const accept = findButton(banner()!, 'Accept')!;
    focusByKeyboard(accept);
    act(() => accept.click());
    await settle(() => expect(server.calls).toContain(`POST /api/timelines/${TL}/transfer/accept`));
    await settle(() => expect(banner()).toBeNull());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'You are now the owner' }));
    expect(ownerTools()).not.toBeNull();
    expect(findButton(document, 'Leave')).toBeUndefined();
    // The banner's buttons went with it: focus goes to the page's heading, not to nowhere.
    await settle(() => expect(document.activeElement).toBe(heading()));
  });

  it('Decline: the banner goes at once and focus moves to the heading', async () => {
    const { server } = mount(page('participant', ME.id));
    await settle(() => expect(banner()).not.toBeNull());
    const decline = findButton(banner()!, 'Decline')!;
    focusByKeyboard(decline);
    act(() => decline.click());
    await settle(() => expect(banner()).toBeNull());
    expect(server.calls).toContain(`DELETE /api/timelines/${TL}/transfer`);
    expect(toast).toHaveBeenCalledWith({
      title: 'Offer declined',
      description: 'Ada Lovelace stays the owner.',
    });
    await settle(() => expect(document.activeElement).toBe(heading()));
    expect(ownerTools()).toBeNull();
  });

  it('a plan that cannot hold the threadline: the limit toast with Upgrade Plan, and the offer stays', async () => {
    const { server, history } = mount(page('participant', ME.id));
    await settle(() => expect(banner()).not.toBeNull());
    server.accept = () =>
      json({ message: 'Timeline limit reached', planUpgradeRequired: true, limit: 10 }, 403);
    const accept = findButton(banner()!, 'Accept')!;
    focusByKeyboard(accept);
    act(() => accept.click());
    await settle(() => expect(toast).toHaveBeenCalled());
    const shown = toast.mock.calls[0]![0];
    expect(shown).toMatchObject({
      title: 'Threadline Limit Reached',
      description:
        "You've reached your plan limit of 10 threadlines. Upgrade to Pro for up to 100 threadlines, then accept again.",
      variant: 'destructive',
      action: { label: 'Upgrade Plan' },
    });
    // Busy, not disabled, while it ran: focus stays on it.
    await settle(() => expect(accept.getAttribute('aria-disabled')).toBeNull());
    expect(document.activeElement).toBe(accept);
    act(() => shown.action.onClick());
    expect(history.at(-1)).toBe('/billing');
  });

  it('the members limit names a plan that holds them all', async () => {
    const { server } = mount(page('participant', ME.id));
    await settle(() => expect(banner()).not.toBeNull());
    server.accept = () =>
      json({ message: 'Member limit reached', planUpgradeRequired: true, limit: 10 }, 403);
    act(() => findButton(banner()!, 'Accept')!.click());
    await settle(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Member Limit Reached',
          description:
            'This threadline has more members than your plan allows (up to 10 per threadline). Upgrade to Pro for up to 50 members per threadline, then accept again.',
        }),
      ),
    );
    expect(banner()).not.toBeNull();
  });

  it('an offer gone meanwhile: the server says so and the page reads itself again', async () => {
    const { server } = mount(page('participant', ME.id));
    await settle(() => expect(banner()).not.toBeNull());
    server.accept = () => json({ message: OWNERSHIP_ERRORS.noOffer }, 404);
    server.page = page('participant', null);
    act(() => findButton(banner()!, 'Accept')!.click());
    await settle(() => expect(banner()).toBeNull());
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: OWNERSHIP_ERRORS.noOffer,
      variant: 'destructive',
    });
  });
});

describe('ownership changes arrive live (role_changed)', () => {
  it("the member's page shows the offer when it is made and hides it when it is withdrawn", async () => {
    const { server } = mount(page('participant', null));
    await settle(() => expect(heading()).not.toBeNull());
    expect(banner()).toBeNull();
    server.page = page('participant', ME.id);
    act(() => emit('timeline_updated', update(TL, 'role_changed', { userId: ME.id })));
    await settle(() => expect(banner()).not.toBeNull());
    server.page = page('participant', null);
    act(() => emit('timeline_updated', update(TL, 'role_changed', { userId: ME.id })));
    await settle(() => expect(banner()).toBeNull());
  });

  it("the new owner's page after an accept elsewhere: the owner's tools; the old owner's: a moderator's", async () => {
    const { server } = mount(page('participant', ME.id));
    await settle(() => expect(banner()).not.toBeNull());
    server.page = page('owner', null);
    act(() => emit('timeline_updated', update(TL, 'role_changed', { userId: ME.id })));
    await settle(() => expect(ownerTools()).not.toBeNull());
    expect(banner()).toBeNull();
    cleanup();

    // ME owned it and offered it to AUTHOR, who accepted.
    const owned = page('owner', AUTHOR.id);
    const second = mount({ ...owned, timeline: { ...owned.timeline } });
    await settle(() => expect(ownerTools()).not.toBeNull());
    second.server.page = {
      ...page('moderator', null),
      members: [AUTHOR_OWNER, { ...ME_MEMBER, role: 'moderator' }],
    };
    act(() => emit('timeline_updated', update(TL, 'role_changed', { userId: ME.id })));
    await settle(() => expect(ownerTools()).toBeNull());
    expect(findButton(document, 'Leave')).toBeDefined();
    expect(document.querySelector('header')!.textContent).toContain('moderator');
  });
});
