// The API reference (issue 29): every registered route is in GET /api/openapi.json with a summary, and real
// answers (successes and the errors of DECISIONS §3) match what the document says of their route and status.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, setupTestApp } from '../test/app.ts';
import { addMember, buildPost, buildThreadline, signedInUser } from '../test/factories.ts';
import { openApiPath } from './document.ts';

const t = setupTestApp();

type Operation = {
  summary?: string;
  tags?: string[];
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
};
let doc: Document;

beforeAll(async () => {
  const res = await t.app.inject('/api/openapi.json');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});

// strict off: OpenAPI's `components` beside a response schema (for its $refs) is no JSON Schema keyword.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new Map<object, ReturnType<typeof ajv.compile>>();
const validatorFor = (schema: object) => {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: doc.components });
    validators.set(schema, validate);
  }
  return validate;
};

/** The document's path for a concrete URL: a static segment beats a parameter, as in Fastify's router. */
function templateOf(url: string): string {
  const pathname = url.split('?')[0]!;
  const matches = Object.keys(doc.paths).filter((p) =>
    new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
  );
  const params = (p: string) => (p.match(/\{/g) ?? []).length;
  return matches.sort((a, b) => params(a) - params(b))[0] ?? `(no path for ${pathname})`;
}

let checked = 0;
/** Sends the call and checks its answer against the document: status documented, body valid. */
async function call(
  method: string,
  url: string,
  opts: { cookie?: string; payload?: unknown; headers?: object } = {},
) {
  const res: LightMyRequestResponse = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(opts.cookie && { cookie: opts.cookie }), ...opts.headers },
    ...(opts.payload !== undefined && { payload: opts.payload as object }),
  });
  const template = templateOf(url);
  const op = doc.paths[template]?.[method.toLowerCase()];
  const what = `${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(op, `${what}: no operation ${method} ${template}`).toBeDefined();
  const answer = op!.responses[String(res.statusCode)];
  expect(answer, `${what}: status not documented`).toBeDefined();
  const schema = answer!.content?.['application/json']?.schema;
  if (schema && res.body) {
    const validate = validatorFor(schema);
    expect(validate(res.json()), `${what}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }
  checked++;
  return res;
}

/** Registered routes the document lacks, or lists without a summary (add `summary` to the route's schema). */
function undocumented(app: FastifyInstance, document: Document) {
  const clientDir = path.resolve('dist/client');
  const routes = app.routeTable.filter(
    // HEAD answers as GET; the built client's files (when there is a build) are no API.
    (r) => r.method !== 'HEAD' && !(r.url !== '/' && existsSync(path.join(clientDir, r.url))),
  );
  // A sanity floor (the table is really read): the OpenID Connect app has about 100 routes, no password ones.
  expect(routes.length).toBeGreaterThan(90);
  const op = (r: { method: string; url: string }) =>
    document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
  return {
    missing: routes.filter((r) => !op(r)),
    unsummarised: routes.filter((r) => op(r) && !op(r)!.summary),
  };
}

