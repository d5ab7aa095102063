import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { HttpError } from './errors.ts';
import { fieldProblems, summarise } from './zod.ts';

/** Clear words for Fastify's own client errors. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large (limit 1 MB)',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON (application/json) or no body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body is empty: send JSON or no content type',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Body is not valid JSON',
};

export function errorHandler(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ZodError) {
    const errors = fieldProblems(err);
    return reply.code(400).send({ message: summarise(errors), errors });
  }
  if (err instanceof HttpError) {
    // A refusal that says when to come back says it twice: Retry-After and `retryAfter` (DECISIONS §3).
    const { retryAfter } = err.extra;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    return reply.code(err.statusCode).send({ message: err.message, ...err.extra });
  }
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const code = (err as FastifyError).code;
    const message =
      FASTIFY_MESSAGES[code] ?? (err instanceof SyntaxError ? 'Body is not valid JSON' : err.message);
    return reply.code(status).send({ message });
  }
  if (isDatabaseUnavailable(err)) {
    // The database (or another service) is down or unreachable: a retryable 503, not a bug.
    request.log.warn({ err }, 'service unavailable');
    return reply.code(503).header('retry-after', '5').send({ message: 'Service temporarily unavailable' });
  }
  request.log.error({ err }, 'unhandled error');
  return reply.code(500).send({ message: 'Internal server error' });
}

/** Errors Fastify raises before routing (malformed URL encoding, over-long path segments). */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (err, _request, res) => {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const reply = res as FastifyReply;
  reply
    .code(tooLong ? 414 : 400)
    .header('cache-control', 'no-store')
    .send({
      message: tooLong ? 'The address is too long' : 'The address is not valid (malformed URL encoding)',
    });
};

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long'],
};

/** What Node's HTTP parser refuses (oversized headers, garbage): the same {message} JSON shape. */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Bad Request', 'Bad request'];
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
