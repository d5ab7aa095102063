// The OpenAPI 3.1 document (GET /api/openapi.json), built from the routes as registered: their zod schemas
// (z.toJSONSchema: bodies, path and query parameters as the validator reads them, answers as the serializer
// writes them), the `summary`/`tags` in each route's schema, and error answers derived from how the route is
// mounted (errorAnswers below) plus those its schema's `errors` names.
import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../../common/limits.ts';

/** The error statuses of DECISIONS §3 a route may declare beyond the derived ones. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

declare module 'fastify' {
  interface FastifySchema {
    /** One line for the API reference (server/openapi). Every route has one (openapi.test.ts). */
    summary?: string;
    description?: string;
    tags?: string[];
    /** Error answers the handler itself gives, with when, beyond those errorAnswers derives. */
    errors?: Partial<Record<ErrorStatus, string>>;
    /** Not an API call (@fastify/static sets it on the client's files): left out of the reference. */
    hide?: boolean;
  }
}

export interface CatalogRoute {
  method: string;
  url: string;
  schema: FastifySchema;
  /** Mounted under requireUser (app.ts's signed-in subtree). */
  signedIn: boolean;
  writeLimit?: string;
  websocket: boolean;
  /** Refused (403) when Origin or Sec-Fetch-Site names another site, if it changes state or upgrades. */
  crossSiteChecked: boolean;
}

/** Every route as registered (an onRoute hook at the root), for the document and for tests. */
export class RouteCatalog {
  private readonly routes: { options: RouteOptions; method: string }[] = [];
  private readonly signedIn = new WeakSet<object>();

  /** `crossSiteExempt`: the URLs app.ts's cross-site check lets through (one-click unsubscribe). */
  constructor(private readonly crossSiteExempt: readonly string[] = []) {}

  /** onRoute at the root: sees every route. HEAD answers as GET does, so it is not listed apart. */
  readonly collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') this.routes.push({ options: route, method });
    }
  };

  /** onRoute inside the signed-in subtree (the routes behind requireUser). */
  readonly markSignedIn = (route: RouteOptions) => {
    this.signedIn.add(route);
  };

  list(): CatalogRoute[] {
    return this.routes.map(({ options, method }) => ({
      method,
      url: options.url,
      schema: (options.schema ?? {}) as FastifySchema,
      signedIn: this.signedIn.has(options),
      writeLimit: (options.config as { writeLimit?: string } | undefined)?.writeLimit,
      websocket: Boolean((options as { websocket?: boolean }).websocket),
      crossSiteChecked: !this.crossSiteExempt.includes(options.url),
    }));
  }
}

type JsonSchema = Record<string, unknown>;

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of a zod schema; what JSON cannot say (transforms) is open. */
export function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema {
  if (!isZod(schema)) return (schema ?? {}) as JsonSchema;
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

const ERROR_SCHEMAS = {
  Error: {
    type: 'object',
    required: ['message'],
    properties: { message: { type: 'string' } },
    additionalProperties: true,
  },
  ValidationError: {
    type: 'object',
    required: ['message', 'errors'],
    properties: {
      message: { type: 'string', description: 'The first problem, and how many more there are' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['path', 'message'],
          properties: { path: { type: 'string' }, message: { type: 'string' } },
        },
      },
    },
  },
  RateLimited: {
    type: 'object',
    required: ['message', 'retryAfter'],
    properties: {
      message: { type: 'string' },
      retryAfter: { type: 'integer', description: 'Seconds; also in the Retry-After header' },
    },
  },
  PlanLimit: {
    type: 'object',
    required: ['message', 'planUpgradeRequired', 'limit'],
    properties: {
      message: { type: 'string' },
      planUpgradeRequired: { const: true },
      limit: { type: 'integer' },
    },
  },
} as const;

type ErrorSchemaName = keyof typeof ERROR_SCHEMAS;

function errorAnswer(description: string, schema: ErrorSchemaName = 'Error', alsoPlain = false) {
  const ref = (name: ErrorSchemaName) => ({ $ref: `#/components/schemas/${name}` });
  const answer: JsonSchema = {
    description,
    content: {
      'application/json': { schema: alsoPlain ? { anyOf: [ref(schema), ref('Error')] } : ref(schema) },
    },
  };
  if (schema === 'RateLimited') {
    answer.headers = { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } };
  }
  return answer;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error answers a route gives by the way it is mounted: a schema for input (400), the signed-in subtree
 * (401), app.ts's cross-site check on calls that change state and on the socket (403), path parameters (an id
 * the caller cannot see is 404, DECISIONS §3), a JSON body (413 over the body limit, 415 not JSON), a write
 * limit (429); then the route's own `errors`.
 */