describe('the document', () => {
  it('lists every registered route, each with a summary and a tag', async () => {
    expect(undocumented(t.app, doc)).toEqual({ missing: [], unsummarised: [] });
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) expect(op.tags?.length).toBeGreaterThan(0);
    }
    expect(doc.openapi).toBe('3.1.0');
  });

  it('lists the routes of other settings too: Stripe billing, metrics behind a token, OpenID Connect', async () => {
    const other = await buildTestApp({
      AUTH_PROVIDER: 'oidc',
      OIDC_ISSUER_URL: 'http://127.0.0.1:9/unused',
      OIDC_CLIENT_ID: 'unused',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
      STRIPE_PRICE_PRO_MONTHLY: 'price_a',
      STRIPE_PRICE_PRO_YEARLY: 'price_b',
      STRIPE_PRICE_COMMUNITY_MONTHLY: 'price_c',
      STRIPE_PRICE_COMMUNITY_YEARLY: 'price_d',
      METRICS_TOKEN: 'a-metrics-token-of-some-length',
    });
    try {
      const otherDoc: Document = (await other.app.inject('/api/openapi.json')).json();
      expect(otherDoc.paths['/api/stripe/webhook']?.post?.summary).toBeTruthy();
      expect(otherDoc.paths['/metrics']?.get?.responses['401']).toBeDefined();
      expect(otherDoc.paths['/api/callback']?.get?.summary).toBeTruthy();
      expect(undocumented(other.app, otherDoc)).toEqual({ missing: [], unsummarised: [] });
    } finally {
      await other.close();
    }
  });

  it('has schemas every JSON Schema 2020-12 validator compiles, and the error answers of DECISIONS §3', () => {
    let schemas = 0;
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) {
        for (const answer of Object.values(op.responses)) {
          const schema = answer.content?.['application/json']?.schema;
          if (schema) {
            validatorFor(schema);
            schemas++;
          }
        }
      }
    }
    expect(schemas).toBeGreaterThan(200);
    const create = doc.paths['/api/timelines']!.post!;
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '401', '403', '413', '415']);
    const join = doc.paths['/api/timelines/join']!.post!.responses;
    expect(Object.keys(join)).toEqual(expect.arrayContaining(['401', '403', '404', '429']));
    expect(doc.paths['/api/timelines/{id}/archive']!.post!.responses['409']).toBeDefined();
    expect(doc.paths['/api/posts']!.post!.responses['429']).toBeDefined();
    expect(doc.paths['/api/meta']!.get!.responses['401']).toBeUndefined();
    expect(doc.paths['/ws']!.get!.responses['101']).toBeDefined();
  });

  it('is rendered at /api/docs by its own small files, with no sign-in and nothing inline', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.body).toMatch(/<html lang="en">/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([' src="/api/docs/docs.js" defer']);
    expect(page.body).not.toMatch(/<style|\sstyle=|\son\w+=/);
    for (const file of ['docs.css', 'docs.js']) {
      const plain = await t.app.inject(`/api/docs/${file}`);
      expect(plain.statusCode, file).toBe(200);
      const gzipped = await t.app.inject({
        url: `/api/docs/${file}`,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(gzipped.headers['content-encoding'], file).toBe('gzip');
      expect(gzipped.rawPayload.length, file).toBeLessThan(plain.rawPayload.length);
      // Small enough to stay out of anyone's way: a few KB on the wire.
      expect(gzipped.rawPayload.length, file).toBeLessThan(8 * 1024);
    }
    // Swagger UI is gone from the served files.
    expect((await t.app.inject('/api/docs/swagger-ui-bundle.js')).statusCode).toBe(404);
  });
});

