// Whom a post or comment can mention (issue 27): the threadline's members but oneself (every member can read
// it). They come with the page's GET /api/timelines/{id}: read from its cache when a list first opens, not
// when the page loads (fetched only if the cache lost them).
import { useQueryClient } from '@tanstack/react-query';
import { personName } from '../../../../common/names.ts';
import type { TimelinePageData } from '../../../../common/schemas/timeline.ts';
import type { MentionCandidate } from '../../../lib/mentions.ts';
import { timelineKeys } from '../../../lib/timeline-keys.ts';

export function useMentionCandidates(timelineId: string): () => Promise<MentionCandidate[]> {
  const queryClient = useQueryClient();
  return async () => {
    const { member, members } = await queryClient.ensureQueryData<TimelinePageData>({
      queryKey: timelineKeys.detail(timelineId),
    });
    return members
      .filter((m) => m.userId !== member.userId)
      .map((m) => ({ id: m.userId, name: personName(m.user), user: m.user }));
  };
}
