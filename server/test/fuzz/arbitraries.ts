// fast-check arbitraries driven by the zod schemas the routes declare: `plausible(schema)` draws values that
// mostly pass (so that a single bad field reaches deep), `hostile(schema)` draws values that mostly fail:
// wrong types, missing and extra fields, huge strings, control characters, NUL, deep nesting, arrays for
// objects, foreign ids.
import fc from 'fast-check';
import type { ZodType } from 'zod';

/** Real ids in the fuzzed database, by kind; `idsFor(name)` picks the pool a field or parameter suggests. */
export interface IdPools {
  all: string[];
  byKind: Record<string, string[]>;
  /** Valid bodies by route URL, for rules across fields a schema walk cannot guess (a post's media). */
  examples?: Record<string, unknown[]>;
  /** Which pool a field or path parameter named `name` in `url` draws from. */
  kindOf(name: string, url: string): string | undefined;
}

// Zod 4 keeps a schema's definition on `_zod.def`.
interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  innerType?: ZodType;
  element?: ZodType;
  options?: ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: ZodType;
  out?: ZodType;
  valueType?: ZodType;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  format?: string;
  coerce?: boolean;
}
/**
 * One element of `pool`, read when the value is drawn (not when the arbitrary is built): the world's pools
 * are refilled in place when the fuzz rebuilds its rows.
 */
export const oneOf = <T>(pool: T[]): fc.Arbitrary<T> =>
  fc.nat({ max: 9_999 }).map((i) => pool[i % pool.length]!);

const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const CONTROL = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085'];
const ODD_UNICODE = [
  '\u2028',
  '\u202e',
  '\ufeff',
  '\u200b',
  '\ud800',
  '\udfff',
  '\u{1f600}',
  'e\u0301',
  '\u0130',
  '\uff21',
  '\u{e0041}',
];

/** Strings no field should choke on. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    'null',
    'undefined',
    'true',
    '0',
    '-1',
    'NaN',
    'Infinity',
    '1e999',
    '__proto__',
    'constructor',
    "' or 1=1 --",
    '%00',
    '%E0%A4%A',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '\\',
    '"',
    '{}',
    '[]',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '00000000-0000-0000-0000-000000000000',
    '00000000-0000-0000-0000-00000000000g',
    'ABCDEFGH',
  ),
  fc.string({ unit: fc.constantFrom(...CONTROL, ...ODD_UNICODE, 'a', ' '), maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.uuid(),
);

const deep = (depth: number, kind: 'array' | 'object'): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
};

/** Any JSON value an attacker might send where something else was expected. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 2 ** 53 + 1, 1e308, -1e308, [], {}, [null], [1, 2, 3], {
    __proto__: null,
    toString: 1,
  }),
  nastyString,
  fc.integer(),
  fc.double(),
  fc.integer({ min: 1, max: 400 }).chain((n) => fc.constantFrom(deep(n, 'array'), deep(n, 'object'))),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(nastyString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Keyset cursors (`createdAt[,id]`): real-looking ones and calendar edges PostgreSQL would refuse. */
function cursor(ids: IdPools): fc.Arbitrary<string> {
  const at = fc.oneof(
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().replace('Z', '123Z')),
    fc.constantFrom(
      '0001-01-01T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999999Z',
      '10000-01-01T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '2024-02-29T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:00:60Z',
      '2026-01-01T00:00:00+15:59',
      '2026-01-01T00:00:00+16:00',
      '2026-01-01T00:00:00.1234567890Z',
      '2026-01-01',
      'infinity',
      '-infinity',
      'epoch',
      'now',
      'allballs',
    ),
  );
  return fc.oneof(
    at,
    fc.tuple(at, fc.oneof(oneOf(ids.all), fc.uuid(), nastyString)).map(([a, id]) => `${a},${id}`),
  );
}

function stringChecks(def: Def) {
  let min = 0;
  let max = 60;
  let format = def.format;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') min = Number(c.minimum);
    if (c.check === 'max_length') max = Math.min(Number(c.maximum), 60);
    if (c.check === 'string_format') format = String(c.format);
  }
  return { min, max: Math.max(min, max), format };
}

