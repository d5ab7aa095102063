// `npm run admin -- <command>`: fix an account or a threadline from the shell. Exit codes: 0 done, 1 refused or
// failed, 2 usage. Each command is a function in ./commands taking a db handle; this file parses and prints.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, linkBase, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { describeError } from '../http/logging.ts';
import { migrationStatus } from './commands/db.ts';
import { revokeSessions } from './commands/sessions.ts';
import { recountStorage } from './commands/storage.ts';
import { listTimelines, showTimeline, transferTimeline } from './commands/timelines.ts';
import {
  disableUser,
  enableUser,
  listUsers,
  resetPasswordLink,
  setPassword,
  setPlan,
  showUser,
} from './commands/users.ts';
import { AdminError } from './errors.ts';
import { openAdminDatabase } from './open.ts';
import { publishToInstances, sessionEvents } from './publish.ts';

export const USAGE = `Usage: npm run admin -- <command>

  users list [--limit N] [--offset N]     accounts, oldest first (50 a page; at most 1000)
  users show EMAIL                        one account: plan, storage, threadlines, sessions
  users reset-password EMAIL              print a one-time reset link (one hour; nothing is mailed)
  users reset-password EMAIL --stdin      set the password read from stdin; ends the account's sessions
  users set-plan EMAIL PLAN               grant free, pro or community outside billing
  users disable EMAIL                     refuse every sign-in of the account and end its sessions
  users enable EMAIL                      let a disabled account sign in again
  timelines list [--limit N] [--offset N] threadlines, oldest first, with owner and member count
  timelines show ID                       one threadline and its members
  timelines transfer ID EMAIL             make a member the owner; the previous owner becomes a moderator
  sessions revoke EMAIL                   sign the account out everywhere
  storage recount                         recompute every account's storage use from its uploads
  db migrate                              apply pending database migrations

Works on PostgreSQL when DATABASE_URL is set (any time), else on the embedded database in DATA_DIR (only
while the server is stopped).`;

class UsageError extends Error {}

type Io = { out: (line: string) => void; err: (line: string) => void; stdin: () => Promise<string> };

const COMMANDS: Record<
  string,
  { args: number; run: (database: Database, a: Parsed, io: Io) => Promise<void> }
> = {
  'users list': {
    args: 0,
    run: async ({ db }, a, io) => {
      const { rows, total } = await listUsers(db, a.page);
      table(
        io,
        ['email', 'plan', 'storage', 'sign-in', 'state', 'created', 'id'],
        rows.map((r) => [
          r.email ?? '-',
          r.plan,
          bytes(r.storageUsedBytes),
          r.local ? 'password' : 'oidc',
          r.disabled ? 'disabled' : 'active',
          day(r.createdAt),
          r.id,
        ]),
      );
      io.out(pageLine(a.page, rows.length, total, 'accounts'));
    },
  },
  'users show': { args: 1, run: async ({ db }, a, io) => fields(io, await showUser(db, a.positionals[0]!)) },
  'users reset-password': {
    args: 1,
    run: async (database, a, io) => {
      const { db } = database;
      const [email] = a.positionals as [string];
      if (!a.stdin) {
        io.out(await resetPasswordLink(db, email, linkBase(a.config)));
        return;
      }
      // One trailing newline is the shell's (echo, a here-string), not the password's.
      const password = (await io.stdin()).replace(/\r?\n$/, '');
      const ended = await setPassword(db, email, password);
      io.out(`Password set for ${email}; ${sessionCount(ended)} ended.`);
      await closeSockets(database, a, ended, io);
    },
  },
  'users set-plan': {
    args: 2,
    run: async ({ db }, a, io) => {
      const [email, plan] = a.positionals as [string, string];
      const { from, to } = await setPlan(db, email, plan);
      io.out(from === to ? `${email} was already on ${to}.` : `${email}: ${from} -> ${to}.`);
    },
  },
  'users disable': {
    args: 1,
    run: async (database, a, io) => {
      const [email] = a.positionals as [string];
      const { already, ended } = await disableUser(database.db, email);
      io.out(
        `${email} ${already ? 'was already' : 'is now'} disabled: it cannot sign in; ${sessionCount(ended)} ended.`,
      );
      await closeSockets(database, a, ended, io);
    },
  },
  'users enable': {
    args: 1,
    run: async ({ db }, a, io) => {
      const [email] = a.positionals as [string];
      const was = await enableUser(db, email);
      io.out(was ? `${email} is enabled: it can sign in again.` : `${email} was not disabled.`);
    },
  },
  'timelines list': {
    args: 0,
    run: async ({ db }, a, io) => {
      const { rows, total } = await listTimelines(db, a.page);
      table(
        io,
        ['name', 'owner', 'members', 'state', 'created', 'id'],
        rows.map((r) => [
          r.name,
          r.owner ?? '-',
          String(r.members),
          r.archived ? 'archived' : 'active',
          day(r.createdAt),
          r.id,
        ]),
      );
      io.out(pageLine(a.page, rows.length, total, 'threadlines'));
    },
  },
  'timelines show': {
    args: 1,
    run: async ({ db }, a, io) => {
      const { members, ...timeline } = await showTimeline(db, a.positionals[0]!);
      fields(io, timeline);
      io.out('');
      table(
        io,
        ['member', 'role'],
        members.map((m) => [m.email ?? '(deleted account)', m.role]),
      );
    },
  },
  'timelines transfer': {
    args: 2,
    run: async ({ db }, a, io) => {
      const [id, email] = a.positionals as [string, string];
      const { previousOwner, newOwner } = await transferTimeline(db, a.config, id, email);
      io.out(`${newOwner} now owns the threadline; ${previousOwner} is a moderator.`);
    },
  },
  'sessions revoke': {
    args: 1,
    run: async (database, a, io) => {
      const ended = await revokeSessions(database.db, a.positionals[0]!);
      io.out(`${sessionCount(ended)} ended.`);
      await closeSockets(database, a, ended, io);
    },
  },
  'storage recount': {
    args: 0,
    run: async ({ db }, _a, io) => {
      const { checked, changed } = await recountStorage(db);
      for (const c of changed) io.out(`${c.email ?? c.id}: ${bytes(c.before)} -> ${bytes(c.after)}`);
      io.out(`${checked} accounts checked, ${changed.length} corrected.`);
    },
  },
  'db migrate': {
    args: 0,
    run: async ({ db }, _a, io) => {
      const { applied, known, latest } = await migrationStatus(db);
      io.out(
        `Database is up to date: ${applied} migrations applied (of ${known} shipped; latest ${latest}).`,
      );
    },
  },
};

