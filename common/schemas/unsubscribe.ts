// POST /api/notifications/unsubscribe?token= (issue 27; RFC 8058): the schemas beside common/unsubscribe.ts.
import { z } from 'zod';
import { UNSUBSCRIBE_KINDS } from '../unsubscribe.ts';

export * from '../unsubscribe.ts';

export const unsubscribeQuery = z.object({ token: z.string().max(300) });
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuery>;

export const unsubscribeAnswer = z.object({ kind: z.enum(UNSUBSCRIBE_KINDS), message: z.string() });
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;
