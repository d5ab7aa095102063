// Threadlines, members, posts and comments for unit tests.
import { NO_CONTENT } from '../../../../common/posts.ts';
import type { Comment, Post } from '../../../../common/schemas/post.ts';
import type { Member, TimelineDetail } from '../../../../common/schemas/timeline.ts';

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export const AUTHOR = {
  id: '00000000-0000-4000-9000-000000000001',
  displayName: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  profileImageUrl: null,
};

/** The signed-in reader in feed tests: not the author. */
export const ME = { ...AUTHOR, id: '00000000-0000-4000-9000-0000000000aa', firstName: 'Me', lastName: null };

/** AUTHOR as the threadline's owner, as GET .../members lists them. */
export const AUTHOR_OWNER: Member = {
  userId: AUTHOR.id,
  role: 'owner',
  joinedAt: '2026-01-01T00:00:00Z',
  user: { ...AUTHOR, bio: null },
};

/** An active threadline "Garden" owned by AUTHOR, everything allowed, seen as a participant. */
export function makeTimeline(over: Partial<TimelineDetail> = {}): TimelineDetail {
  return {
    id: '00000000-0000-4000-a000-000000000001',
    name: 'Garden',
    description: null,
    role: 'participant',
    state: 'active',
    ownerId: AUTHOR.id,
    joinCode: null,
    allowParticipantPosts: true,
    allowParticipantComments: true,
    allowParticipantMessaging: true,
    joinApprovalRequired: false,
    pinnedPostId: null,
    createdAt: '2026-01-01T00:00:00Z',
    archivedAt: null,
    appearance: null,
    pendingOwnerId: null,
    ...over,
  };
}

export function makePost(over: Partial<Post> = {}): Post {
  return {
    id: uuid(),
    timelineId: '00000000-0000-4000-a000-000000000001',
    type: 'text',
    ...NO_CONTENT,
    content: 'Hello world',
    createdAt: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.123456Z`,
    deletedAt: null,
    editedAt: null,
    author: AUTHOR,
    reactionCounts: {},
    myReactions: [],
    commentCount: 0,
    latestComment: null,
    isPinned: false,
    mentions: [],
    ...over,
  };
}

export function makeComment(over: Partial<Comment> = {}): Comment {
  return {
    id: uuid(),
    postId: '00000000-0000-4000-8000-000000000000',
    content: 'Nice',
    createdAt: '2026-01-02T00:00:00.000001Z',
    editedAt: null,
    author: AUTHOR,
    mentions: [],
    ...over,
  };
}
