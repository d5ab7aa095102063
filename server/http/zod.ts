// Route schemas are the zod schemas of common/: they validate input and shape every response.
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ZodError, type ZodType } from 'zod';
import { compileJson } from './compiled-json.ts';

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  };

export const zodSerializerCompiler: FastifySerializerCompiler<ZodType> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(schema.parse(data));

const compiled = new WeakSet<ZodType>();

/**
 * A response schema served by a compiled serializer (http/compiled-json.ts) instead of zod's parse: for the
 * hot list routes. The answer holds the same bytes; a value of the wrong type is coerced, not refused.
 */
export function compiledResponse<T extends ZodType>(schema: T): T {
  compiled.add(schema);
  return schema;
}

/**
 * zodSerializerCompiler, with the schemas marked by compiledResponse compiled (unless `compiled` is off).
 * `verify` (tests) checks every compiled answer against zod's.
 */
export const serializerCompiler =
  (options: { compiled: boolean; verify: boolean }): FastifySerializerCompiler<ZodType> =>
  (route) =>
    options.compiled && compiled.has(route.schema)
      ? compileJson(route.schema, options.verify)
      : zodSerializerCompiler(route);

export interface FieldProblem {
  path: string;
  message: string;
}

export function fieldProblems(err: ZodError): FieldProblem[] {
  return err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** "Display name must be at most 100 characters" or, for several problems, the first one and a count. */
export function summarise(problems: FieldProblem[]): string {
  const first = problems[0];
  if (!first) return 'Invalid request';
  const head =
    first.path && !/^[A-Z]/.test(first.message) ? `${first.path}: ${first.message}` : first.message;
  return problems.length > 1 ? `${head} (and ${problems.length - 1} more)` : head;
}

export { ZodError };
