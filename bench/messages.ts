// Direct messages (issue 12).
//   (a) GET /api/conversations (its first page of 50 since issue 23; the check reads all 10) for a user
//       with 500 readable conversations (5,510 in all, 1 to 15 messages
//       each, some unread; bench/messages/seed.ts), GET /api/conversations/unread-count, and a page of 50
//       messages (the newest, and 1,000 back) of a 2,000-message conversation: median and p95 on PGlite and,
//       with BENCH_DATABASE_URL, on PostgreSQL. Goal: the list's median under 20 ms on PostgreSQL (exit 1 if
//       missed). Then the list's SQL, captured while the route answers, with EXPLAIN (ANALYZE, BUFFERS).
//   (b) Delivery: POST /api/conversations/{id}/messages to the recipient's socket receiving new_message,
//       and POST .../read to the sender's message_read, p50/p95 over BENCH_MESSAGES (300) messages: one
//       instance on PGlite, one on PostgreSQL, two on PostgreSQL (recipient sockets on both; bench/messages/
//       delivery.ts).
// Run (about a minute with PostgreSQL; part of `npm run bench`):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/messages.ts
// BENCH_ONLY=list|delivery runs one part; BENCH_EXPLAIN=1 prints the whole plans.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { NEXT_CURSOR_HEADER } from '../common/limits.ts';
import { conversationList as listSchema } from '../common/schemas/conversation.ts';
import { sessionCookieName } from '../server/auth/cookies.ts';
import { presentConversation } from '../server/presenters/conversation.ts';
import { conversationList, unreadTotal } from '../server/queries/conversations.ts';
import { cpuSince, sampleCpu } from './feed/cpu.ts';
import { captureSql, explainCaptured, rawClient } from './feed/plans.ts';
import { type BenchTarget, benchKinds, printRow, startTarget, type Timing, timeRequests } from './lib.ts';
import { type DeliveryResult, delivery, type Scenario } from './messages/delivery.ts';
import { expected, LONG_MESSAGES, longConversation, seedMessages } from './messages/seed.ts';

const TIMED = { count: 300, warmup: 30 };
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 300);
const GOAL_MS = 20;
const ONLY = process.env.BENCH_ONLY;
const PG_URL = process.env.BENCH_DATABASE_URL;

const machine = () =>
  `${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function vacuumAnalyze(target: BenchTarget) {
  if (target.kind === 'pglite') await target.database.maintain();
  else await rawClient(target.database.db).query('VACUUM ANALYZE');
}

async function getJson(url: string, cookie: string) {
  const res = await fetch(url, { headers: { cookie } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/** Every page of the conversation list (50 a page since issue 23), following X-Next-Cursor. */
async function allConversations(url: string, cookie: string) {
  const all: Array<{ unreadCount: number; canSend: boolean }> = [];
  let next: string | null = null;
  let pages = 0;
  do {
    const pageUrl: string = next ? `${url}?cursor=${encodeURIComponent(next)}` : url;
    const res = await fetch(pageUrl, { headers: { cookie } });
    const text = await res.text();
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${text}`);
    all.push(...JSON.parse(text));
    next = res.headers.get(NEXT_CURSOR_HEADER);
    pages++;
  } while (next);
  return { all, pages };
}

/** The list's and unread-count's SQL, captured while the routes answer, explained one line each. */
async function explain(target: BenchTarget, url: string, cookie: string, label: string) {
  const captured = await captureSql(target, () => getJson(url, cookie));
  // The session lookup and the like are small; the statement reading conversations is the one of interest.
  const query = captured.filter((q) => /\bconversations\b/.test(q.text)).at(-1);
  if (!query) throw new Error(`no conversations statement captured for ${url}`);
  const plan = await explainCaptured(target, query);
  console.log(`  EXPLAIN ${label}: ${plan.summary}`);
  if (process.env.BENCH_EXPLAIN) for (const line of plan.text.split('\n')) console.log(`    ${line}`);
  return plan;
}

async function medianMs(times: number, work: () => unknown) {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)]!.toFixed(2);
}

/** Node's own CPU time (user + system) per call of `work`, over `times` calls: what load elsewhere cannot inflate. */
async function nodeCpuMs(times: number, work: () => Promise<unknown>) {
  const before = process.cpuUsage();
  for (let i = 0; i < times; i++) await work();
  const used = process.cpuUsage(before);
  return ((used.user + used.system) / 1000 / times).toFixed(2);
}

