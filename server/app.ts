// Builds the Fastify app. Plugins are registered in this order: compilers and errors, security,
// cookies and sessions, API routes (public, then the signed-in subtree), static client and fallbacks.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { BODY_LIMIT_BYTES } from '../common/limits.ts';
import { UNSUBSCRIBE_API_PATH } from '../common/unsubscribe.ts';
import { readSessionToken } from './auth/cookies.ts';
import { authPlugin, requireUser } from './auth/plugin.ts';
import { sessionStore } from './auth/session-cache.ts';
import { billingPlugin } from './billing/index.ts';
import { sweepPeriodEnds } from './billing/period-end.ts';
import { stripeCspSources } from './billing/stripe-csp.ts';
import { sweepUploads } from './commands/sweep-uploads.ts';
import { type Config, trustProxyOption } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { dataExportsPlugin } from './export/index.ts';
import type { ExportLimits } from './export/jobs.ts';
import { sweepExports } from './export/jobs.ts';
import { clientErrorHandler, errorHandler, frameworkErrors } from './http/errorHandler.ts';
import { AttemptLimiter, MemoryAttemptStore } from './http/limiter.ts';
import { PostgresAttemptStore } from './http/limiterPostgres.ts';
import { loggerOptions, newRequestId, RequestLogController } from './http/logging.ts';
import { isCrossSite } from './http/origin.ts';
import { loadPageHtml } from './http/page-preloads.ts';
import { bodyDeadline, serverTimeouts } from './http/timeouts.ts';
import { writeLimitHook, writeRules } from './http/write-limits.ts';
import { serializerCompiler, zodValidatorCompiler } from './http/zod.ts';
import { mailPlugin } from './mail/index.ts';
import { metricsPlugin } from './metrics/index.ts';
import { notificationMailPlugin } from './notifications/mail-plugin.ts';
import { RouteCatalog } from './openapi/document.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { accessCache } from './policies/access-cache.ts';
import { pushPlugin } from './push/index.ts';
import { generateVapidKeys, type VapidKeys } from './push/keys.ts';
import { FeedCache } from './queries/feed-cache.ts';
import { realtimePlugin } from './realtime/index.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { commentRoutes } from './routes/comments.ts';
import { conversationRoutes } from './routes/conversations.ts';
import { healthRoutes } from './routes/health.ts';
import { insightsRoutes } from './routes/insights.ts';
import { joinRequestRoutes } from './routes/joinRequests.ts';
import { meRoutes } from './routes/me.ts';
import { memberRoutes } from './routes/members.ts';
import { metaRoutes } from './routes/meta.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { objectRoutes } from './routes/objects.ts';
import { ownershipRoutes } from './routes/ownership.ts';
import { postRoutes } from './routes/posts.ts';
import { profileRoutes } from './routes/profile.ts';
import { pushRoutes } from './routes/push.ts';
import { reactionRoutes } from './routes/reactions.ts';
import { searchRoutes } from './routes/search.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { stripeWebhookRoutes } from './routes/stripe-webhook.ts';
import { subscriptionRoutes } from './routes/subscription.ts';
import { timelineRoutes } from './routes/timelines.ts';
import { unreadRoutes } from './routes/unread.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { createStore, uploadConnectSources } from './storage/index.ts';
import type { ObjectStore } from './storage/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Where uploaded objects live (STORAGE: local or s3). */
    store: ObjectStore;
    /** Rate limits shared by every instance on PostgreSQL (in memory on the embedded database). */
    limiter: AttemptLimiter;
    /** Every route registered, for tests that sweep the whole API. */
    routeTable: { method: string; url: string }[];
    /** Every route with its schema (the API reference's source; the fuzz tests draw requests from it). */
    routeCatalog: RouteCatalog;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  sessionSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Where the built client lives; defaults to dist/client. */
  clientDir?: string;
  /** The object store; by default the one STORAGE chooses. */
  store?: ObjectStore;
  /**
   * Background maintenance (session and limiter purge, PGlite vacuum, orphan uploads, expired data exports);
   * off in tests.
   */
  maintenance?: boolean;
  /** Compiled serializers for the routes that opt in (http/zod.ts; default on). Off: zod shapes all (bench A/B). */
  compiledSerializers?: boolean;
  /** Run the mail worker (default: with maintenance); tests of mail turn it on alone. */
  mailWorker?: boolean;
  /**
   * Run the notification mail worker: mail of unread notifications, digests, pruning (default: with
   * maintenance, so with the mail worker in production); tests drain it by hand with a clock of their own.
   */
  notificationWorker?: boolean;
  /** Run the data export worker (default: with maintenance); tests drain it by hand or turn it on alone. */
  exportWorker?: boolean;
  /** What counts as an account too large to export at once (default: DATA_EXPORT in common/limits.ts). */
  exportLimits?: Partial<ExportLimits>;
  /**
   * The VAPID pair of Web Push (server/index.ts: the environment's, else DATA_DIR's); by default the
   * environment's, else a pair for this process only (tests).
   */
  vapidKeys?: VapidKeys;
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config.logLevel),
    logController: new RequestLogController(),
    // A random id per request in every log line of it (reqId) and in the x-request-id answer header.
    genReqId: newRequestId,
    // During shutdown requests still on open connections are served (with Connection: close) instead of
    // Fastify's bare 503, so /api/health can say shutting_down while in-flight requests drain.
    return503OnClosing: false,
    bodyLimit: BODY_LIMIT_BYTES,
    ...serverTimeouts(config),
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('store', deps.store ?? createStore(config, { secret: deps.sessionSecret }));
  app.decorate(
    'limiter',
    new AttemptLimiter(
      database.kind === 'postgres' ? new PostgresAttemptStore(database.db) : new MemoryAttemptStore(),
    ),
  );
  app.decorate('routeTable', []);
  app.decorate('feedCache', new FeedCache(config.feedCacheBytes));
  app.decorate('accessCache', accessCache(app, database));
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url });
  });
  // Every route with its schema, for the API reference (server/openapi); unsubscribe skips the cross-site check.
  const catalog = new RouteCatalog([UNSUBSCRIBE_API_PATH]);
  app.addHook('onRoute', catalog.collect);
  app.decorate('routeCatalog', catalog);

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(
    serializerCompiler({ compiled: deps.compiledSerializers ?? true, verify: config.env === 'test' }),
  );
  app.setErrorHandler(errorHandler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  bodyDeadline(app, config);
  // No /api answer is cached: they carry signed-in users' data (DECISIONS §3).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('cache-control', 'no-store');
  });
  // Only JSON bodies: a cross-site form can send text/plain, never application/json without CORS.
  app.removeContentTypeParser('text/plain');

  const stripeCsp = stripeCspSources(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeCsp.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Every image is the app's own (/objects): no remote avatar is kept (server/auth/oidc.ts).
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // With STORAGE=s3 the browser PUTs uploads straight to the bucket.
        connectSrc: ["'self'", ...uploadConnectSources(config), ...stripeCsp.connect],
        frameSrc: ["'self'", ...stripeCsp.frame],
        // The image compressor's worker starts from a blob: URL and loads the bundled library from 'self'.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(config.secureCookies && { upgradeInsecureRequests: [] }),
      },
    },
    strictTransportSecurity: config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie, { secret: deps.sessionSecret });

  app.addHook('onRequest', async (request, reply) => {
    const upgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    // One-click unsubscribe is posted by mail programs, some from a web page of theirs (RFC 8058): its signed
    // token is the authorisation, and a forged page cannot have one.
    if (request.routeOptions.url === UNSUBSCRIBE_API_PATH) return;
    if ((upgrade || !SAFE_METHODS.has(request.method)) && isCrossSite(request, config.publicUrl)) {
      return reply.code(403).send({ message: 'Cross-site request refused' });
    }
  });

  await app.register(metricsPlugin, { database });
  app.limiter.onRefuse = app.metrics.rateLimited;
  await app.register(authPlugin, { sessions: sessionStore(app, database, deps.sessionSecret) });
  // The /ws socket authenticates with the session cookie itself (it is not under requireUser).
  await app.register(realtimePlugin, { database });
  await app.register(pushPlugin, { keys: deps.vapidKeys ?? config.push.vapid ?? generateVapidKeys() });
  await app.register(billingPlugin);
  await app.register(metaRoutes);
  await app.register(openApiRoutes, { catalog });
  await app.register(healthRoutes);
  await app.register(mailPlugin, { run: deps.mailWorker ?? deps.maintenance ?? false });
  await app.register(notificationMailPlugin, {
    run: deps.notificationWorker ?? deps.maintenance ?? false,
    secret: deps.sessionSecret,
  });
  await app.register(dataExportsPlugin, {
    run: deps.exportWorker ?? deps.maintenance ?? false,
    limits: deps.exportLimits,
  });
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(sessionRoutes);
  // Stripe signs its calls; there is no session (BILLING_PROVIDER=stripe only).
  await app.register(stripeWebhookRoutes);
  // Outside the signed-in subtree: a visitor gets the same 404 as anyone else without access.
  await app.register(objectRoutes);
  // Mail programs post one-click unsubscribes with no session (RFC 8058).
  await app.register(unsubscribeRoutes);
  await app.register(async (signedIn) => {
    signedIn.addHook('preHandler', requireUser);
    signedIn.addHook('onRoute', catalog.markSignedIn);
    signedIn.addHook('preHandler', writeLimitHook(writeRules(config.writeLimitFactor)));
    await signedIn.register(profileRoutes);
    await signedIn.register(meRoutes);
    await signedIn.register(timelineRoutes);
    await signedIn.register(memberRoutes);
    await signedIn.register(ownershipRoutes);
    await signedIn.register(joinRequestRoutes);
    await signedIn.register(unreadRoutes);
    await signedIn.register(insightsRoutes);
    await signedIn.register(postRoutes);
    await signedIn.register(searchRoutes);
    await signedIn.register(commentRoutes);
    await signedIn.register(reactionRoutes);
    await signedIn.register(subscriptionRoutes);
    await signedIn.register(uploadRoutes);
    await signedIn.register(conversationRoutes);
    await signedIn.register(notificationRoutes);
    await signedIn.register(pushRoutes);
  });

  await registerClient(app, deps.clientDir ?? path.join(rootDir, 'dist', 'client'));
  if (deps.maintenance) scheduleMaintenance(app, database);
  return app;
}