describe('real answers match the document', () => {
  it('successes and errors across the API', async () => {
    const owner = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const o = { cookie: owner.cookie };
    const b = { cookie: bob.cookie };

    await call('GET', '/api/meta');
    await call('GET', '/api/health');
    await call('GET', '/api/auth/user', o);
    await call('GET', '/api/auth/sessions', o);
    const created = await call('POST', '/api/timelines', {
      ...o,
      payload: { name: 'Garden', description: 'Plots' },
    });
    expect(created.statusCode).toBe(201);
    const { id, joinCode } = created.json();
    const joined = await call('POST', '/api/timelines/join', { ...b, payload: { joinCode } });
    expect(joined.statusCode).toBe(200);
    await call('GET', '/api/user/timelines', o);
    await call('GET', '/api/user/timelines?filter=archived', o);
    await call('GET', `/api/timelines/${id}`, o);
    await call('GET', `/api/timelines/${id}`, b);
    const post = await call('POST', '/api/posts', {
      ...b,
      payload: { timelineId: id, content: 'First beans' },
    });
    expect(post.statusCode).toBe(201);
    const postId = post.json().id;
    await call('PATCH', `/api/posts/${postId}`, { ...b, payload: { content: 'First beans, edited' } });
    await call('GET', `/api/posts/${postId}`, o);
    await call('GET', `/api/posts/${postId}/versions`, o);
    const comment = await call('POST', '/api/comments', { ...o, payload: { postId, content: 'Lovely' } });
    expect(comment.statusCode).toBe(201);
    await call('GET', `/api/posts/${postId}/comments`, b);
    await call('POST', '/api/reactions', { ...o, payload: { postId, emoji: '\u2764\uFE0F' } });
    await call('GET', `/api/posts/${postId}/reactions`, b);
    await call('GET', `/api/timelines/${id}/posts`, o);
    await call('GET', `/api/timelines/${id}/search?q=beans`, o);
    await call('GET', '/api/search?q=beans', o);
    await call('POST', `/api/timelines/${id}/pin/${postId}`, o);
    await call('DELETE', `/api/timelines/${id}/pin`, o);
    await call('GET', '/api/user/timelines/unread-counts', b);
    await call('POST', `/api/timelines/${id}/mark-viewed`, b);
    await call('GET', '/api/pending-requests-summary', o);
    await call('GET', '/api/my-join-requests', b);
    await call('GET', '/api/notifications', o);
    await call('POST', '/api/notifications/read', o);
    await call('GET', `/api/timelines/${id}/notify-level`, b);
    await call('PUT', `/api/timelines/${id}/notify-level`, { ...b, payload: { level: 'mentions' } });
    await call('GET', '/api/me/notification-preferences', b);
    await call('PUT', '/api/profile', { ...b, payload: { displayName: 'Bob', bio: 'Grows beans' } });
    await call('GET', '/api/subscription/status', o);
    const conversation = await call('POST', '/api/conversations', {
      ...b,
      payload: { timelineId: id, recipientId: owner.user.id },
    });
    expect(conversation.statusCode, conversation.body).toBeLessThan(300);
    const conversationId = conversation.json().id;
    const message = await call('POST', `/api/conversations/${conversationId}/messages`, {
      ...b,
      payload: { content: 'Hi' },
    });
    expect(message.statusCode, message.body).toBe(201);
    await call('GET', `/api/conversations/${conversationId}/messages`, o);
    await call('POST', `/api/conversations/${conversationId}/read`, o);
    await call('GET', '/api/conversations', b);
    await call('GET', '/api/conversations/unread-count', o);
    await call('GET', `/api/timelines/${id}/join-requests`, o);
    await call('GET', `/api/timelines/${id}/blocked-users`, o);
    await call('GET', '/api/push/key', o);
    await call('GET', '/api/push/subscriptions', o);

    // Errors, each in its documented shape.
    expect((await call('GET', '/api/user/timelines')).statusCode).toBe(401);
    expect((await call('GET', `/api/timelines/${id}`, { cookie: stranger.cookie })).statusCode).toBe(404);
    expect((await call('POST', '/api/timelines', { ...o, payload: { name: '' } })).statusCode).toBe(400);
    expect((await call('DELETE', `/api/timelines/${id}`, b)).statusCode).toBe(403);
    const crossSite = await call('POST', '/api/timelines', {
      ...o,
      payload: { name: 'Forged' },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await call('POST', `/api/timelines/${id}/restore`, o)).statusCode).toBe(409);
    const big = await call('POST', '/api/posts', {
      ...b,
      payload: { timelineId: id, content: 'x'.repeat(1_100_000) },
    });
    expect(big.statusCode).toBe(413);
    const login = await call('POST', '/api/auth/login', {
      payload: { email: owner.user.email, password: 'not the password' },
    });
    expect(login.statusCode).toBe(401);
    let joinStatus = 0;
    for (let i = 0; i < 25 && joinStatus !== 429; i++) {
      joinStatus = (await call('POST', '/api/timelines/join', { ...b, payload: { joinCode: `NOPE${i}` } }))
        .statusCode;
    }
    expect(joinStatus).toBe(429);
    expect(checked).toBeGreaterThan(55);
  });

  it('a moderator and a second member: members, roles and requests', async () => {
    const owner = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const tl = await buildThreadline(t.app.db, owner.user, { name: 'Orchard', joinApprovalRequired: true });
    await addMember(t.app.db, tl, member.user);
    await buildPost(t.app.db, tl, member.user);
    const o = { cookie: owner.cookie };
    await call('PATCH', `/api/timelines/${tl.id}/members/${member.user.id}`, {
      ...o,
      payload: { role: 'moderator' },
    });
    await call('PATCH', `/api/timelines/${tl.id}/permissions`, {
      ...o,
      payload: { allowParticipantPosts: false },
    });
    await call('PATCH', `/api/timelines/${tl.id}/approval-settings`, {
      ...o,
      payload: { joinApprovalRequired: false },
    });
    const asker = await signedInUser(t.app);
    await call('PATCH', `/api/timelines/${tl.id}/approval-settings`, {
      ...o,
      payload: { joinApprovalRequired: true },
    });
    const request = await call('POST', '/api/timelines/join', {
      cookie: asker.cookie,
      payload: { joinCode: tl.joinCode, message: 'Hello' },
    });
    expect(request.statusCode).toBeLessThan(300);
    const requests = await call('GET', `/api/timelines/${tl.id}/join-requests`, o);
    const [pending] = requests.json();
    const approved = await call('POST', `/api/timelines/${tl.id}/join-requests/${pending.id}/approve`, {
      ...o,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await call('DELETE', `/api/timelines/${tl.id}/members/leave`, { cookie: member.cookie });
    await call('POST', `/api/timelines/${tl.id}/archive`, o);
    expect((await call('POST', `/api/timelines/${tl.id}/archive`, o)).statusCode).toBe(409);
    await call('POST', `/api/timelines/${tl.id}/restore`, o);
    await call('DELETE', `/api/timelines/${tl.id}`, o);
  });
});
