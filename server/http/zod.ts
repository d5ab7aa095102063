// Route schemas are the zod schemas of common/: they validate input and shape every response.
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ZodError, type ZodType } from 'zod';

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
