// Web Push devices (issue 27; DECISIONS §10), signed in: the key to subscribe with, and this browser's
// subscription stored against the user and the session, so signing out here removes it.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pushSubscriptionBody, pushUnsubscribeBody } from '../../common/schemas/notifications.ts';
import { PUSH_MESSAGES, pushDeviceSchema, pushKeySchema } from '../../common/schemas/push.ts';
import { readSessionToken } from '../auth/cookies.ts';
import { pgError } from '../db/errors.ts';
import { badRequest, notFound, unauthorized } from '../http/errors.ts';
import { endpointProblem } from '../push/endpoint.ts';
import {
  removeSubscription,
  saveSubscription,
  subscriptionKeysProblem,
  subscriptionsOf,
} from '../push/subscriptions.ts';

export async function pushRoutes(app: FastifyInstance) {
  const { db } = app;
  const rules = {
    hosts: app.config.push.endpointHosts,
    allowHttpLoopback: app.config.push.allowHttpLoopback,
  };
  const sessionKey = (request: Parameters<typeof readSessionToken>[0]) => {
    const token = readSessionToken(request, app.config);
    return token ? app.sessions.keyOf(token) : undefined;
  };

  app.get(
    '/api/push/key',
    { schema: { summary: "The server's Web Push (VAPID) public key", response: { 200: pushKeySchema } } },
    async () => ({
      publicKey: app.push.publicKey,
    }),
  );

  app.get(
    '/api/push/subscriptions',
    { schema: { summary: "The caller's push devices", response: { 200: z.array(pushDeviceSchema) } } },
    async (request) => {
      const here = sessionKey(request);
      const devices = await subscriptionsOf(db, request.user!.id);
      return devices.map((d) => ({
        endpoint: d.endpoint,
        createdAt: d.createdAt.toISOString(),
        current: d.sessionKey !== null && d.sessionKey === here,
      }));
    },
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        summary: 'Register this browser for push notifications',
        errors: { 401: 'The session ended meanwhile' },
        body: pushSubscriptionBody,
        response: { 201: pushDeviceSchema },
      },
      // A device is a row and, later, pushes: counted with the profile's writes.
      config: { writeLimit: 'profile' },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      // The server will POST to this URL: only known push services (an SSRF guard).
      const problem = endpointProblem(endpoint, rules) ?? subscriptionKeysProblem(keys.p256dh, keys.auth);
      if (problem) throw badRequest(problem);
      const key = sessionKey(request);
      if (!key) throw unauthorized();
      try {
        const saved = await saveSubscription(db, {
          userId: request.user!.id,
          sessionKey: key,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
        });
        return reply
          .code(201)
          .send({ endpoint: saved.endpoint, createdAt: saved.createdAt.toISOString(), current: true });
      } catch (err) {
        // 23503: the session ended meanwhile (signed out on another tab): nothing to attach the device to.
        if (pgError(err).code === '23503') throw unauthorized();
        throw err;
      }
    },
  );

  app.delete(
    '/api/push/subscriptions',
    { schema: { summary: 'Unregister a browser from push notifications', body: pushUnsubscribeBody } },
    async (request, reply) => {
      const { endpoint } = request.body;
      // Only among the caller's own devices: another user's endpoint is as unknown as a made-up one.
      if (!(await removeSubscription(db, request.user!.id, endpoint))) throw notFound(PUSH_MESSAGES.notFound);
      return reply.code(204).send();
    },
  );
}