/**
 * Where the list's time goes, in process: wall-clock medians of the query (statement and driver), presenting,
 * zod and JSON; then Node's CPU per call of the query alone, of the whole route without HTTP (app.inject:
 * session, query, present, zod, JSON) and of a real request (the same plus HTTP on both ends, this process
 * being the client too).
 */
async function breakdown(target: BenchTarget, me: string, url: string, cookie: string) {
  const { db } = target.database;
  const rows = await conversationList(db, me);
  const query = await medianMs(30, () => conversationList(db, me));
  const present = await medianMs(30, () => rows.map((row) => presentConversation(row, me)));
  const presented = rows.map((row) => presentConversation(row, me));
  const zod = await medianMs(30, () => listSchema.parse(presented));
  const json = await medianMs(30, () => JSON.stringify(presented));
  const unread = await medianMs(30, () => unreadTotal(db, me));
  console.log(
    `  in process (median of 30): list query ${query} ms, present ${present} ms, zod ${zod} ms, JSON ${json} ms; unread-count query ${unread} ms`,
  );
  const cpuQuery = await nodeCpuMs(30, () => conversationList(db, me));
  const cpuInject = await nodeCpuMs(30, () =>
    target.app.inject({ method: 'GET', url: '/api/conversations', headers: { cookie } }),
  );
  const cpuFetch = await nodeCpuMs(30, () => getJson(url, cookie));
  console.log(
    `  Node CPU per call (30): list query ${cpuQuery} ms, route via app.inject ${cpuInject} ms, real request ${cpuFetch} ms`,
  );
}

interface ListRow {
  label: string;
  kind: string;
  timing: Timing;
  /** CPU per request (warm-up included): the app's process (the bench's fetch too) and PostgreSQL's backends. */
  cpuMs: number;
}

async function listPart(rows: ListRow[]) {
  for (const kind of benchKinds()) {
    const target = await startTarget(kind);
    try {
      const client = rawClient(target.database.db);
      const started = performance.now();
      const me = await seedMessages(client);
      await vacuumAnalyze(target);
      const want = await expected(client, me);
      const { totals } = want;
      console.log(
        `${kind}: seeded ${totals.conversations} conversations, ${totals.messages} messages, ${totals.reads} read rows in ${((performance.now() - started) / 1000).toFixed(1)} s; mine readable: ${want.conversations}, unread by me: ${want.unread}`,
      );
      const cookie = `${sessionCookieName(target.app.config)}=${await target.app.sessions.create(me)}`;
      const base = `${target.baseUrl}/api/conversations`;
      // The answers are what the tables say, before anything is timed.
      const { all: list, pages } = await allConversations(base, cookie);
      const unread = (await getJson(`${base}/unread-count`, cookie)) as { unreadCount: number };
      const listUnread = list.reduce((n, c) => n + c.unreadCount, 0);
      if (
        list.length !== want.conversations ||
        unread.unreadCount !== want.unread ||
        listUnread !== want.unread
      ) {
        throw new Error(
          `answers disagree with the tables: ${list.length} conversations listed (want ${want.conversations}), unread-count ${unread.unreadCount}, sum of the list's ${listUnread} (want ${want.unread})`,
        );
      }
      console.log(
        `  list: ${list.length} conversations in ${pages} pages, ${list.filter((c) => c.unreadCount > 0).length} with unread messages, ${list.filter((c) => !c.canSend).length} read-only; ${JSON.stringify(list).length} bytes`,
      );
      const long = await longConversation(client, 1000);
      const page = await getJson(`${base}/${long.id}/messages`, cookie);
      const deep = await getJson(
        `${base}/${long.id}/messages?cursor=${encodeURIComponent(long.cursor)}`,
        cookie,
      );
      if (page.length !== 50 || deep.length !== 50) throw new Error('a messages page is not 50 long');

      const get = (path: string) => timeRequests(`${base}${path}`, { headers: { cookie } }, TIMED);
      const pgClient = kind === 'postgres' ? client : null;
      const measure = async (label: string, path: string) => {
        const before = await sampleCpu(pgClient);
        const timing = await get(path);
        const spent = await cpuSince(pgClient, before);
        const cpuMs = (spent.nodeMs + spent.postgresMs) / (TIMED.count + TIMED.warmup);
        printRow(label, kind, timing);
        console.log(
          `  CPU per request ${ms(cpuMs)} (Node ${ms(spent.nodeMs / (TIMED.count + TIMED.warmup))}, PostgreSQL ${ms(spent.postgresMs / (TIMED.count + TIMED.warmup))}); machine ${spent.machineBusyMs && spent.machineTotalMs ? Math.round((100 * spent.machineBusyMs) / spent.machineTotalMs) : '?'} % busy`,
        );
        rows.push({ label, kind, timing, cpuMs });
      };
      await measure('`GET /api/conversations`, first 50 of 500', '');
      await measure('`GET /api/conversations/unread-count`', '/unread-count');
      await measure(
        `\`GET .../messages\`, newest 50 of ${LONG_MESSAGES.toLocaleString('en')}`,
        `/${long.id}/messages`,
      );
      await measure(
        '`GET .../messages?cursor=`, 1,000 back',
        `/${long.id}/messages?cursor=${encodeURIComponent(long.cursor)}`,
      );
      await breakdown(target, me, base, cookie);
      await explain(target, base, cookie, `${kind} list`);
      await explain(target, `${base}/unread-count`, cookie, `${kind} unread-count`);
    } finally {
      await target.close();
    }
  }
}

