// Part (b) of bench/messages.ts: how long a direct message takes from POST /api/conversations/{id}/messages
// to the recipient's socket receiving new_message, and a read (POST .../read) to the sender's message_read.
// The app runs in processes of its own (bench/realtime/server.ts, the real buildApp: PGlite in memory, or one
// scratch PostgreSQL database shared by two instances, which then talk over LISTEN/NOTIFY); the two sockets
// and the HTTP client live in the bench process (two sockets and one request at a time: no load to speak of).
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { createEmptyDatabase } from '../../server/test/db.ts';
import { summarize, type Timing } from '../lib.ts';
import { type Child, forkChild, type Member, now } from '../realtime/ipc.ts';

export type Scenario = 'one' | 'one-pg' | 'two';

export interface DeliveryResult {
  scenario: Scenario;
  /** POST to the recipient's socket on the instance that took the POST. */
  sameInstance: Timing;
  /** two: POST through A to the recipient's socket on B (over NOTIFY). */
  otherInstance?: Timing;
  /** The POST's HTTP answer. */
  answered: Timing;
  /** POST .../read to the sender's message_read. */
  readReceipt: Timing;
  missing: number;
  /** The app processes' CPU time (user + system, every instance) per message and its read, warm-up included. */
  serverCpuMs: number;
}

const TIMEOUT_MS = 10_000;
const PAUSE_MS = 10;
const serverScript = fileURLToPath(new URL('../realtime/server.ts', import.meta.url));

interface Server {
  child: Child;
  base: string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = forkChild(serverScript, { env });
  const ready = await child.ready;
  return { child, base: String(ready.baseUrl) };
}

/** An authenticated /ws socket that hands each event to `waiters` by type, with its receipt time. */
async function openSocket(base: string, member: Member) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, {
    headers: { cookie: member.cookie },
    origin: base,
    perMessageDeflate: false,
  });
  const waiters = new Set<
    (message: { type: string; data?: Record<string, unknown> }, at: number) => boolean
  >();
  ws.on('message', (data: Buffer) => {
    const at = now();
    const message = JSON.parse(data.toString());
    for (const waiter of waiters) if (waiter(message, at)) waiters.delete(waiter);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const wait = (match: (m: { type: string; data?: Record<string, unknown> }) => boolean) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error('timed out'));
      }, TIMEOUT_MS);
      const waiter = (m: { type: string; data?: Record<string, unknown> }, at: number) => {
        if (!match(m)) return false;
        clearTimeout(timer);
        resolve(at);
        return true;
      };
      waiters.add(waiter);
    });
  const authenticated = wait((m) => m.type === 'authenticated');
  ws.send(JSON.stringify({ type: 'authenticate', userId: member.id }));
  await authenticated;
  return {
    /** Resolves with the receipt time of the new_message whose content is `key` (rejects after 10 s). */
    message: (key: string) =>
      wait(
        (m) =>
          m.type === 'new_message' &&
          (m.data?.directMessage as { content?: string } | undefined)?.content === key,
      ),
    read: (conversationId: string) =>
      wait((m) => m.type === 'message_read' && m.data?.conversationId === conversationId),
    close: () => ws.close(),
  };
}

async function call(base: string, cookie: string, path: string, body: unknown, status: number) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: base },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== status) throw new Error(`POST ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `count` messages, one at a time, from a threadline's owner to a member (warm-up first, untimed). */
export async function delivery(
  scenario: Scenario,
  pgUrl: string,
  count: number,
  warmup = 20,
): Promise<DeliveryResult> {
  const scratch = scenario === 'one' ? undefined : await createEmptyDatabase(pgUrl, 'tl_bench_msg');
  const env: Record<string, string> = scratch ? { BENCH_DB_URL: scratch.url } : {};
  const servers: Server[] = [];
  const sockets: Array<{ close(): void }> = [];
  try {
    // One at a time: both run the migrations on start.
    servers.push(await startServer(env));
    if (scenario === 'two') servers.push(await startServer(env));
    const [a, b] = servers as [Server, Server | undefined];
    const seeded = await a.child.ask<{ timelineId: string; owner: Member; members: Member[] }>({
      type: 'seed',
      members: 1,
    });
    const sender = seeded.owner;
    const recipient = seeded.members[0]!;
    const started = await call(
      a.base,
      sender.cookie,
      '/api/conversations',
      { timelineId: seeded.timelineId, recipientId: recipient.id },
      201,
    );
    const conversationId = String(started.id);
    // The recipient has a tab on the instance that takes the POSTs (and one on B); the sender one on A.
    const onA = await openSocket(a.base, recipient);
    const onB = b ? await openSocket(b.base, recipient) : undefined;
    const senderSocket = await openSocket(a.base, sender);
    sockets.push(onA, senderSocket, ...(onB ? [onB] : []));

    const cpu = () =>
      Promise.all(servers.map((s) => s.child.ask<{ user: number; system: number }>({ type: 'cpu' })));
    const cpuBefore = await cpu();
    const same: number[] = [];
    const other: number[] = [];
    const answered: number[] = [];
    const receipts: number[] = [];
    let missing = 0;
    for (let i = 0; i < warmup + count; i++) {
      const key = `bench message ${scenario} ${i} ${randomUUID()}`;
      const arrivals = [onA.message(key), ...(onB ? [onB.message(key)] : [])].map((p) =>
        p.catch(() => undefined),
      );
      const start = now();
      await call(
        a.base,
        sender.cookie,
        `/api/conversations/${conversationId}/messages`,
        { content: key },
        201,
      );
      const done = now();
      const [atA, atB] = await Promise.all(arrivals);
      // The read receipt: the recipient reads it (through A), the sender's socket hears of it.
      const receipt = senderSocket.read(conversationId).catch(() => undefined);
      const readStart = now();
      await call(a.base, recipient.cookie, `/api/conversations/${conversationId}/read`, {}, 200);
      const readAt = await receipt;
      if (i < warmup) continue;
      answered.push(done - start);
      if (atA === undefined) missing++;
      else same.push(atA - start);
      if (onB) {
        if (atB === undefined) missing++;
        else other.push(atB - start);
      }
      if (readAt === undefined) missing++;
      else receipts.push(readAt - readStart);
      await sleep(PAUSE_MS);
    }
    const cpuAfter = await cpu();
    const cpuMs = cpuAfter.reduce(
      (n, c, k) => n + (c.user + c.system - cpuBefore[k]!.user - cpuBefore[k]!.system) / 1000,
      0,
    );
    return {
      scenario,
      serverCpuMs: cpuMs / (warmup + count),
      sameInstance: summarize(same),
      ...(onB && { otherInstance: summarize(other) }),
      answered: summarize(answered),
      readReceipt: summarize(receipts),
      missing,
    };
  } finally {
    for (const s of sockets) s.close();
    await Promise.all(servers.map((s) => s.child.close()));
    await scratch?.drop();
  }
}
