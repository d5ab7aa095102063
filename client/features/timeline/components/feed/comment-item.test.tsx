import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '../../../home/test/render.tsx';
import { COMMENT_DELETED, CommentItem } from './comment-item.tsx';

const comment = {
  id: '00000000-0000-4000-8000-0000000c0001',
  postId: '00000000-0000-4000-8000-000000000001',
  content: 'Nice one',
  createdAt: '2026-11-01T10:00:00.000Z',
  editedAt: null,
  mentions: [],
  author: {
    id: '00000000-0000-4000-9000-0000000000bb',
    displayName: 'Bo',
    firstName: null,
    lastName: null,
    email: null,
    profileImageUrl: null,
  },
};

afterEach(cleanup);

describe('CommentItem', () => {
  it('shows the text, and Edit to its author', () => {
    const { container } = render(
      <ul>
        <CommentItem comment={comment} canEdit />
      </ul>,
    );
    expect(container.textContent).toContain('Nice one');
    expect(container.querySelector('[aria-label="Edit comment"]')).not.toBeNull();
  });

  it("shows a deleted account's comment as a tombstone in its place, with nothing to edit", () => {
    const { container } = render(
      <ul>
        <CommentItem
          comment={{
            ...comment,
            content: '',
            deletedAt: '2026-11-02T10:00:00.000Z',
            author: { ...comment.author, displayName: 'Deleted user' },
          }}
          canEdit
        />
      </ul>,
    );
    expect(container.textContent).toContain('Deleted user');
    expect(container.textContent).toContain(COMMENT_DELETED);
    expect(container.querySelector('[aria-label="Edit comment"]')).toBeNull();
  });
});