interface Parsed {
  key: string;
  positionals: string[];
  page: { limit: number; offset: number };
  stdin: boolean;
  config: ReturnType<typeof loadConfig>;
}

function parse(argv: string[]): Omit<Parsed, 'config'> {
  let values: { limit?: string; offset?: string; stdin?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        limit: { type: 'string' },
        offset: { type: 'string' },
        stdin: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help || positionals.length === 0) throw new UsageError('');
  const key = positionals.slice(0, 2).join(' ');
  const command = COMMANDS[key];
  if (!command) throw new UsageError(`Unknown command: ${key}`);
  const rest = positionals.slice(2);
  if (rest.length !== command.args) {
    throw new UsageError(`${key} takes ${command.args} argument${command.args === 1 ? '' : 's'}`);
  }
  if (values.stdin && key !== 'users reset-password')
    throw new UsageError('--stdin is for users reset-password');
  const count = (name: string, value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
    return Number(value);
  };
  const limit = count('limit', values.limit, 50);
  if (limit < 1 || limit > 1000) throw new UsageError('--limit must be between 1 and 1000');
  return {
    key,
    positionals: rest,
    page: { limit, offset: count('offset', values.offset, 0) },
    stdin: !!values.stdin,
  };
}

/**
 * Closes the ended sessions' sockets on every running instance (a session event on their bus). The sessions
 * have ended whatever happens here: if the bus is unreachable, the instances' session check closes the
 * sockets within REALTIME.sessionCheckMs instead, and the command still succeeds.
 */
async function closeSockets(database: Database, a: Parsed, ended: string[], io: Io) {
  try {
    await publishToInstances(a.config, database, sessionEvents(ended));
  } catch (err) {
    io.err(
      `Warning: could not tell the running instances (${describeError(err)}); open sockets close within a minute.`,
    );
  }
}

const sessionCount = (ended: string[]) => `${ended.length} session${ended.length === 1 ? '' : 's'}`;

/** Runs one command line; returns the exit code. */
export async function runCli(
  argv: string[],
  io: Io,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let parsed: Omit<Parsed, 'config'>;
  try {
    parsed = parse(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    if (err.message) io.err(err.message);
    io.err(USAGE);
    return argv.includes('--help') || argv.includes('-h') ? 0 : 2;
  }
  let database: Database | undefined;
  try {
    const config = loadConfig(env);
    database = await openAdminDatabase(config, { create: parsed.key === 'db migrate' });
    await COMMANDS[parsed.key]!.run(database, { ...parsed, config }, io);
    return 0;
  } catch (err) {
    // Refusals (ours, the reused commands' 4xx, bad configuration) are their message; anything else in full.
    const known = err instanceof AdminError || err instanceof HttpError || err instanceof ConfigError;
    io.err(known ? (err as Error).message : `Failed: ${describeError(err)}`);
    return 1;
  } finally {
    await database?.close();
  }
}

const bytes = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 ** 2
      ? `${(n / 1024).toFixed(1)} KB`
      : n < 1024 ** 3
        ? `${(n / 1024 ** 2).toFixed(1)} MB`
        : `${(n / 1024 ** 3).toFixed(2)} GB`;
const day = (d: Date) => d.toISOString().slice(0, 10);
const pageLine = (page: { limit: number; offset: number }, shown: number, total: number, what: string) =>
  shown === 0
    ? `No ${what} at offset ${page.offset} (${total} in all).`
    : `${what} ${page.offset + 1}-${page.offset + shown} of ${total}` +
      (page.offset + shown < total ? ` (next: --offset ${page.offset + shown})` : '');

function table(io: Io, head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  io.out(line(head));
  for (const row of rows) io.out(line(row));
}

function fields(io: Io, record: Record<string, unknown>) {
  const width = Math.max(...Object.keys(record).map((k) => k.length));
  for (const [key, value] of Object.entries(record)) {
    const shown = value instanceof Date ? value.toISOString() : value === null ? '-' : String(value);
    io.out(`${key.padEnd(width)}  ${shown}`);
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const code = await runCli(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    stdin: readStdin,
  });
  process.exit(code);
}
