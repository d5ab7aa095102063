// A load-generating process for bench/realtime.ts: opens many /ws sockets (each with its member's session
// cookie and the server's own Origin), authenticates and subscribes them like the web client, and notes the
// moment each socket receives each `new_post` (CLOCK_MONOTONIC, comparable with the bench process's clock).
// It sends {type: 'received', key, times} once every socket has the post whose content is `key`.
// Requests: open, subscribe, report, stats, close.
import WebSocket from 'ws';
import { type Member, now, serve } from './ipc.ts';

interface Target {
  /** http://127.0.0.1:port of a server. */
  base: string;
  members: Member[];
  /** false for the bare ws server: no authenticate. */
  handshake: boolean;
}

interface Socket {
  ws: WebSocket;
  member: Member;
  target: number;
  waiter?: { types: string[]; resolve(m: { type: string }): void; reject(e: Error): void };
}

const sockets: Socket[] = [];
/** Receipt times per post key, one array per target (instance). */
const receipts = new Map<string, { times: number[][]; count: number }>();
let targetCount = 1;
let unexpectedCloses = 0;
let sample: string | undefined;

function onEvent(socket: Socket, text: string, at: number) {
  const message = JSON.parse(text) as { type: string; data?: { post?: { content?: string } } };
  if (message.type !== 'new_post') return;
  const key = message.data?.post?.content ?? '';
  sample ??= text;
  let entry = receipts.get(key);
  if (!entry) {
    entry = { times: Array.from({ length: targetCount }, () => []), count: 0 };
    receipts.set(key, entry);
  }
  entry.times[socket.target]!.push(at);
  entry.count++;
  if (entry.count === sockets.length) {
    receipts.delete(key);
    process.send?.({ type: 'received', key, times: entry.times });
  }
}

function next(socket: Socket, types: string[], timeoutMs = 30_000) {
  return new Promise<{ type: string; message?: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${types.join('/')} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.waiter = {
      types,
      resolve: (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      reject: (e) => {
        clearTimeout(timer);
        reject(e);
      },
    };
  });
}

async function openOne(target: Target, index: number, member: Member): Promise<Socket> {
  const ws = new WebSocket(`${target.base.replace(/^http/, 'ws')}/ws`, {
    headers: { cookie: member.cookie },
    origin: target.base,
    perMessageDeflate: false,
    handshakeTimeout: 30_000,
  });
  const socket: Socket = { ws, member, target: index };
  let open = false;
  ws.on('message', (data: Buffer) => {
    const at = now();
    const text = data.toString();
    const waiter = socket.waiter;
    if (waiter) {
      const message = JSON.parse(text) as { type: string };
      if (waiter.types.includes(message.type)) {
        socket.waiter = undefined;
        waiter.resolve(message);
        return;
      }
    }
    if (text.includes('"new_post"')) onEvent(socket, text, at);
  });
  ws.on('close', (code, reason) => {
    if (open) unexpectedCloses++;
    socket.waiter?.reject(new Error(`closed ${code} ${reason}`));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      reject(new Error(`upgrade refused with ${res.statusCode}`));
      ws.terminate();
    });
    ws.once('open', () => resolve());
    ws.on('error', (err) => {
      if (!open) reject(err);
    });
  });
  open = true;
  if (target.handshake) {
    ws.send(JSON.stringify({ type: 'authenticate', userId: member.id }));
    const reply = await next(socket, ['authenticated', 'auth_error']);
    if (reply.type !== 'authenticated') throw new Error(`auth_error: ${reply.message}`);
  }
  return socket;
}

/** Runs `work` over `items` with at most `concurrency` at once. */
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
    const targets = m.targets as Target[];
    targetCount = targets.length;
    const started = now();
    const jobs = targets.flatMap((target, index) =>
      target.members.map((member) => ({ target, index, member })),
    );
    await pool(jobs, Number(m.concurrency ?? 50), async ({ target, index, member }) => {
      sockets.push(await openOne(target, index, member));
    });
    return { opened: sockets.length, ms: now() - started };
  },
  subscribe: async (m) => {
    const started = now();
    await pool(sockets, Number(m.concurrency ?? 50), async (socket) => {
      const waiting = next(socket, ['subscribed', 'error']);
      socket.ws.send(JSON.stringify({ type: 'subscribe_timeline', timelineId: m.timelineId }));
      const reply = await waiting;
      if (reply.type !== 'subscribed') throw new Error(`subscribe: ${reply.message}`);
    });
    return { subscribed: sockets.length, ms: now() - started };
  },
  /** What arrived so far for `key` (when not every socket got it in time). */
  report: async (m) => {
    const entry = receipts.get(String(m.key));
    receipts.delete(String(m.key));
    return { times: entry?.times ?? Array.from({ length: targetCount }, () => []) };
  },
  stats: async () => ({
    open: sockets.filter((s) => s.ws.readyState === WebSocket.OPEN).length,
    unexpectedCloses,
    sample,
  }),
  close: async () => {
    for (const s of sockets) s.ws.terminate();
    process.exit(0);
  },
});

process.send?.({ type: 'ready' });
