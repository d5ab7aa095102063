// The profile picture (spec 000 §2, §7, §8): uploaded through the upload dialog as an avatar and finalised
// with PUT /api/profile-image {profileImageURL}; then the current user is read again, so every avatar
// showing it changes.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY } from '../../../lib/auth.ts';
import { toast } from '../../../lib/use-toast.ts';

export const PROFILE_IMAGE_ERROR = 'Failed to update profile image';

/** After a new picture: the user again now, everything else (authors, members) when next shown. */
export async function refreshAfterProfileImage(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0],
    refetchType: 'none',
  });
  await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
}

export function useProfileImageUploaded() {
  const queryClient = useQueryClient();
  /** `compression`: what compressing the picture saved, said in the same toast (one shows at a time). */
  return async (compression?: string | null) => {
    toast({ title: 'Profile image uploaded successfully!', description: compression ?? undefined });
    await refreshAfterProfileImage(queryClient);
  };
}
