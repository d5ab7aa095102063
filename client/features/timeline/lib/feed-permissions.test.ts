import { describe, expect, it } from 'vitest';
import type { Role } from '../../../../common/roles.ts';
import { canDeletePost, feedCapabilities } from './feed-permissions.ts';

const timeline = (role: Role, over: Partial<Parameters<typeof feedCapabilities>[0]> = {}) => ({
  role,
  state: 'active' as const,
  allowParticipantPosts: true,
  allowParticipantComments: true,
  ...over,
});

describe('feedCapabilities', () => {
  it('lets owners and moderators post and comment whatever the switches say', () => {
    for (const role of ['owner', 'moderator'] as const) {
      const caps = feedCapabilities(
        timeline(role, { allowParticipantPosts: false, allowParticipantComments: false }),
      );
      expect(caps).toMatchObject({ canPost: true, canComment: true, canReact: true, postingDisabled: false });
    }
  });

  it('follows the switches for participants, with the notice when posting is off', () => {
    expect(feedCapabilities(timeline('participant'))).toMatchObject({ canPost: true, canComment: true });
    const off = feedCapabilities(
      timeline('participant', { allowParticipantPosts: false, allowParticipantComments: false }),
    );
    expect(off).toMatchObject({ canPost: false, postingDisabled: true, canComment: false, canReact: true });
  });

  it('lets viewers react only, without the participants notice', () => {
    expect(feedCapabilities(timeline('viewer'))).toMatchObject({
      canPost: false,
      postingDisabled: false,
      canComment: false,
      canReact: true,
      canPin: false,
    });
  });

  it('only the owner pins; an archived threadline is read-only for everyone', () => {
    expect(feedCapabilities(timeline('owner')).canPin).toBe(true);
    expect(feedCapabilities(timeline('moderator')).canPin).toBe(false);
    expect(feedCapabilities(timeline('owner', { state: 'archived' }))).toMatchObject({
      archived: true,
      canPost: false,
      canComment: false,
      canReact: false,
      canPin: false,
      postingDisabled: false,
    });
  });
});

describe('canDeletePost', () => {
  const post = (authorId: string, deletedAt: string | null = null) => ({
    author: { id: authorId },
    deletedAt,
  });
  const caps = (role: Role, archived = false) => ({ role, archived });

  it('lets authors delete their own posts and the owner delete any', () => {
    expect(canDeletePost(caps('viewer'), post('me'), 'me', 'viewer')).toBe(true);
    expect(canDeletePost(caps('participant'), post('other'), 'me', 'participant')).toBe(false);
    expect(canDeletePost(caps('owner'), post('mod'), 'me', 'moderator')).toBe(true);
  });

  it('lets moderators delete posts of participants, viewers and ex-members only', () => {
    expect(canDeletePost(caps('moderator'), post('p'), 'me', 'participant')).toBe(true);
    expect(canDeletePost(caps('moderator'), post('v'), 'me', 'viewer')).toBe(true);
    expect(canDeletePost(caps('moderator'), post('gone'), 'me', undefined)).toBe(true);
    expect(canDeletePost(caps('moderator'), post('o'), 'me', 'owner')).toBe(false);
    expect(canDeletePost(caps('moderator'), post('m'), 'me', 'moderator')).toBe(false);
  });

  it('never offers delete on tombstones or in an archived threadline', () => {
    expect(canDeletePost(caps('owner'), post('me', '2026-01-01T00:00:00Z'), 'me', 'owner')).toBe(false);
    expect(canDeletePost(caps('owner', true), post('me'), 'me', 'owner')).toBe(false);
  });
});
