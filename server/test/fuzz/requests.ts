// Whole requests for one route, drawn from its schemas: path parameters (real ids of the right kind, foreign
// and random UUIDs, junk), query strings and bodies (JSON, broken JSON, wrong content types, empty).
import fc from 'fast-check';
import type { ZodType } from 'zod';
import {
  hostile,
  type IdPools,
  nastyString,
  oneOf,
  plausible,
  queryValue,
  wrongValue,
} from './arbitraries.ts';

export interface FuzzRoute {
  method: string;
  url: string;
  schema: { body?: ZodType; params?: ZodType; querystring?: ZodType };
}

export interface FuzzRequest {
  route: FuzzRoute;
  method: string;
  url: string;
  visitor: boolean;
  contentType?: string;
  payload?: string;
}

/** encodeURIComponent, with lone surrogates (which it refuses) replaced first. */
const encode = (s: string) => encodeURIComponent(s.replace(/\p{Cs}/gu, '\ufffd'));

const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

function paramValue(name: string, route: FuzzRoute, ids: IdPools): fc.Arbitrary<string> {
  const kind = ids.kindOf(name, route.url);
  const own = kind && ids.byKind[kind]?.length ? ids.byKind[kind] : ids.all;
  return fc.oneof(
    { arbitrary: oneOf(own).map(encode), weight: 6 },
    { arbitrary: oneOf(ids.all).map(encode), weight: 2 },
    { arbitrary: fc.uuid().map(encode), weight: 1 },
    { arbitrary: nastyString.map((s) => encode(s.slice(0, 300))), weight: 2 },
    // Already-encoded oddities, sent as they are.
    { arbitrary: fc.constantFrom('%E0%A4%A', '%00', '%', '..', '.', '%2F', '1', '-1', '0x10'), weight: 1 },
  );
}

function queryString(route: FuzzRoute, ids: IdPools): fc.Arbitrary<string> {
  const shape = (route.schema.querystring as unknown as { shape?: Record<string, ZodType> })?.shape;
  const pairs: fc.Arbitrary<[string, string][]>[] = [];
  if (shape) {
    for (const [key, schema] of Object.entries(shape)) {
      // A key absent, once, or repeated (which arrives as an array).
      pairs.push(
        fc.oneof(
          { arbitrary: fc.constant<[string, string][]>([]), weight: 3 },
          {
            arbitrary: queryValue(schema, ids, route.url, key).map((v) => [[key, v]] as [string, string][]),
            weight: 4,
          },
          {
            arbitrary: fc
              .array(queryValue(schema, ids, route.url, key), { minLength: 2, maxLength: 3 })
              .map((vs) => vs.map((v) => [key, v] as [string, string])),
            weight: 1,
          },
        ),
      );
    }
  }
  pairs.push(
    fc.oneof(
      { arbitrary: fc.constant<[string, string][]>([]), weight: 8 },
      { arbitrary: fc.array(fc.tuple(nastyString, nastyString), { maxLength: 2 }), weight: 1 },
    ),
  );
  return fc.tuple(...pairs).map((groups) =>
    groups
      .flat()
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .join('&'),
  );
}

const json = (value: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(value) });

function body(route: FuzzRoute, ids: IdPools): fc.Arbitrary<{ contentType?: string; payload?: string }> {
  const schema = route.schema.body;
  const jsonBodies = schema
    ? fc.oneof(
        { arbitrary: hostile(schema, ids, route.url).map(json), weight: 6 },
        { arbitrary: plausible(schema, ids, route.url).map(json), weight: 3 },
      )
    : fc.oneof({ arbitrary: fc.constant({}), weight: 3 }, { arbitrary: wrongValue.map(json), weight: 2 });
  const broken = fc.constantFrom(
    '{',
    '{"a":',
    'nul',
    '[1,]',
    "{'a':1}",
    '\u0000',
    '{"a":1}{"b":2}',
    '\ufeff{}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    `{"a":"${'\\u0000'.repeat(1000)}"}`,
    '9'.repeat(400),
    // Deeper than any stringify in this process could build.
    `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    `{"a":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_001)}`,
  );
  return fc.oneof(
    { arbitrary: jsonBodies, weight: 10 },
    { arbitrary: broken.map((payload) => ({ contentType: 'application/json', payload })), weight: 2 },
    { arbitrary: fc.constant({ contentType: 'application/json', payload: '' }), weight: 1 },
    { arbitrary: fc.constant({}), weight: 1 },
    {
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-16',
          'APPLICATION/JSON',
          'application/json;;',
          'application/vnd.api+json',
          'application/octet-stream',
          '*/*',
        ),
        payload: fc.oneof(fc.constant('a=1&b=2'), fc.constant('{"name":"x"}'), nastyString),
      }),
      weight: 2,
    },
  );
}

/**
 * Requests for `route`. `tame`: real ids of the right kind, plausible bodies and no query junk, as a signed-in
 * member (for concurrent bursts, where the interesting calls are the ones that get past validation).
 */
export function requestFor(route: FuzzRoute, ids: IdPools, tame = false): fc.Arbitrary<FuzzRequest> {
  const names = paramNames(route.url);
  const params = fc.tuple(
    ...names.map((n) => {
      const kind = ids.kindOf(n, route.url);
      const pool = kind && ids.byKind[kind]?.length ? ids.byKind[kind] : ids.all;
      return tame ? oneOf(pool) : paramValue(n, route, ids);
    }),
  );
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const tameBody = route.schema.body
    ? plausible(route.schema.body, ids, route.url).map(json)
    : fc.constant({});
  if (tame) {
    return fc
      .record({ params, body: hasBody ? tameBody : fc.constant({}) })
      .map(({ params: values, body: b }) => {
        let i = 0;
        const path = route.url.replace(/:(\w+)/g, () => values[i++]!).replace('*', 'fuzz');
        return { route, method: route.method, url: path, visitor: false, ...b };
      });
  }
  return fc
    .record({
      params,
      query: queryString(route, ids),
      visitor: fc.boolean(),
      body: hasBody ? body(route, ids) : fc.constant({}),
    })
    .map(({ params: values, query, visitor, body: b }) => {
      let i = 0;
      const path = route.url.replace(/:(\w+)/g, () => values[i++]!).replace('*', 'fuzz');
      return {
        route,
        method: route.method,
        url: query ? `${path}?${query}` : path,
        visitor,
        ...b,
      };
    });
}
