import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currentUserSchema, profileUpdateBody } from '../../common/schemas/user.ts';
import { bumpFeedsOfUser } from '../commands/feed-version.ts';
import { releaseUploads, removeUploadObjects } from '../commands/uploads.ts';
import { type UploadRow, uploads, users } from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';
import { presentCurrentUser } from '../presenters/user.ts';

export async function profileRoutes(app: FastifyInstance) {
  app.put(
    '/api/profile',
    {
      config: { writeLimit: 'profile' },
      schema: {
        summary: 'Update the profile (names, bio)',
        body: profileUpdateBody,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const me = request.user!;
      const body = request.body;
      // The picture is set by PUT /api/profile-image, which checks the upload; here it may only stay or go.
      if (body.profileImageUrl && body.profileImageUrl !== me.profileImageUrl) {
        throw badRequest('profileImageUrl is set through PUT /api/profile-image');
      }
      const changes = {
        ...(body.displayName !== undefined && { displayName: body.displayName }),
        ...(body.bio !== undefined && { bio: body.bio }),
        ...(body.profileImageUrl !== undefined && { profileImageUrl: body.profileImageUrl || null }),
      };
      let removed: UploadRow[] = [];
      const updated = await app.db.transaction(async (tx) => {
        // Feed pages name and picture them (issue 28). Threadlines before the user row, as posts lock them.
        if (changes.displayName !== undefined || changes.profileImageUrl !== undefined) {
          await bumpFeedsOfUser(tx, me.id);
        }
        const [row] = await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, me.id))
          .returning();
        // Removing the picture discards its upload and gives its bytes back (DECISIONS §4).
        if (changes.profileImageUrl === null) {
          const avatars = await tx
            .select({ id: uploads.id })
            .from(uploads)
            .where(eq(uploads.avatarOf, me.id));
          removed = await releaseUploads(tx, avatars);
        }
        return row!;
      });
      await removeUploadObjects(app.store, removed, app.log);
      return presentCurrentUser(updated);
    },
  );
}
