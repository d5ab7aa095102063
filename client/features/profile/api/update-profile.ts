import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { handleUnauthorized, isUnauthorizedError, serverMessage } from '../../../lib/authUtils.ts';
import { apiRequest } from '../../../lib/queryClient.ts';
import { toast } from '../../../lib/use-toast.ts';

export interface ProfileInput {
  displayName: string;
  bio: string;
}

/** PUT /api/profile, then refresh the current user (spec 000 §7-8). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileInput): Promise<CurrentUser> => {
      const res = await apiRequest('PUT', '/api/profile', input);
      return (await res.json()) as CurrentUser;
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: 'Profile updated successfully!' });
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        handleUnauthorized(toast);
        return;
      }
      toast({
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to update profile',
        variant: 'destructive',
      });
    },
  });
}
