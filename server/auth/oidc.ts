// AUTH_PROVIDER=oidc (DECISIONS §2): authorization-code flow with PKCE, state and nonce against any
// standard issuer, then the user is upserted from the claims and signed in with a fresh session.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import { NAME_PART_MAX } from '../../common/limits.ts';
import { safeReturnPath } from '../../common/return-to.ts';
import { emailSchema } from '../../common/schemas/user.ts';
import { bumpFeedsOfUser } from '../commands/feed-version.ts';
import { isLoopbackHost } from '../config.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { type User, users } from '../db/schema/index.ts';
import { HttpError } from '../http/errors.ts';
import { signIn } from './plugin.ts';
import { AccountDisabled } from './sessions.ts';

const FLOW_COOKIE = 'tl_oidc_flow';
const FLOW_TTL_MS = 10 * 60 * 1000;
const SCOPE = 'openid email profile';
const DISCOVERY_TIMEOUT_S = 10;

const flowSchema = z.object({
  verifier: z.string(),
  state: z.string(),
  nonce: z.string(),
  exp: z.number(),
  /** The deep link to open after sign-in (DECISIONS §2). */
  returnTo: z.string().optional(),
  /** A sign-in asked to prove the person is here now (deleting the account): the provider must ask again. */
  reauth: z.boolean().optional(),
});

/**
 * How old the provider's own sign-in may be on a re-authentication (?reauth=1): a provider that ignored
 * prompt=login and answered from an old session fails the sign-in instead of passing for a fresh one.
 */
export const REAUTH_MAX_AGE_S = 300;
type Flow = z.infer<typeof flowSchema>;

export async function oidcRoutes(app: FastifyInstance) {
  const { auth, publicUrl, secureCookies } = app.config;
  if (auth.provider !== 'oidc' || !publicUrl)
    throw new Error('oidcRoutes needs AUTH_PROVIDER=oidc and PUBLIC_URL');
  // The configuration accepted this http issuer (loopback, or OIDC_ALLOW_HTTP): openid-client must too.
  const execute = auth.insecure ? [client.allowInsecureRequests] : undefined;
  if (auth.insecure && !isLoopbackHost(new URL(auth.issuerUrl).hostname)) {
    app.log.warn(
      `OIDC_ISSUER_URL ${auth.issuerUrl} is plain http (OIDC_ALLOW_HTTP=true): tokens cross the network unencrypted`,
    );
  }
  const redirectUri = `${publicUrl}/api/callback`;
  const cookieOptions = { path: '/api/', httpOnly: true, sameSite: 'lax', secure: secureCookies } as const;

  // Discovered on first use so the app starts while the issuer is down; a failure is retried next time.
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(auth.issuerUrl),
        auth.clientId,
        undefined,
        auth.clientSecret ? client.ClientSecretBasic(auth.clientSecret) : client.None(),
        { execute, timeout: DISCOVERY_TIMEOUT_S },
      )
      .catch((err) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };

  // Tried once at start-up so a wrong or unreachable issuer shows in the log at once; sign-in retries.
  app.addHook('onReady', async () => {
    configuration().catch((err) =>
      app.log.error(
        { err },
        `OIDC_ISSUER_URL ${auth.issuerUrl} could not be used (${discoveryProblem(err)}); sign-in will try again`,
      ),
    );
  });

  const loginSchema = {
    summary: "Go to the OpenID Connect provider's sign-in (returnTo: a same-origin path)",
    errors: { 503: 'Sign-in provider unavailable' },
  };
  app.get('/api/login', { schema: loginSchema }, async (request, reply) => {
    let config: client.Configuration;
    try {
      config = await configuration();
    } catch (err) {
      request.log.warn({ err }, `OIDC discovery of OIDC_ISSUER_URL ${auth.issuerUrl} failed`);
      throw new HttpError(503, 'Sign-in provider unavailable');
    }
    const query = request.query as { returnTo?: unknown; reauth?: unknown };
    const returnTo = safeReturnPath(query.returnTo);
    const reauth = query.reauth === '1';
    const flow: Flow = {
      verifier: client.randomPKCECodeVerifier(),
      state: client.randomState(),
      nonce: client.randomNonce(),
      exp: Date.now() + FLOW_TTL_MS,
      ...(returnTo && { returnTo }),
      ...(reauth && { reauth }),
    };
    reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
      ...cookieOptions,
      signed: true,
      maxAge: FLOW_TTL_MS / 1000,
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
      // The provider asks for the password (or its own second factor) again, whatever session it has.
      ...(reauth && { prompt: 'login', max_age: '0' }),
    });
    return reply.redirect(url.href);
  });

  const callbackSchema = {
    summary: "The provider's redirect back after sign-in: signs in, then to returnTo",
  };
  app.get('/api/callback', { schema: callbackSchema }, async (request, reply) => {
    const flow = readFlow(request);
    reply.clearCookie(FLOW_COOKIE, cookieOptions);
    try {
      if (!flow) throw new Error('sign-in flow cookie missing, invalid or expired');
      const config = await configuration();
      // Must equal the redirect_uri sent from /api/login, whatever host or proxy the request came through.
      const tokens = await client.authorizationCodeGrant(config, new URL(`${publicUrl}${request.url}`), {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
        ...(flow.reauth && { maxAge: REAUTH_MAX_AGE_S }),
      });
      const idClaims = tokens.claims()!;
      // Issuers with conformant ID tokens only give email and names through userinfo.
      const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      const subject = `${config.serverMetadata().issuer}|${idClaims.sub}`;
      const user = await upsertOidcUser(app.db, subject, { ...idClaims, ...info });
      await signIn(app, request, reply, user);
      return reply.redirect(safeReturnPath(flow.returnTo) ?? '/');
    } catch (err) {
      // The provider vouched for the person: they may learn why (403 JSON, as a password sign-in).
      if (err instanceof AccountDisabled) throw err;
      request.log.warn({ err }, 'OIDC sign-in failed');
      return reply.redirect('/?signin=failed');
    }
  });
}

