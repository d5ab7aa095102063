import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGING_COPY } from '../../../../common/messaging.ts';
import { screenText } from '../../../../common/product-name.ts';
import type { Role } from '../../../../common/roles.ts';
import type { Member, TimelineDetail, TimelinePageData } from '../../../../common/schemas/timeline.ts';
import { conversationKeys } from '../../../lib/conversation-keys.ts';
import { MessagingModalProvider, useMessagingModal } from '../../../lib/messaging-modal.tsx';
import { createQueryClient } from '../../../lib/queryClient.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';
import { useToast } from '../../../lib/use-toast.ts';
import { startFailureToast } from '../api/start-conversation.ts';
import { makeTimeline } from '../lib/test-posts.ts';
import { MembersDialog } from './members-dialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TL = '00000000-0000-4000-8000-000000000001';
const CONV = '00000000-0000-4000-8000-0000000000c1';
const ids = { owner: 'u-owner', mod: 'u-mod', part: 'u-part', viewer: 'u-viewer' };
const names = { owner: 'Olive Owner', mod: 'Moe Mod', part: 'Pat Part', viewer: 'Vic Viewer' };

const member = (key: keyof typeof ids, role: Role): Member => ({
  userId: ids[key],
  role,
  joinedAt: '2026-01-01T00:00:00.000Z',
  user: {
    id: ids[key],
    displayName: names[key],
    firstName: null,
    lastName: null,
    email: null,
    profileImageUrl: null,
    bio: null,
  },
});
const MEMBERS = [
  member('owner', 'owner'),
  member('mod', 'moderator'),
  member('part', 'participant'),
  member('viewer', 'viewer'),
];

const timeline = (over: Partial<TimelineDetail> = {}): TimelineDetail =>
  makeTimeline({
    id: TL,
    name: 'Garden Club',
    role: 'owner',
    ownerId: ids.owner,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });

let root: Root;
let container: HTMLDivElement;
const modal: { current: ReturnType<typeof useMessagingModal> | null } = { current: null };
const toasts: { current: ReturnType<typeof useToast>['toasts'] } = { current: [] };

function Probe() {
  modal.current = useMessagingModal();
  toasts.current = useToast().toasts;
  return null;
}

function render(detail: TimelineDetail, me: string, onOpenChange = vi.fn()) {
  const queryClient = createQueryClient();
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <MessagingModalProvider>
          <Probe />
          <MembersDialog
            open
            onOpenChange={onOpenChange}
            timeline={detail}
            members={MEMBERS}
            currentUserId={me}
          />
        </MessagingModalProvider>
      </QueryClientProvider>,
    ),
  );
  return { queryClient, onOpenChange };
}

const messageButtons = () =>
  [...document.querySelectorAll('button[aria-label^="Message "]')].map((b) => b.getAttribute('aria-label'));
const messageButton = (name: string) =>
  document.querySelector<HTMLButtonElement>(`button[aria-label="Message ${name}"]`)!;

async function settle(check: () => void) {
  await vi.waitFor(async () => {
    await act(async () => {});
    check();
  });
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('MembersDialog message buttons (spec 001 §6)', () => {
  it('lets the owner message everyone but themself', () => {
    render(timeline(), ids.owner);
    expect(messageButtons()).toEqual([
      `Message ${names.mod}`,
      `Message ${names.part}`,
      `Message ${names.viewer}`,
    ]);
  });

  it('lets the owner message everyone even with participant messaging off', () => {
    render(timeline({ allowParticipantMessaging: false }), ids.owner);
    expect(messageButtons()).toHaveLength(3);
  });

  it.each([
    ['moderator', ids.mod],
    ['participant', ids.part],
    ['viewer', ids.viewer],
  ] as const)('lets a %s message only the owner', (role, me) => {
    render(timeline({ role }), me);
    expect(messageButtons()).toEqual([`Message ${names.owner}`]);
  });

  it('shows non-owners no button when participant messaging is off', () => {
    render(timeline({ role: 'participant', allowParticipantMessaging: false }), ids.part);
    expect(messageButtons()).toEqual([]);
  });

  it('shows none on an archived threadline (read-only)', () => {
    render(timeline({ state: 'archived' }), ids.owner);
    expect(messageButtons()).toEqual([]);
  });

  it('starts the conversation, closes the dialog, opens the modal on it and refreshes the list', async () => {
    let answer!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient, onOpenChange } = render(timeline(), ids.owner);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => messageButton(names.part).click());
    await settle(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/conversations',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ timelineId: TL, recipientId: ids.part }),
      }),
    );
    // Pending: that row's button is busy and disabled, the others are not.
    await settle(() => expect(messageButton(names.part).disabled).toBe(true));
    expect(messageButton(names.part).getAttribute('aria-busy')).toBe('true');
    expect(messageButton(names.mod).disabled).toBe(false);

    await act(async () =>
      answer(
        new Response(JSON.stringify({ id: CONV }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    await settle(() => expect(modal.current?.isOpen).toBe(true));
    expect(modal.current?.initialConversationId).toBe(CONV);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: conversationKeys.list });
  });

  it('shows "Failed to start conversation" with the server reason and keeps the dialog open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: MESSAGING_COPY.notAllowed }), {
            status: 403,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const { onOpenChange } = render(timeline({ role: 'participant' }), ids.part);
    act(() => messageButton(names.owner).click());
    await settle(() => expect(toasts.current[0]?.title).toBe('Failed to start conversation'));
    expect(toasts.current[0]?.description).toBe(screenText(MESSAGING_COPY.notAllowed));
    expect(toasts.current[0]?.variant).toBe('destructive');
    expect(modal.current?.isOpen).toBe(false);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(messageButton(names.owner).disabled).toBe(false);
  });
});

