// A /ws client for tests. `app.inject` cannot upgrade, so the app listens on 127.0.0.1:0 (once) and the
// socket connects over real HTTP with the session cookie and an allowed Origin.
//   const s = await openSocket(app, ada.cookie);
//   await s.authenticate(ada.user.id); await s.subscribe(timeline.id);
//   const post = await s.next('new_post'); await s.close();
// "Nothing arrives" is never checked by sleeping: a check waits for a later message that must come after the
// unwanted one on the same ordered path (a barrier) and fails if the unwanted one came first:
//   await expectQuiet(app, [ada]);                          // a user-channel event published after the action
//   await s.expectNoneBefore('new_post', { where, unwanted: 'new_comment' }); // a barrier of one's own
//   await s.expectNoneBeforeReply();                        // what the server had already written (a close...)
import { randomUUID } from 'node:crypto';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect } from 'vitest';
import WebSocket from 'ws';
import { type ClientMessage, REALTIME, type ServerMessage } from '../../common/realtime.ts';
import type { Role } from '../../common/roles.ts';
import type { User } from '../db/schema/index.ts';
import { addMember, buildThreadline, callerFor, cookieFor, signedInUser } from './factories.ts';

/** Which earlier messages a barrier check refuses: a type, several, or a test; by default any but the count. */
export type Unwanted =
  | ServerMessage['type']
  | ServerMessage['type'][]
  | ((message: ServerMessage) => boolean);

function matches(unwanted: Unwanted | undefined, m: ServerMessage) {
  // By default any message but the inbox's unread count (issue 27), which many writes send on their own
  // path (a removal tells the removed their count): a check about it names 'notifications'.
  if (unwanted === undefined) return m.type !== 'notifications';
  if (typeof unwanted === 'function') return unwanted(m);
  return (Array.isArray(unwanted) ? unwanted : [unwanted]).includes(m.type);
}

/** Threadlines made for expectQuiet's barriers: a leftover barrier message is never "unwanted" later. */
const barrierTimelines = new Set<string>();
const isBarrier = (m: ServerMessage) =>
  m.type === 'timeline_updated' && barrierTimelines.has(m.data.timelineId);

export type MessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

export interface SocketOptions {
  /** The Origin header; by default the app's own origin. `null` sends none. */
  origin?: string | null;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Answer the server's pings (default true); false plays a dead client. */
  autoPong?: boolean;
  /** How long to wait for the upgrade (default 5 s). */
  timeoutMs?: number;
  /** TLS and socket options for wss:// (a CA to trust) or a local address to connect from. */
  connect?: Pick<WebSocket.ClientOptions, 'ca' | 'localAddress' | 'family'>;
}

export interface Closed {
  code: number;
  reason: string;
}

export interface TestSocket {
  ws: WebSocket;
  /** Every message received so far, in order (consumed or not). */
  received: ServerMessage[];
  /** Sends a client message (an object is JSON-encoded; a string or Buffer goes as is). */
  send(message: ClientMessage | Record<string, unknown> | string | Buffer): void;
  /**
   * The next not-yet-consumed message of `type` (optionally matching `where`), waiting up to `timeoutMs`
   * (default 2 s). Messages of other types stay buffered for later `next` calls. Rejects if the socket
   * closes first.
   */
  next<T extends ServerMessage['type']>(
    type: T,
    opts?: { timeoutMs?: number; where?: (message: MessageOf<T>) => boolean },
  ): Promise<MessageOf<T>>;
  /**
   * The next not-yet-consumed `barrier` message (as `next`), after checking that no not-yet-consumed message
   * that `unwanted` matches (by default: any but `notifications` and expectQuiet's barriers) arrived before
   * it. Proves something did not arrive only if the server sends the barrier after it would have sent the
   * unwanted message, on one ordered path: say why in the test (see expectQuiet).
   */
  expectNoneBefore<T extends ServerMessage['type']>(
    barrier: T,
    opts?: { timeoutMs?: number; where?: (message: MessageOf<T>) => boolean; unwanted?: Unwanted },
  ): Promise<MessageOf<T>>;
  /**
   * A round trip as the barrier: sends unsubscribe_timeline for a threadline nobody follows, which the hub
   * answers at once (not through its event queue), and checks as expectNoneBefore that nothing `unwanted`
   * came before the answer. Rejects if the socket closes first. It covers only what the server had written
   * before it read the request: a close or a ping sweep already done, events once `hub.drain()` resolved.
   */
  expectNoneBeforeReply(opts?: { timeoutMs?: number; unwanted?: Unwanted }): Promise<void>;
  /** Sends authenticate and resolves with `authenticated`; rejects on `auth_error`. */
  authenticate(userId: string): Promise<MessageOf<'authenticated'>>;
  /** Sends subscribe_timeline and resolves with `subscribed`; rejects on an `error` for that threadline. */
  subscribe(timelineId: string): Promise<MessageOf<'subscribed'>>;
  /** Sends unsubscribe_timeline and resolves with `unsubscribed`. */
  unsubscribe(timelineId: string): Promise<MessageOf<'unsubscribed'>>;
  /** Resolves when the socket has closed, with the code and reason the server gave. */
  closed: Promise<Closed>;
  /** The close once it happened, else undefined. */
  readonly closeInfo: Closed | undefined;
  /** Waits for the close (default 2 s) and returns its code and reason. */
  waitClose(timeoutMs?: number): Promise<Closed>;
  /** Closes from the client side (1000) and waits for the close to finish. */
  close(): Promise<void>;
}

