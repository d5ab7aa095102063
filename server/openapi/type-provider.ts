// The route schemas are zod (http/zod.ts compiles them), so handlers take their types from them: request.body,
// params and query are each schema's output. Declared on Fastify's default provider, so every route plugin
// has it without `withTypeProvider` (a type only: nothing changes at run time). Answers stay unchecked by
// type (`serializer` is Fastify's default): the response schemas shape them at run time.
import type { ZodType, z } from 'zod';

declare module 'fastify' {
  interface FastifyTypeProviderDefault {
    validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  }
}
