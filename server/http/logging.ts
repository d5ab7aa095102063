// Logging (DECISIONS §3): one line per request at info, details at debug, human-readable lines on a
// terminal, and never a password, hash, session id, query string or the parameters of a failed SQL query.
import { randomBytes } from 'node:crypto';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pretty from 'pino-pretty';
import { pgError } from '../db/errors.ts';

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  query?: string;
  cause?: LoggedError;
}

/** An error as it may be logged: a failed query keeps its SQL text and PostgreSQL code, not its parameters. */
export function safeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const { code, constraint } = pgError(err);
  const query = (err as { query?: unknown }).query;
  const isQueryError = typeof query === 'string' && 'params' in err;
  const logged: LoggedError = {
    type: err.constructor?.name || err.name,
    // drizzle puts the parameters in the message ("Failed query: ...\nparams: ..."): keep the first line.
    message: isQueryError ? `Failed query: ${query.split('\n')[0]!.slice(0, 200)}` : err.message,
    stack: (isQueryError ? undefined : err.stack) ?? '',
    ...(code && { code }),
    ...(constraint && { constraint }),
  };
  if (isQueryError) logged.query = query;
  if (err.cause !== undefined && depth < 3) logged.cause = safeError(err.cause, depth + 1);
  return logged;
}

/**
 * A request's id: random (Fastify's default counts from 1 in each process, so ids repeat across restarts and
 * instances), never taken from the client's headers (it would choose what the logs say).
 */
export function newRequestId(): string {
  return randomBytes(8).toString('hex');
}

/** Fastify's logger: JSON lines, or pretty ones when standard output is a terminal. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  const options = { level, serializers: { err: safeError } };
  if (!process.stdout.isTTY) return options;
  return {
    ...options,
    stream: pretty({ colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' }),
  };
}

/** A start-up failure in one readable block: the message, then each cause with its PostgreSQL code. */
export function describeError(err: unknown): string {
  const lines: string[] = [];
  for (let e: LoggedError | undefined = safeError(err), i = 0; e && i < 4; e = e.cause, i++) {
    const extra = [e.code && `code ${e.code}`, e.constraint && `constraint ${e.constraint}`].filter(Boolean);
    lines.push(`${i === 0 ? '' : 'caused by: '}${e.message}${extra.length ? ` (${extra.join(', ')})` : ''}`);
  }
  return lines.join('\n');
}

/** One info line per request (method, path without the query, status, time); the details at debug. */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request) || !['debug', 'trace'].includes(request.log.level)) return;
    request.log.debug({ ip: request.ip, userAgent: request.headers['user-agent'] }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime * 10) / 10}ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }

  /** Fastify's own would use the error's message as the line, and a failed query's holds its parameters. */
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const safe = safeError(error);
    if (reply.statusCode >= 500) reply.log.error({ err: error }, safe.message);
    else reply.log.info({ err: error }, safe.message);
  }
}
