// A compiled serializer (fast-json-stringify) for the hot list routes (issue 28): zod's parse of a page of
// posts was most of the cost of answering it. The JSON Schema comes from the zod schema itself, so the two
// cannot drift; like zod's parse, it writes only the schema's properties (unknown ones are dropped).
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { type ZodType, z } from 'zod';

type Json = { [key: string]: unknown };

/** Keywords fast-json-stringify would only hand to a runtime validator (ajv) or ignore. */
const DROPPED = new Set(['$schema', 'pattern', 'format', 'minimum', 'maximum', 'propertyNames', 'minItems']);

/**
 * zod's JSON Schema made cheap to serialize: `anyOf [X, null]` and `type: [X, 'null']` become `nullable`
 * (an anyOf would run ajv on every value), and validation-only keywords go. Anything else with a union
 * is refused, so a schema fast-json-stringify would serialize differently never gets compiled.
 */
export function serializationSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(serializationSchema);
  if (!node || typeof node !== 'object') return node;
  const src = node as Json;
  if (src.anyOf || src.oneOf) {
    const branches = (src.anyOf ?? src.oneOf) as Json[];
    const other = branches.filter((b) => b.type !== 'null');
    if (branches.length !== 2 || other.length !== 1) throw new Error('Only `X | null` unions compile');
    const { anyOf: _a, oneOf: _o, ...rest } = src;
    return { ...(serializationSchema({ ...rest, ...other[0] }) as Json), nullable: true };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(src)) {
    if (DROPPED.has(key)) continue;
    // `properties` maps names to schemas: walk its values, never treat a property name as a keyword.
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, serializationSchema(v)]))
        : serializationSchema(value);
  }
  if (Array.isArray(out.type)) {
    const types = (out.type as string[]).filter((t) => t !== 'null');
    if (types.length !== 1) throw new Error('Only `X | null` types compile');
    out.type = types[0];
    out.nullable = true;
  }
  return out;
}

/**
 * The compiled serializer of `schema`. With `verify` (tests), every answer is also shaped by zod and the
 * two must be the same JSON of the same length: a difference is a 500, so the route tests prove the
 * equivalence. Only the order of keys may differ: fast-json-stringify writes required properties before
 * optional ones (a post's `media[].largeUrl`, a comment's `deletedAt`).
 */
export function compileJson(schema: ZodType, verify: boolean): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
  const stringify = fastJson(serializationSchema(json) as Parameters<typeof fastJson>[0]);
  if (!verify) return stringify;
  return (data) => {
    const fast = stringify(data);
    const shaped = JSON.stringify(schema.parse(data));
    if (fast.length !== shaped.length || !isDeepStrictEqual(JSON.parse(fast), JSON.parse(shaped)))
      throw new Error(`Compiled serializer differs from zod:\n${fast}\n${shaped}`);
    return fast;
  };
}
