import { describe, expect, it } from 'vitest';
import type { TimelineListItem } from '../../../../common/schemas/timeline.ts';
import { otherTimelines } from './switcher.ts';

const item = (
  id: string,
  state: TimelineListItem['state'],
  role: TimelineListItem['role'],
): TimelineListItem => ({
  id,
  name: id,
  description: null,
  state,
  role,
  memberCount: 1,
  joinCode: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  archivedAt: null,
  deletedAt: null,
  archiverUser: null,
  appearance: null,
});

describe('otherTimelines', () => {
  it('lists the other threadlines the user can open: active ones, and archived ones they own', () => {
    const list = [
      item('current', 'active', 'owner'),
      item('active', 'active', 'viewer'),
      item('archived-mine', 'archived', 'owner'),
      item('archived-theirs', 'archived', 'participant'),
      item('deleted', 'deleted', 'owner'),
    ];
    expect(otherTimelines(list, 'current').map((t) => t.id)).toEqual(['active', 'archived-mine']);
  });

  it('is empty before the list loads or when the current one is the only one', () => {
    expect(otherTimelines(undefined, 'x')).toEqual([]);
    expect(otherTimelines([item('x', 'active', 'owner')], 'x')).toEqual([]);
  });
});
