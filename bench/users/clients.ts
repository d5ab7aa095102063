// A load-generating process for bench/users.ts: simulated users, each with its session cookie, one /ws
// socket (authenticated, subscribed to each of its threadlines like the web client) and a loop of actions
// drawn from MIX, one every `everyMs` on average (exponential waits, so arrivals are Poisson).
// It counts, per user, the events it should receive (every member of a threadline gets new_post, new_comment
// and the reactions' timeline_updated, on every instance; both people of a conversation get new_message) and
// the events its socket received. Requests: open, run, report, close.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { serve } from '../realtime/ipc.ts';
import { type Action, MIX } from './mix.ts';
import type { SimUser } from './seed.ts';

const COUNTED = new Set(['new_post', 'new_comment', 'timeline_updated', 'new_message']);
const WORDS = ['gardens', 'trains', 'music', 'recipes', 'weekend', 'photos', 'nothing-matches'];
const EMOJI = ['❤️', '👍', '😂', '🎉'];

interface Sim {
  user: SimUser;
  base: string;
  ws?: WebSocket;
  /** Last feed page seen per threadline (post ids, oldest cursor). */
  seen: Map<string, { ids: string[]; cursor?: string }>;
  received: number;
}

const sims: Sim[] = [];
let members: Record<string, string[]> = {};
const expected = new Map<string, number>();
let unexpectedCloses = 0;
let running = false;

// Results of the current run.
let latencies: number[] = [];
const byRoute = new Map<string, { n: number; sumMs: number; errors: number }>();
let status5xx = 0;
let statusOther = 0;
let failed = 0;
let actions = 0;
/** The first few refusals are printed (they mean the simulation is wrong, not the server slow). */
let shown = 0;

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
const expect = (ids: string[]) => {
  for (const id of ids) expected.set(id, (expected.get(id) ?? 0) + 1);
};

