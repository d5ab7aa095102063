// PATCH /api/timelines/{id}/appearance (DECISIONS §9): each field optional, null clears it. The answer is
// the threadline (timelineDetail, with `appearance`).
import { z } from 'zod';
import { ACCENT_COLOR_NAMES } from '../appearance.ts';
import { isSingleEmoji } from './post.ts';

export const appearanceBody = z
  .object({
    /** An object path of the owner's own finalised image upload (PUT /api/media). */
    coverImageUrl: z.string().trim().min(1, 'Choose a cover image').max(1024).nullable(),
    accentColor: z.enum(ACCENT_COLOR_NAMES, { error: 'Choose a colour from the palette' }).nullable(),
    icon: z.string().trim().refine(isSingleEmoji, 'Choose one emoji').nullable(),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Send at least one of coverImageUrl, accentColor, icon');
export type AppearanceBody = z.input<typeof appearanceBody>;
