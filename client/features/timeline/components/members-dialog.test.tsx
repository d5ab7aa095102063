import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGING_COPY } from '../../../../common/messaging.ts';
import { screenText } from '../../../../common/product-name.ts';
import type { Role } from '../../../../common/roles.ts';
import type { Member, TimelineDetail } from '../../../../common/schemas/timeline.ts';
import { conversationKeys } from '../../../lib/conversation-keys.ts';
import { MessagingModalProvider, useMessagingModal } from '../../../lib/messaging-modal.tsx';
import { createQueryClient } from '../../../lib/queryClient.ts';
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
