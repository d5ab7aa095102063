import { describe, expect, it } from 'vitest';
import { memberCountLabel } from '../../../lib/format.ts';
import { cardCapabilities } from './card-capabilities.ts';
import { pendingLabel, unreadLabel } from './unread.ts';

describe('cardCapabilities', () => {
  it('gives the owner of an active threadline the code, Archive and the pending badge', () => {
    const can = cardCapabilities({ role: 'owner', state: 'active', joinCode: 'ABCD2345', pendingCount: 2 });
    expect(can).toMatchObject({
      canOpen: true,
      showJoinCode: true,
      canCopyCode: true,
      canArchive: true,
      canRestore: false,
      showPending: true,
    });
    expect(
      cardCapabilities({ role: 'owner', state: 'active', joinCode: 'X', pendingCount: 0 }).showPending,
    ).toBe(false);
  });

  it('lets the owner open and restore an archived threadline', () => {
    expect(cardCapabilities({ role: 'owner', state: 'archived', joinCode: 'X' })).toMatchObject({
      canOpen: true,
      canArchive: false,
      canRestore: true,
      showArchiveInfo: true,
    });
  });

  it('keeps non-owners out of archived threadlines and shows who archived it', () => {
    expect(cardCapabilities({ role: 'participant', state: 'archived', joinCode: null })).toMatchObject({
      canOpen: false,
      showJoinCode: false,
      canRestore: false,
      showArchiveInfo: true,
    });
  });

  it('disables everything for deleted threadlines, the code copy included', () => {
    expect(
      cardCapabilities({ role: 'owner', state: 'deleted', joinCode: 'ABCD2345', pendingCount: 3 }),
    ).toMatchObject({
      canOpen: false,
      showJoinCode: true,
      canCopyCode: false,
      canArchive: false,
      canRestore: false,
      showPending: false,
      showUnread: false,
    });
  });

  it('shows moderators their pending count, never participants', () => {
    expect(
      cardCapabilities({ role: 'moderator', state: 'active', joinCode: null, pendingCount: 1 }).showPending,
    ).toBe(true);
    expect(
      cardCapabilities({ role: 'participant', state: 'active', joinCode: null, pendingCount: 1 }).showPending,
    ).toBe(false);
  });
});

describe('badge labels', () => {
  it('caps at 99+ and says what is counted', () => {
    expect(unreadLabel(3, 'post')).toBe('3 unread posts');
    expect(unreadLabel(1, 'comment')).toBe('1 unread comment');
    expect(unreadLabel(150, 'post')).toBe('99+ unread posts');
    expect(pendingLabel(1)).toBe('1 pending join request');
    expect(memberCountLabel(1)).toBe('1 member');
    expect(memberCountLabel(4)).toBe('4 members');
  });
});