export function errorAnswers(route: CatalogRoute): Record<string, JsonSchema> {
  const { schema } = route;
  const out: Record<string, JsonSchema> = {};
  if (schema.body || schema.params || schema.querystring) {
    // A body that is not JSON at all is a plain {message}.
    out['400'] = errorAnswer(
      'The input does not match the schema: each field problem listed (a body that is not JSON: message only)',
      'ValidationError',
      Boolean(schema.body),
    );
  }
  if (route.signedIn) out['401'] = errorAnswer('Not signed in: `{"message": "Unauthorized"}`');
  if (route.crossSiteChecked && (STATE_CHANGING.has(route.method) || route.websocket)) {
    out['403'] = errorAnswer('Cross-site request refused (Origin or Sec-Fetch-Site names another site)');
  }
  if (schema.params) out['404'] = errorAnswer('Not found, or not visible to the caller');
  if (schema.body) {
    out['413'] = errorAnswer(`The body is over ${BODY_LIMIT_BYTES / 1024 / 1024} MB`);
    out['415'] = errorAnswer('The body is not JSON');
  }
  if (route.writeLimit) {
    out['429'] = errorAnswer(
      `Past the per-user write limit for ${route.writeLimit} (DECISIONS §3)`,
      'RateLimited',
    );
  }
  for (const [status, when] of Object.entries(schema.errors ?? {})) {
    // {planUpgradeRequired, limit} only when a plan limit is the one reason given.
    const name: ErrorSchemaName =
      status === '429' ? 'RateLimited' : /^Past the plan limit/.test(when) ? 'PlanLimit' : 'Error';
    const derived = out[status]?.description;
    // Beside a derived answer (the cross-site 403, say) the body may be either.
    out[status] = errorAnswer(
      derived ? `${derived}; ${when}` : when,
      name,
      Boolean(derived) && name === 'PlanLimit',
    );
  }
  return out;
}

/** `/api/timelines/:id` -> `/api/timelines/{id}`; a wildcard `*` is the parameter `{path}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');

function parameters(route: CatalogRoute): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (where: 'path' | 'query', source: unknown) => {
    const json = jsonSchemaOf(source, 'input');
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, schema] of Object.entries(properties)) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema });
    }
  };
  if (route.schema.params) add('path', route.schema.params);
  if (route.url.endsWith('*')) {
    out.push({ name: 'path', in: 'path', required: true, schema: { type: 'string' } });
  }
  if (route.schema.querystring) add('query', route.schema.querystring);
  return out;
}

function operation(route: CatalogRoute): JsonSchema {
  const { schema } = route;
  const op: JsonSchema = {
    operationId: `${route.method.toLowerCase()} ${route.url}`,
    summary: schema.summary,
    tags: schema.tags ?? [tagFor(route.url)],
  };
  if (schema.description) op.description = schema.description;
  const params = parameters(route);
  if (params.length) op.parameters = params;
  if (schema.body) {
    // A body schema that accepts nothing at all (`.nullish()`) makes the body optional.
    const optional = isZod(schema.body) && schema.body.safeParse(undefined).success;
    op.requestBody = {
      required: !optional,
      content: { 'application/json': { schema: jsonSchemaOf(schema.body, 'input') } },
    };
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    responses[status] = {
      description: Number(status) < 400 ? 'Success' : 'See the schema',
      content: { 'application/json': { schema: jsonSchemaOf(answer, 'output') } },
    };
  }
  if (route.websocket) responses['101'] = { description: 'Switching protocols: the realtime socket' };
  if (Object.keys(responses).length === 0) responses.default = { description: 'See the summary' };
  op.responses = { ...responses, ...errorAnswers(route) };
  if (route.signedIn) op.security = [{ session: [] }];
  return op;
}

/** The tag of a route that names none: its first path segment (`/api/timelines/...` -> `timelines`). */
export const tagFor = (url: string) => url.replace(/^\/api\//, '').split('/')[0] || 'api';

export function buildOpenApiDocument(
  routes: CatalogRoute[],
  info: { version: string; serverUrl?: string; cookieName: string },
) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    // @fastify/websocket hides its routes (for @fastify/swagger); the socket is part of the API.
    if (route.schema.hide && !route.websocket) continue;
    const p = openApiPath(route.url);
    paths[p] ??= {};
    paths[p][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Threadline API',
      version: info.version,
      description:
        'Every route of the server, generated from the zod schemas it validates and answers with. ' +
        'Errors are JSON `{message, ...}` (DECISIONS §3); every /api answer carries Cache-Control: no-store.',
    },
    ...(info.serverUrl && { servers: [{ url: info.serverUrl }] }),
    paths,
    components: {
      schemas: ERROR_SCHEMAS,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: info.cookieName,
          description: 'The session cookie that signing in sets (HttpOnly, SameSite=Lax)',
        },
      },
    },
  };
}