/** Values that mostly satisfy `schema` (best effort: refinements and patterns are guessed). */
export function plausible(schema: ZodType, ids: IdPools, url: string, name = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const kind = ids.kindOf(name, url);
  const idArb = () => oneOf(kind && ids.byKind[kind]?.length ? ids.byKind[kind] : ids.all);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const fields = Object.fromEntries(keys.map((k) => [k, plausible(shape[k]!, ids, url, k)]));
      const required = keys.filter((k) => !isOptional(shape[k]!));
      const examples = name === '' ? ids.examples?.[url] : undefined;
      // Half the time only the required fields: optional ones often exclude each other (mediaUrl/mediaUrls).
      const onlyRequired = Object.fromEntries(required.map((k) => [k, fields[k]!]));
      const drawn = fc.oneof(fc.record(fields, { requiredKeys: required }), fc.record(onlyRequired));
      return examples?.length ? fc.oneof(oneOf(examples), drawn) : drawn;
    }
    case 'string': {
      const { min, max, format } = stringChecks(def);
      if (format === 'uuid' || format === 'guid' || /Id$|^id$/.test(name)) return idArb();
      if (name === 'cursor') return cursor(ids);
      if (format === 'email' || name === 'email') {
        // Real accounts' addresses (a wrong password, the limiter) and new plain ones (zod's email check
        // refuses much of what fc.emailAddress draws).
        const known = ids.byKind.email ?? [];
        const fresh = fc.stringMatching(/^[a-z][a-z0-9]{0,8}@example\.test$/);
        return known.length ? fc.oneof(oneOf(known), fresh) : fresh;
      }
      if (name === 'emoji')
        return fc.constantFrom('\u2764\uFE0F', '\u{1f44d}', '\u{1f602}', '\u{1f44d}\u{1f3fd}', 'x');
      if (format === 'url') return fc.webUrl();
      if (format === 'datetime') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (format === 'regex') return fc.stringMatching(/^[A-Z0-9]{4,8}$/);
      return fc.string({ minLength: min, maxLength: max });
    }
    case 'number':
    case 'bigint': {
      let min = 0;
      let max = 100;
      for (const check of def.checks ?? []) {
        const c = check._zod.def;
        if (c.check === 'greater_than') min = Math.max(min, Number(c.value) + (c.inclusive ? 0 : 1));
        if (c.check === 'less_than') max = Math.min(max, Number(c.value) - (c.inclusive ? 0 : 1));
      }
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'array':
      return fc.array(plausible(def.element!, ids, url, name), { maxLength: 3 });
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), plausible(def.valueType!, ids, url), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => plausible(o, ids, url, name)));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return plausible(def.innerType!, ids, url, name);
    case 'pipe':
      return plausible(def.in!, ids, url, name);
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function isOptional(schema: ZodType): boolean {
  const type = defOf(schema).type;
  if (type === 'optional' || type === 'default' || type === 'prefault') return true;
  if (type === 'nullable' || type === 'pipe') {
    const def = defOf(schema);
    return isOptional((def.innerType ?? def.in)!);
  }
  return false;
}

/** Values that mostly violate `schema`: one field broken, missing or added, or the whole thing wrong. */
export function hostile(schema: ZodType, ids: IdPools, url: string): fc.Arbitrary<unknown> {
  const def = unwrap(schema);
  const whole = fc.oneof(
    wrongValue,
    plausible(schema, ids, url).map((v) => [v]),
    fc.constant(undefined),
  );
  if (def.type !== 'object') return fc.oneof(whole, wrongValue);
  const keys = Object.keys(def.shape ?? {});
  const base = plausible(schema, ids, url).map((v) => (v && typeof v === 'object' ? v : {}));
  const broken = keys.length
    ? fc.tuple(base, fc.constantFrom(...keys), wrongValue).map(([v, k, bad]) => ({ ...v, [k]: bad }))
    : base;
  const missing = keys.length
    ? fc.tuple(base, fc.constantFrom(...keys)).map(([v, k]) => {
        const copy = { ...v } as Record<string, unknown>;
        delete copy[k];
        return copy;
      })
    : base;
  const extra = fc
    .tuple(base, fc.dictionary(nastyString, wrongValue, { minKeys: 1, maxKeys: 3 }))
    .map(([v, more]) => ({ ...v, ...more }));
  return fc.oneof(
    { arbitrary: broken, weight: 4 },
    { arbitrary: missing, weight: 2 },
    { arbitrary: extra, weight: 2 },
    { arbitrary: whole, weight: 2 },
  );
}

function unwrap(schema: ZodType): Def {
  let def = defOf(schema);
  while (['optional', 'nullable', 'default', 'pipe', 'readonly'].includes(def.type)) {
    const inner = def.innerType ?? def.in;
    if (!inner) break;
    def = defOf(inner);
  }
  return def;
}

/** A query-string value: plausible, or a string no parser expects. */
export function queryValue(schema: ZodType, ids: IdPools, url: string, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    {
      arbitrary: plausible(schema, ids, url, name).map((v) =>
        typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
      ),
      weight: 4,
    },
    nastyString,
    fc.constantFrom('-1', '0', '1.5', '1e3', '99999999999999999999', 'NaN', '', '%', '[]', 'a,b'),
  );
}
