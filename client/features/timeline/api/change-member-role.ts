// PATCH /api/timelines/{id}/members/{userId} {role} → Member (owner; DECISIONS §5).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignableRole } from '../../../../common/roles.ts';
import type { Member } from '../../../../common/schemas/timeline.ts';
import { notifyFailure } from '../../../lib/failure-toast.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';
import { failureToast } from '../lib/error-toast.ts';
import { setCachedMember } from './timeline-cache.ts';

export async function changeMemberRole(id: string, userId: string, role: AssignableRole): Promise<Member> {
  const res = await apiRequest('PATCH', `/api/timelines/${id}/members/${userId}`, { role });
  return (await res.json()) as Member;
}

export function useChangeMemberRole(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: AssignableRole; name: string }) =>
      changeMemberRole(id, userId, role),
    onSuccess: (member, { name, role }) => {
      setCachedMember(queryClient, id, member);
      toast({ title: 'Success', description: `${name} is now a ${role}.` });
    },
    onError: (error) =>
      notifyFailure(error, failureToast(error, 'Failed to update member role', { preferServer: true })),
  });
}