describe('startFailureToast', () => {
  it('falls back to the spec text when the server said nothing', () => {
    expect(startFailureToast(new TypeError('Failed to fetch'))).toEqual({
      title: 'Error',
      description: 'Failed to start conversation',
    });
  });
});

/** The dialog on the cached page data, as the page shows it: answers written to the cache show at once. */
function CachedMembers({ me }: { me: string }) {
  const { data } = useQuery<TimelinePageData>({ queryKey: timelineKeys.detail(TL), enabled: false });
  if (!data) return null;
  return (
    <MembersDialog
      open
      onOpenChange={() => {}}
      timeline={data.timeline}
      members={data.members}
      currentUserId={me}
    />
  );
}

function renderCached(detail: TimelineDetail, me: string) {
  const queryClient = createQueryClient();
  queryClient.setQueryData<TimelinePageData>(timelineKeys.detail(TL), {
    timeline: detail,
    member: { userId: me, role: detail.role, joinedAt: '2026-01-01T00:00:00.000Z' },
    members: MEMBERS,
  });
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <MessagingModalProvider>
          <Probe />
          <CachedMembers me={me} />
        </MessagingModalProvider>
      </QueryClientProvider>,
    ),
  );
  return { queryClient };
}

/** The transfer calls made, and their answers (200 unless set). */
function stubTransfer(answer: () => Response = () => jsonOk({ message: 'Ownership offered' })) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const jsonOk = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ownershipButtons = () =>
  [
    ...document.querySelectorAll(
      'button[aria-label^="Make owner: "], button[aria-label^="Withdraw offer: "]',
    ),
  ].map((b) => b.getAttribute('aria-label'));
const ownershipButton = (name: string) =>
  document.querySelector<HTMLButtonElement>(
    `button[aria-label="Make owner: ${name}"], button[aria-label="Withdraw offer: ${name}"]`,
  )!;