const listening = new WeakMap<FastifyInstance, Promise<string>>();

/** The app's http:// base URL, listening on 127.0.0.1:0 the first time (app.close() stops it). */
export function baseUrlOf(app: FastifyInstance): Promise<string> {
  let url = listening.get(app);
  if (!url) {
    url = (async () => {
      if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('The app is not listening on TCP');
      return `http://127.0.0.1:${address.port}`;
    })();
    listening.set(app, url);
  }
  return url;
}

async function resolveTarget(target: FastifyInstance | string) {
  if (typeof target === 'string') return { base: target.replace(/\/+$/, ''), publicUrl: undefined };
  return { base: await baseUrlOf(target), publicUrl: target.config.publicUrl };
}

function requestFor(
  base: string,
  publicUrl: string | undefined,
  cookie: string | undefined,
  opts: SocketOptions,
) {
  const url = `${base.replace(/^http/, 'ws')}${REALTIME.path}`;
  // With PUBLIC_URL only its origin is allowed; without, the Host the request goes to.
  const defaultOrigin = publicUrl ? new URL(publicUrl).origin : new URL(base).origin;
  const origin = opts.origin === undefined ? defaultOrigin : opts.origin;
  const headers: Record<string, string> = { ...opts.headers };
  if (cookie) headers.cookie = cookie;
  return {
    url,
    options: {
      headers,
      ...(origin !== null && { origin }),
      autoPong: opts.autoPong ?? true,
      handshakeTimeout: opts.timeoutMs ?? 5000,
      ...opts.connect,
    } satisfies WebSocket.ClientOptions,
  };
}

export class UpgradeRefused extends Error {
  constructor(readonly status: number) {
    super(`The /ws upgrade was refused with HTTP ${status}`);
  }
}

/**
 * The HTTP status the /ws upgrade gets: 101 when the socket opened (it is closed again at once), else the
 * refusal's status (401, 403...).
 */
export async function upgradeStatus(
  target: FastifyInstance | string,
  cookie?: string,
  opts: SocketOptions = {},
): Promise<number> {
  try {
    const socket = await openSocket(target, cookie, opts);
    await socket.close();
    return 101;
  } catch (err) {
    if (err instanceof UpgradeRefused) return err.status;
    throw err;
  }
}