async function registerClient(app: FastifyInstance, clientDir: string) {
  const built = existsSync(path.join(clientDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      // The build writes .br and .gz beside each asset; these (and the index.html fallback, which goes
      // through sendFile) are chosen by Accept-Encoding, with Vary: accept-encoding.
      preCompressed: true,
      // "/" goes to the not-found handler below with every other client route (its HTML names the page's code).
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite puts content-hashed files under assets/: they never change, so cache them for a year.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const pages = built ? loadPageHtml(clientDir) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const isApi =
      request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/objects/');
    if (isApi || !SAFE_METHODS.has(request.method)) {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (!pages) {
      return reply.code(503).type('text/plain').send('The client is not built: run `npm run build`.');
    }
    // Every other path is a client route (the client shows Page Not Found for unknown ones).
    const lastSegment = request.url.split('?')[0]!.split('/').pop() ?? '';
    if (lastSegment.includes('.')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    const pathname = request.url.split('?')[0]!;
    const signedIn = readSessionToken(request, app.config) !== undefined;
    const page = pages.render(pathname, signedIn, String(request.headers['accept-encoding'] ?? ''));
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie');
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply.type('text/html; charset=utf-8').send(page.body);
  });
}

function scheduleMaintenance(app: FastifyInstance, database: Database) {
  const hourly = setInterval(
    () => {
      app.sessions.purgeExpired().catch((err) => app.log.warn({ err }, 'session purge failed'));
      app.limiter.purge().catch((err) => app.log.warn({ err }, 'rate-limit purge failed'));
      sweepUploads(app).catch((err) => app.log.warn({ err }, 'orphan upload sweep failed'));
      sweepExports(app).catch((err) => app.log.warn({ err }, 'data export sweep failed'));
      // Sandbox periods that passed end or renew (Stripe's come by webhook).
      if (app.billing?.name === 'sandbox') {
        sweepPeriodEnds(app.db).catch((err) => app.log.warn({ err }, 'sandbox period-end sweep failed'));
      }
    },
    60 * 60 * 1000,
  );
  // PGlite has no autovacuum; planner statistics go stale without this.
  const vacuum = setInterval(
    () => {
      database.maintain().catch((err) => app.log.warn({ err }, 'VACUUM ANALYZE failed'));
    },
    6 * 60 * 60 * 1000,
  );
  hourly.unref();
  vacuum.unref();
  app.addHook('onClose', async () => {
    clearInterval(hourly);
    clearInterval(vacuum);
  });
}