async function main() {
  console.log(`start: ${machine()}, Node ${process.version}`);
  const listRows: ListRow[] = [];
  const deliveries: DeliveryResult[] = [];
  if (ONLY !== 'delivery') await listPart(listRows);
  if (ONLY !== 'list') {
    const scenarios: Scenario[] = PG_URL ? ['one', 'one-pg', 'two'] : ['one'];
    for (const scenario of scenarios) {
      const result = await delivery(scenario, PG_URL ?? '', MESSAGES);
      deliveries.push(result);
      console.log(
        `delivery ${scenario}: p50 ${ms(result.sameInstance.medianMs)}, p95 ${ms(result.sameInstance.p95Ms)}${result.otherInstance ? `; other instance p50 ${ms(result.otherInstance.medianMs)}, p95 ${ms(result.otherInstance.p95Ms)}` : ''}; read receipt p50 ${ms(result.readReceipt.medianMs)}; server CPU ${ms(result.serverCpuMs)} per message + read; missing ${result.missing}`,
      );
    }
  }
  console.log(`end: ${machine()}`);

  let failed = false;
  if (listRows.length) {
    console.log(
      '\n| request | database | n | median | p95 | CPU / request |\n| --- | --- | --- | --- | --- | --- |',
    );
    for (const r of listRows) {
      const goal = r.kind === 'postgres' && r.label.startsWith('`GET /api/conversations` ');
      const over = goal && r.timing.medianMs >= GOAL_MS;
      failed ||= over;
      const db = r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
      console.log(
        `| ${r.label} | ${db} | ${r.timing.count} | ${ms(r.timing.medianMs)}${over ? ` (MISSED: goal < ${GOAL_MS} ms)` : ''} | ${ms(r.timing.p95Ms)} | ${ms(r.cpuMs)} |`,
      );
    }
  }
  if (deliveries.length) {
    const names = {
      one: 'one instance, PGlite',
      'one-pg': 'one instance, PostgreSQL',
      two: 'two instances, PostgreSQL',
    };
    console.log(`\nFrom the request to the socket (${MESSAGES} messages each, one at a time):`);
    console.log(
      '| scenario | path | n | p50 | p95 | p99 | max |\n| --- | --- | --- | --- | --- | --- | --- |',
    );
    const line = (name: string, path: string, t: Timing) =>
      console.log(
        `| ${name} | ${path} | ${t.count} | ${ms(t.medianMs)} | ${ms(t.p95Ms)} | ${ms(t.p99Ms)} | ${ms(t.maxMs)} |`,
      );
    for (const d of deliveries) {
      failed ||= d.missing > 0;
      const name = names[d.scenario] + (d.missing ? ` (${d.missing} MISSING)` : '');
      line(name, 'POST message -> recipient new_message', d.sameInstance);
      if (d.otherInstance) line(name, 'the same, recipient on instance B', d.otherInstance);
      line(name, 'POST message answered', d.answered);
      line(name, 'POST read -> sender message_read', d.readReceipt);
    }
  }
  if (failed) process.exitCode = 1;
}

await main();
