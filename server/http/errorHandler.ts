import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
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
    const { retryAfter, ...extra } = err.extra;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    return reply.code(err.statusCode).send({ message: err.message, ...extra });
  }
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const code = (err as FastifyError).code;
    const message =
      FASTIFY_MESSAGES[code] ?? (err instanceof SyntaxError ? 'Body is not valid JSON' : err.message);
    return reply.code(status).send({ message });
  }
  request.log.error({ err }, 'unhandled error');
  return reply.code(500).send({ message: 'Internal server error' });
}