/** Opens /ws on `target` (an app, listened on demand, or a base URL). Rejects with UpgradeRefused on a non-101. */
export async function openSocket(
  target: FastifyInstance | string,
  cookie?: string,
  opts: SocketOptions = {},
): Promise<TestSocket> {
  const { base, publicUrl } = await resolveTarget(target);
  const { url, options } = requestFor(base, publicUrl, cookie, opts);
  const ws = new WebSocket(url, options);

  const received: ServerMessage[] = [];
  const pending: ServerMessage[] = [];
  const waiters = new Set<{ check(): boolean; fail(err: Error): void }>();
  let closeInfo: Closed | undefined;
  let resolveClosed!: (c: Closed) => void;
  const closed = new Promise<Closed>((resolve) => {
    resolveClosed = resolve;
  });

  ws.on('message', (data, isBinary) => {
    let message: ServerMessage;
    try {
      message = JSON.parse(isBinary ? String(data) : data.toString()) as ServerMessage;
    } catch {
      message = { type: 'error', message: `(unparseable from server) ${String(data)}` };
    }
    received.push(message);
    pending.push(message);
    for (const waiter of waiters) if (waiter.check()) waiters.delete(waiter);
  });
  ws.on('close', (code, reason) => {
    closeInfo = { code, reason: reason.toString() };
    resolveClosed(closeInfo);
    for (const waiter of waiters) {
      if (!waiter.check()) waiter.fail(new Error(`Socket closed (${code} ${reason}) while waiting`));
    }
    waiters.clear();
  });
  // Errors after the open end in a close; this keeps them from being unhandled.
  ws.on('error', () => {});

  await new Promise<void>((resolve, reject) => {
    const onUnexpected = (req: ClientRequest, res: IncomingMessage) => {
      ws.removeListener('open', onOpen);
      reject(new UpgradeRefused(res.statusCode ?? 0));
      // ws has let go of the request by now: end the connection ourselves, or it stays open.
      res.destroy();
      req.destroy();
    };
    const onOpen = () => {
      ws.removeListener('unexpected-response', onUnexpected);
      ws.removeListener('error', onError);
      resolve();
    };
    const onError = (err: Error) => {
      ws.removeListener('open', onOpen);
      reject(err);
    };
    ws.once('unexpected-response', onUnexpected);
    ws.once('open', onOpen);
    ws.once('error', onError);
  });

  /** First pending message of any of `types` (with the filter), waiting up to timeoutMs. */
  function nextOf<T extends ServerMessage['type']>(
    types: T[],
    timeoutMs: number,
    where?: (m: MessageOf<T>) => boolean,
  ): Promise<MessageOf<T>> {
    const find = () => {
      const index = pending.findIndex(
        (m) => (types as string[]).includes(m.type) && (!where || where(m as MessageOf<T>)),
      );
      return index < 0 ? undefined : (pending.splice(index, 1)[0] as MessageOf<T>);
    };
    const now = find();
    if (now) return Promise.resolve(now);
    if (closeInfo) {
      return Promise.reject(
        new Error(`Socket already closed (${closeInfo.code} ${closeInfo.reason}); no ${types.join('/')}`),
      );
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        check() {
          const found = find();
          if (!found) return false;
          clearTimeout(timer);
          resolve(found);
          return true;
        },
        fail(err: Error) {
          clearTimeout(timer);
          reject(err);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        const seen = pending.map((m) => m.type).join(', ') || 'nothing';
        reject(new Error(`No ${types.join('/')} message within ${timeoutMs} ms (pending: ${seen})`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  }

  const socket: TestSocket = {
    ws,
    received,
    send(message) {
      ws.send(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message));
    },
    next(type, opts = {}) {
      return nextOf([type], opts.timeoutMs ?? 2000, opts.where);
    },
    async expectNoneBefore(barrier, opts = {}) {
      const got = await nextOf([barrier], opts.timeoutMs ?? 2000, opts.where);
      const at = received.indexOf(got);
      const early = pending.find(
        (m) => received.indexOf(m) < at && !isBarrier(m) && matches(opts.unwanted, m),
      );
      if (early) {
        throw new Error(`Expected nothing unwanted before ${barrier}, got ${JSON.stringify(early)}`);
      }
      return got;
    },
    async expectNoneBeforeReply(opts = {}) {
      const timelineId = randomUUID();
      socket.send({ type: 'unsubscribe_timeline', timelineId });
      await socket.expectNoneBefore('unsubscribed', { ...opts, where: (m) => m.timelineId === timelineId });
    },
    async authenticate(userId) {
      socket.send({ type: 'authenticate', userId });
      const reply = await nextOf(['authenticated', 'auth_error'], 2000);
      if (reply.type === 'auth_error') throw new Error(`auth_error: ${reply.message}`);
      return reply;
    },
    async subscribe(timelineId) {
      socket.send({ type: 'subscribe_timeline', timelineId });
      const reply = await nextOf(
        ['subscribed', 'error'],
        2000,
        (m) => m.type === 'error' || m.timelineId === timelineId,
      );
      if (reply.type === 'error') throw new Error(`subscribe ${timelineId}: error ${reply.message}`);
      return reply;
    },
    async unsubscribe(timelineId) {
      socket.send({ type: 'unsubscribe_timeline', timelineId });
      return nextOf(['unsubscribed'], 2000, (m) => m.timelineId === timelineId);
    },
    closed,
    get closeInfo() {
      return closeInfo;
    },
    waitClose(timeoutMs = 2000) {
      return new Promise<Closed>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`Socket still open after ${timeoutMs} ms`)),
          timeoutMs,
        );
        void closed.then((info) => {
          clearTimeout(timer);
          resolve(info);
        });
      });
    },
    async close() {
      if (!closeInfo) {
        ws.close(1000);
        const timer = setTimeout(() => ws.terminate(), 1000);
        await closed;
        clearTimeout(timer);
      }
    },
  };
  return socket;
}

