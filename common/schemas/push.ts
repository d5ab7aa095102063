// Web Push devices (issue 27; DECISIONS §10). The subscription body is `pushSubscriptionBody` in notifications.ts.
import { z } from 'zod';

/** GET /api/push/key: the VAPID public key browsers subscribe with (base64url, as applicationServerKey). */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** One of the caller's push devices; `current`: enabled while signed in with this session. */
export const pushDeviceSchema = z.object({
  endpoint: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  current: z.boolean(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** Refusals the client shows as they are. */
export const PUSH_MESSAGES = {
  notFound: 'This device is not registered for notifications',
} as const;
