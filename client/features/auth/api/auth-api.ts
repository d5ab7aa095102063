import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { apiRequest } from '../../../lib/queryClient.ts';

export interface SignInInput {
  email: string;
  password: string;
}

export interface CreateAccountInput extends SignInInput {
  firstName?: string;
  lastName?: string;
}

/** Signs in or creates an account; on success the user query is primed and invalidated. */
export function useAuthMutation(mode: 'signin' | 'register') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateAccountInput): Promise<CurrentUser> => {
      const url = mode === 'signin' ? '/api/auth/login' : '/api/auth/register';
      const body =
        mode === 'signin'
          ? { email: input.email, password: input.password }
          : {
              email: input.email,
              password: input.password,
              ...(input.firstName?.trim() && { firstName: input.firstName.trim() }),
              ...(input.lastName?.trim() && { lastName: input.lastName.trim() }),
            };
      const res = await apiRequest('POST', url, body);
      return (await res.json()) as CurrentUser;
    },
    onSuccess: async (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