/** The refusal in a few words: openid-client's code and message, and the network error under it. */
function discoveryProblem(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return [e.code, e.message, e.cause?.code ?? e.cause?.message].filter(Boolean).join(': ');
}

function readFlow(request: FastifyRequest): Flow | null {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return null;
  try {
    const flow = flowSchema.parse(JSON.parse(value));
    return flow.exp > Date.now() ? flow : null;
  } catch {
    return null;
  }
}

interface Profile {
  email?: string;
  /** Set with `email`: the issuer verified it (the only kind kept). */
  emailVerifiedAt?: Date;
  firstName?: string;
  lastName?: string;
}

/**
 * The claims we keep, cut to the columns' sizes; anything unusable is left out rather than failing sign-in.
 * The e-mail only when the issuer verified it (an unverified one could be anyone's), and no picture: a
 * remote image would be fetched by every member's browser from a host the user picked (issue 23).
 */
function profileFrom(claims: Record<string, unknown>): Profile {
  const text = (v: unknown, max: number) =>
    typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined;
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const email = emailSchema.safeParse(claims.email);
  return {
    email: verified && email.success ? email.data : undefined,
    emailVerifiedAt: verified && email.success ? new Date() : undefined,
    firstName: text(claims.given_name, NAME_PART_MAX),
    lastName: text(claims.family_name, NAME_PART_MAX),
  };
}

export async function upsertOidcUser(
  db: Db,
  subject: string,
  claims: Record<string, unknown>,
): Promise<User> {
  const profile = profileFrom(claims);
  const [known] = await db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
  if (known) return refreshProfile(db, known, profile);

  // Only an issuer-verified address (the only kind kept) may take over an account without an OIDC identity.
  if (profile.email) {
    const [linked] = await db
      .update(users)
      .set({ oidcSubject: subject, updatedAt: new Date() })
      .where(and(eq(users.email, profile.email), isNull(users.oidcSubject)))
      .returning();
    if (linked) return refreshProfile(db, linked, profile);
  }

  const create = (values: Profile) =>
    db
      .insert(users)
      .values({ ...values, oidcSubject: subject })
      .returning();
  try {
    return (await create(profile))[0]!;
  } catch (err) {
    // The address belongs to another account: sign in without it rather than fail.
    if (!isUniqueViolation(err, 'users_email_unique')) throw err;
    return (await create({ ...profile, email: undefined, emailVerifiedAt: undefined }))[0]!;
  }
}

/**
 * Updates what the claims give; displayName, bio and an uploaded picture are the user's own. A remote
 * picture an earlier version kept from the claims is dropped.
 */
async function refreshProfile(db: Db, user: User, profile: Profile): Promise<User> {
  const remotePicture = user.profileImageUrl !== null && /^https?:\/\//i.test(user.profileImageUrl);
  const patch = { ...profile, ...(remotePicture && { profileImageUrl: null }), updatedAt: new Date() };
  const update = (tx: Db, values: typeof patch) =>
    tx.update(users).set(values).where(eq(users.id, user.id)).returning();
  // Feed pages show names, pictures and (to owners) addresses: a change bumps them in its transaction.
  const changes = (value: string | null | undefined, now: string | null) =>
    value !== undefined && value !== now;
  const shown =
    changes(patch.firstName, user.firstName) ||
    changes(patch.lastName, user.lastName) ||
    changes(patch.email, user.email) ||
    remotePicture;
  return db.transaction(async (tx) => {
    if (shown) await bumpFeedsOfUser(tx, user.id);
    try {
      // A savepoint: the address taken by another account fails only this statement.
      return (await tx.transaction((inner) => update(inner, patch)))[0]!;
    } catch (err) {
      if (!isUniqueViolation(err, 'users_email_unique')) throw err;
      return (await update(tx, { ...patch, email: undefined, emailVerifiedAt: undefined }))[0]!;
    }
  });
}