async function request(sim: Sim, route: string, method: string, path: string, body?: unknown) {
  const start = performance.now();
  let status = 0;
  let data: unknown;
  try {
    const res = await fetch(`${sim.base}${path}`, {
      method,
      headers: {
        cookie: sim.user.cookie,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    status = res.status;
    data = status < 300 ? await res.json() : await res.text();
    if (status >= 300 && shown++ < 3) console.error(`${method} ${path} answered ${status}: ${data}`);
  } catch {
    failed++;
  }
  if (!running) return { status, data };
  const ms = performance.now() - start;
  latencies.push(ms);
  const entry = byRoute.get(route) ?? { n: 0, sumMs: 0, errors: 0 };
  entry.n++;
  entry.sumMs += ms;
  if (status >= 500 || status === 0) {
    status5xx++;
    entry.errors++;
  } else if (status >= 300) {
    statusOther++;
    entry.errors++;
  }
  byRoute.set(route, entry);
  return { status, data };
}

type PostRow = { id: string; createdAt: string };

async function readFeed(sim: Sim, timelineId: string, cursor?: string) {
  const q = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const { status, data } = await request(
    sim,
    cursor ? 'GET posts?cursor' : 'GET posts',
    'GET',
    `/api/timelines/${timelineId}/posts${q}`,
  );
  if (status !== 200) return;
  const rows = data as PostRow[];
  const last = rows.at(-1);
  const prior = sim.seen.get(timelineId);
  sim.seen.set(timelineId, {
    ids: cursor && prior ? [...prior.ids, ...rows.map((r) => r.id)].slice(-60) : rows.map((r) => r.id),
    cursor: last ? `${last.createdAt},${last.id}` : undefined,
  });
}

/** A post the user has seen in the threadline (reads the feed first if none). */
async function somePost(sim: Sim, timelineId: string) {
  if (!sim.seen.get(timelineId)?.ids.length) await readFeed(sim, timelineId);
  const ids = sim.seen.get(timelineId)?.ids ?? [];
  return ids.length ? pick(ids) : undefined;
}

async function act(sim: Sim, action: Action) {
  const t = pick(sim.user.timelines);
  const everyone = members[t] ?? [];
  switch (action) {
    case 'openThreadline':
      await request(sim, 'GET timeline', 'GET', `/api/timelines/${t}`);
      await readFeed(sim, t);
      await request(sim, 'POST mark-viewed', 'POST', `/api/timelines/${t}/mark-viewed`);
      return;
    case 'scroll': {
      const cursor = sim.seen.get(t)?.cursor;
      await readFeed(sim, t, cursor);
      return;
    }
    case 'readComments': {
      const post = await somePost(sim, t);
      if (post) await request(sim, 'GET comments', 'GET', `/api/posts/${post}/comments`);
      return;
    }
    case 'post': {
      const { status } = await request(sim, 'POST post', 'POST', '/api/posts', {
        timelineId: t,
        content: `A post about ${pick(WORDS)} at ${Date.now()}`,
      });
      if (status === 201) expect(everyone);
      return;
    }
    case 'comment': {
      const post = await somePost(sim, t);
      if (!post) return;
      const { status } = await request(sim, 'POST comment', 'POST', '/api/comments', {
        postId: post,
        content: `Nice, ${pick(WORDS)}!`,
      });
      if (status === 201) expect(everyone);
      return;
    }
    case 'react': {
      const post = await somePost(sim, t);
      if (!post) return;
      const { status } = await request(sim, 'POST reaction', 'POST', '/api/reactions', {
        postId: post,
        emoji: pick(EMOJI),
      });
      if (status === 200) expect(everyone);
      return;
    }
    case 'message': {
      if (!sim.user.conversations.length) return act(sim, 'dashboard');
      const c = pick(sim.user.conversations);
      const { status } = await request(sim, 'POST message', 'POST', `/api/conversations/${c.id}/messages`, {
        content: `Hello about ${pick(WORDS)}`,
      });
      if (status === 201) expect([sim.user.id, c.partnerId]);
      await request(sim, 'GET messages', 'GET', `/api/conversations/${c.id}/messages`);
      return;
    }
    case 'search':
      await request(sim, 'GET search', 'GET', `/api/timelines/${t}/search?q=${pick(WORDS)}`);
      return;
    case 'dashboard':
      await request(sim, 'GET user/timelines', 'GET', '/api/user/timelines');
      await request(sim, 'GET unread-counts', 'GET', '/api/user/timelines/unread-counts');
      await request(sim, 'GET messages unread', 'GET', '/api/conversations/unread-count');
      return;
  }
}

const weighted: Action[] = Object.entries(MIX).flatMap(([a, w]) => Array<Action>(w).fill(a as Action));

async function loop(sim: Sim, everyMs: number, until: number) {
  // Exponential waits from the start: each user is a Poisson process of rate 1 / everyMs from the first moment.
  const exponential = () => -Math.log(1 - Math.random()) * everyMs;
  let wait = exponential();
  for (;;) {
    await new Promise((r) => setTimeout(r, Math.max(0, Math.min(wait, until - performance.now()))));
    if (performance.now() >= until) return;
    actions++;
    await act(sim, pick(weighted));
    wait = exponential();
  }
}

/** Opens a socket, authenticates and subscribes to every threadline of the user; resolves when all answered. */
function openSocket(sim: Sim) {
  return new Promise<void>((resolve, reject) => {
    const ws = new WebSocket(`${sim.base.replace(/^http/, 'ws')}/ws`, {
      headers: { cookie: sim.user.cookie },
      origin: sim.base,
      perMessageDeflate: false,
      handshakeTimeout: 60_000,
    });
    sim.ws = ws;
    let pending = sim.user.timelines.length;
    let open = false;
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; data?: { change?: string } };
      if (COUNTED.has(message.type)) {
        if (message.type !== 'timeline_updated' || message.data?.change === 'reactions') sim.received++;
        return;
      }
      if (message.type === 'authenticated') {
        for (const timelineId of sim.user.timelines) {
          ws.send(JSON.stringify({ type: 'subscribe_timeline', timelineId }));
        }
      } else if (message.type === 'subscribed') {
        if (--pending === 0) resolve();
      } else if (message.type === 'auth_error' || message.type === 'error') {
        reject(new Error(`${message.type}: ${data.toString()}`));
      }
    });
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      reject(new Error(`upgrade refused with ${res.statusCode}`));
    });
    ws.once('open', () => {
      open = true;
      ws.send(JSON.stringify({ type: 'authenticate', userId: sim.user.id }));
    });
    ws.on('error', (err) => {
      if (!open) reject(err);
    });
    ws.on('close', () => {
      if (open && running) unexpectedCloses++;
    });
  });
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let at = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (at < items.length) await work(items[at++]!);
    }),
  );
}

serve({
  open: async (m) => {
    members = m.members as Record<string, string[]>;
    const list = m.users as Array<SimUser & { base: string }>;
    for (const { base, ...user } of list) sims.push({ user, base, seen: new Map(), received: 0 });
    const started = performance.now();
    await pool(sims, 50, openSocket);
    return { sockets: sims.length, openMs: performance.now() - started };
  },
  run: async (m) => {
    const durationMs = Number(m.durationMs);
    latencies = [];
    byRoute.clear();
    status5xx = statusOther = failed = actions = 0;
    running = true;
    const until = performance.now() + durationMs;
    await Promise.all(sims.map((s) => loop(s, Number(m.everyMs), until)));
    running = false;
    return { actions };
  },
  report: async () => ({
    latencies,
    byRoute: Object.fromEntries(byRoute),
    status5xx,
    statusOther,
    failed,
    unexpectedCloses,
    expected: Object.fromEntries(expected),
    received: Object.fromEntries(sims.map((s) => [s.user.id, s.received])),
  }),
  close: async () => {
    for (const s of sims) s.ws?.terminate();
    process.exit(0);
  },
});

process.send?.({ type: 'ready', pid: process.pid });