const alertDialog = () => document.querySelector<HTMLElement>('[role="alertdialog"]');
const dialogButton = (label: string) =>
  [...(alertDialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === label);
const rowOf = (name: string) =>
  [...document.querySelectorAll('ul[aria-label="Members"] > li')].find((li) =>
    li.textContent?.includes(name),
  )!;
const cachedPending = (qc: ReturnType<typeof createQueryClient>) =>
  qc.getQueryData<TimelinePageData>(timelineKeys.detail(TL))?.timeline.pendingOwnerId;

/** Focus on `el` as keyboard users put it there, then a click (Enter on a button). */
function press(el: HTMLElement) {
  el.focus();
  act(() => el.click());
}

describe('MembersDialog Make owner (issue 26)', () => {
  // A dialog unmounted by the test before hands focus back a tick later (Radix): not into this test.
  beforeEach(async () => {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  });

  it("offers the owner each other member's row, never their own", () => {
    render(timeline(), ids.owner);
    expect(ownershipButtons()).toEqual([
      `Make owner: ${names.mod}`,
      `Make owner: ${names.part}`,
      `Make owner: ${names.viewer}`,
    ]);
  });

  it.each([
    ['moderator', ids.mod],
    ['participant', ids.part],
    ['viewer', ids.viewer],
  ] as const)('shows a %s none (nor the offer to them)', (role, me) => {
    render(timeline({ role, pendingOwnerId: role === 'viewer' ? null : me }), me);
    expect(ownershipButtons()).toEqual([]);
    expect(document.body.textContent).not.toContain('Ownership offered');
  });

  it('shows none on an archived threadline (read-only)', () => {
    render(timeline({ state: 'archived' }), ids.owner);
    expect(ownershipButtons()).toEqual([]);
  });

  it('asks first, offers, says so, and the row shows the offer with Withdraw offer on the button it came from', async () => {
    const fetchMock = stubTransfer();
    const { queryClient } = renderCached(timeline(), ids.owner);
    const opener = ownershipButton(names.part);
    press(opener);
    await settle(() => expect(alertDialog()).not.toBeNull());
    expect(alertDialog()!.textContent).toContain('Hand over this threadline?');
    expect(alertDialog()!.textContent).toContain(
      `${names.part} becomes the owner once they accept. You stay on as a moderator.`,
    );
    expect(alertDialog()!.textContent).not.toContain('withdrawn');
    expect(dialogButton('Cancel')).toBeDefined();
    act(() => dialogButton('Offer ownership')!.click());
    await settle(() => expect(alertDialog()).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/timelines/${TL}/transfer`,
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ userId: ids.part }) }),
    );
    expect(toasts.current[0]?.title).toBe('Ownership offered');
    expect(cachedPending(queryClient)).toBe(ids.part);
    await settle(() => expect(rowOf(names.part).textContent).toContain('Ownership offered'));
    expect(rowOf(names.mod).textContent).not.toContain('Ownership offered');
    // The same button, now Withdraw offer, has the focus back.
    expect(ownershipButton(names.part)).toBe(opener);
    expect(opener.getAttribute('aria-label')).toBe(`Withdraw offer: ${names.part}`);
    await settle(() => expect(document.activeElement).toBe(opener));
  });

  it('Cancel offers nothing and gives focus back', async () => {
    const fetchMock = stubTransfer();
    renderCached(timeline(), ids.owner);
    const opener = ownershipButton(names.mod);
    press(opener);
    await settle(() => expect(alertDialog()).not.toBeNull());
    act(() => dialogButton('Cancel')!.click());
    await settle(() => expect(alertDialog()).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
    await settle(() => expect(document.activeElement).toBe(opener));
  });

  it('says a new offer replaces the one out to someone else', async () => {
    stubTransfer();
    const { queryClient } = renderCached(timeline({ pendingOwnerId: ids.mod }), ids.owner);
    expect(ownershipButtons()).toEqual([
      `Withdraw offer: ${names.mod}`,
      `Make owner: ${names.part}`,
      `Make owner: ${names.viewer}`,
    ]);
    press(ownershipButton(names.viewer));
    await settle(() => expect(alertDialog()).not.toBeNull());
    expect(alertDialog()!.textContent).toContain(`Your offer to ${names.mod} is withdrawn.`);
    act(() => dialogButton('Offer ownership')!.click());
    await settle(() => expect(alertDialog()).toBeNull());
    expect(cachedPending(queryClient)).toBe(ids.viewer);
    await settle(() =>
      expect(ownershipButtons()).toEqual([
        `Make owner: ${names.mod}`,
        `Make owner: ${names.part}`,
        `Withdraw offer: ${names.viewer}`,
      ]),
    );
  });

  it('Withdraw offer: DELETE, the toast, and the row back to Make owner with the focus kept', async () => {
    const fetchMock = stubTransfer(() => jsonOk({ message: 'Ownership offer withdrawn' }));
    const { queryClient } = renderCached(timeline({ pendingOwnerId: ids.part }), ids.owner);
    expect(rowOf(names.part).textContent).toContain('Ownership offered');
    const button = ownershipButton(names.part);
    press(button);
    await settle(() => expect(button.getAttribute('aria-label')).toBe(`Make owner: ${names.part}`));
    expect(cachedPending(queryClient)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/timelines/${TL}/transfer`,
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(toasts.current[0]).toMatchObject({
      title: 'Offer withdrawn',
      description: `${names.part} can no longer take over this threadline.`,
    });
    expect(rowOf(names.part).textContent).not.toContain('Ownership offered');
    expect(document.activeElement).toBe(button);
  });

  it("shows the server's reason when the offer fails, and reads the page again", async () => {
    stubTransfer(() => jsonOk({ message: 'Member not found' }, 404));
    const { queryClient } = renderCached(timeline(), ids.owner);
    press(ownershipButton(names.part));
    await settle(() => expect(alertDialog()).not.toBeNull());
    act(() => dialogButton('Offer ownership')!.click());
    await settle(() => expect(alertDialog()).toBeNull());
    expect(toasts.current[0]).toMatchObject({
      title: 'Error',
      description: 'Member not found',
      variant: 'destructive',
    });
    expect(cachedPending(queryClient)).toBeNull();
    expect(queryClient.getQueryState(timelineKeys.detail(TL))?.isInvalidated).toBe(true);
  });
});
