// Per-user write limits (DECISIONS §3), counted by the same reserved-count limiter as sign-in, so they hold
// under a burst and, on PostgreSQL, across instances. Generous for a person (nobody posts 30 times a
// minute by hand), a wall for a script. A route opts in with `config: { writeLimit: kind }`; one hook on the
// signed-in subtree counts the attempt after validation and before the route runs, refused or not.
import type { FastifyRequest } from 'fastify';
import type { LimitRule } from './limiter.ts';

/** Writes per user per minute, before WRITE_LIMIT_FACTOR. */
export const WRITES_PER_MINUTE = {
  post: 30,
  comment: 60,
  reaction: 120,
  message: 60,
  conversation: 30,
  joinRequest: 20,
  /** Upload URLs: a post takes up to 10 files, and a failed upload is tried again. */
  upload: 60,
  profile: 20,
  /** Subscription create, cancel and resume: each may call Stripe. */
  billing: 30,
  /** Ownership offers, accepts and withdrawals (issue 26). */
  ownership: 20,
} as const;

export type WriteKind = keyof typeof WRITES_PER_MINUTE;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts each call against the caller's limit for this kind of write. */
    writeLimit?: WriteKind;
  }
}

export const WRITE_WINDOW_MS = 60_000;

/** The rules with the operator's factor applied (at least one write of each kind). */
export function writeRules(factor: number): Record<WriteKind, LimitRule> {
  return Object.fromEntries(
    Object.entries(WRITES_PER_MINUTE).map(([kind, max]) => [
      kind,
      { name: `write-${kind}`, max: Math.max(1, Math.round(max * factor)), windowMs: WRITE_WINDOW_MS },
    ]),
  ) as Record<WriteKind, LimitRule>;
}

export const tooFast = (seconds: number) =>
  `You're posting too fast. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;

/** preHandler for the signed-in subtree (after requireUser): 429 with Retry-After past the kind's limit. */
export function writeLimitHook(rules: Record<WriteKind, LimitRule>) {
  return async function limitWrites(request: FastifyRequest): Promise<void> {
    const kind = request.routeOptions.config.writeLimit;
    if (!kind || !request.user) return;
    await request.server.limiter.reserveOrThrow([{ rule: rules[kind], subject: request.user.id }], tooFast);
  };
}
