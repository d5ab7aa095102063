import { describe, expect, it } from 'vitest';
import type { MyJoinRequest } from '../../../../common/schemas/timeline.ts';
import { canRetract, canView, processedText, requestedText, threadlineState } from './request-view.ts';

const now = new Date('2025-05-10T12:00:00.000Z');
const request = (over: Partial<MyJoinRequest> = {}, timeline: Partial<MyJoinRequest['timeline']> = {}) =>
  ({
    id: 'r1',
    timelineId: 't1',
    timeline: { name: 'Garden', description: null, deletedAt: null, archivedAt: null, ...timeline },
    status: 'pending',
    message: null,
    responseMessage: null,
    createdAt: '2025-05-10T09:00:00.000Z',
    processedAt: null,
    ...over,
  }) satisfies MyJoinRequest;

describe('request view', () => {
  it('derives the threadline state: deleted, then archived, then active', () => {
    expect(threadlineState(request().timeline)).toBe('active');
    expect(threadlineState(request({}, { archivedAt: now.toISOString() }).timeline)).toBe('archived');
    expect(
      threadlineState(request({}, { archivedAt: now.toISOString(), deletedAt: now.toISOString() }).timeline),
    ).toBe('deleted');
  });

  it('offers View only for approved requests into active threadlines, Cancel only while pending', () => {
    expect(canView(request({ status: 'approved' }))).toBe(true);
    expect(canView(request({ status: 'approved' }, { archivedAt: now.toISOString() }))).toBe(false);
    expect(canView(request({ status: 'pending' }))).toBe(false);
    expect(canRetract(request())).toBe(true);
    expect(canRetract(request({ status: 'rejected' }))).toBe(false);
  });

  it('writes the relative times', () => {
    expect(requestedText(request(), now)).toBe('Requested 3 hours ago');
    expect(processedText(request(), now)).toBeNull();
    expect(processedText(request({ status: 'approved', processedAt: '2025-05-10T11:58:00.000Z' }), now)).toBe(
      'Approved 2 minutes ago',
    );
    expect(processedText(request({ status: 'rejected', processedAt: '2025-05-08T12:00:00.000Z' }), now)).toBe(
      'Rejected 2 days ago',
    );
  });
});