/**
 * A signed-in user with an authenticated socket: `const ada = await socketUser(app)`;
 * `ada.socket.subscribe(id)`, `ada.as.post(...)`. Pass `user` to reuse an existing one.
 */
export async function socketUser(
  app: FastifyInstance,
  opts: { user?: User; overrides?: Parameters<typeof signedInUser>[1]; authenticate?: boolean } = {},
) {
  let signed: Awaited<ReturnType<typeof signedInUser>>;
  if (opts.user) {
    const cookie = await cookieFor(app, opts.user);
    signed = { user: opts.user, cookie, as: callerFor(app, cookie) };
  } else {
    signed = await signedInUser(app, opts.overrides);
  }
  const socket = await openSocket(app, signed.cookie);
  if (opts.authenticate ?? true) await socket.authenticate(signed.user.id);
  return { ...signed, socket };
}

export type SocketPerson = Awaited<ReturnType<typeof socketUser>>;

/**
 * Signed-in people with an authenticated socket each, closed after every test. `noEmails`: also checks that
 * no message any of them received carried an e-mail address.
 */
export function socketPeople(t: { app: FastifyInstance }, { noEmails = false } = {}) {
  const open: TestSocket[] = [];
  afterEach(async () => {
    if (noEmails) for (const s of open) expect(JSON.stringify(s.received)).not.toMatch(/@example\.test/);
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  /** A display name, or the user's fields. */
  const person = async (who: string | Parameters<typeof signedInUser>[1] = {}): Promise<SocketPerson> => {
    const p = await socketUser(t.app, { overrides: typeof who === 'string' ? { displayName: who } : who });
    open.push(p.socket);
    return p;
  };
  /** Another socket (a second tab) to close after the test too. */
  const track = (socket: TestSocket) => {
    open.push(socket);
    return socket;
  };
  return Object.assign(person, { track });
}

/**
 * A threadline whose owner, moderator, participant and viewer follow it; `idle` is a participant who follows
 * nothing and `outsider` no member. Names are the people's display names.
 */
export async function followedThreadline(
  app: FastifyInstance,
  person: (displayName: string) => Promise<SocketPerson>,
  timelineFields: Parameters<typeof buildThreadline>[2] = {},
) {
  const owner = await person('Olga');
  const timeline = await buildThreadline(app.db, owner.user, timelineFields);
  const member = async (role: Role, name: string) => {
    const p = await person(name);
    await addMember(app.db, timeline, p.user, role);
    return p;
  };
  const moderator = await member('moderator', 'Mo');
  const participant = await member('participant', 'Pat');
  const viewer = await member('viewer', 'Vi');
  const idle = await member('participant', 'Ida');
  const outsider = await person('Otto');
  const followers = [owner, moderator, participant, viewer];
  for (const p of followers) await p.socket.subscribe(timeline.id);
  return { timeline, owner, moderator, participant, viewer, idle, outsider, followers };
}

/**
 * Nothing (or nothing `unwanted`) reached any of `people`'s sockets before a barrier published now: one
 * user-channel event to all their users (join_requests_changed about a threadline made for it, told as
 * timeline_updated change join_requests), which each socket waits for.
 *
 * Why that order is real: the app's bus hands events to its hub in publish order (the memory bus at once,
 * and the PostgreSQL bus its own instance's events at once too), and routes publish before they answer. The
 * hub renders concurrently but sends every event, threadline and user channel alike, from one queue in bus
 * order (hub.ts `enqueue`; access drops keep that order as well), and a socket is one ordered connection. So
 * an event published before the barrier reaches a socket before it or never. Not for a socket of another
 * process (instances.pg.test.ts) nor an unauthenticated one (expectNoneBeforeReply after `hub.drain()`).
 */
export async function expectQuiet(
  app: FastifyInstance,
  people: { user: User; socket: TestSocket }[],
  opts: { unwanted?: Unwanted } = {},
) {
  const first = people[0];
  if (!first) return;
  const barrier = await buildThreadline(app.db, first.user, { name: 'Barrier' });
  barrierTimelines.add(barrier.id);
  await app.realtime.publish({
    kind: 'user',
    type: 'join_requests_changed',
    userIds: [...new Set(people.map((p) => p.user.id))],
    timelineId: barrier.id,
    actorId: first.user.id,
  });
  await Promise.all(
    people.map((p) =>
      p.socket.expectNoneBefore('timeline_updated', {
        ...opts,
        where: (m) => m.data.timelineId === barrier.id,
      }),
    ),
  );
}
