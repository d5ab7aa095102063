// One-click unsubscribe (issue 27; DECISIONS §10; RFC 8058): POST /api/notifications/unsubscribe?token=
// turns the kind the signed token names off, without a session (mail programs post it with no cookie, the
// body `List-Unsubscribe=One-Click` form-encoded). Registered outside the signed-in subtree, and let through
// the cross-site check (server/app.ts): the token is the authorisation, not the browser's origin. A GET there
// (an older mail program opening the header's link) leads to the page, which asks for a click: mail
// scanners follow links, and a link alone must never unsubscribe.
import type { FastifyInstance } from 'fastify';
import {
  UNSUBSCRIBE_API_PATH,
  UNSUBSCRIBE_LINK_EXPIRED,
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBE_PAGE_PATH,
  unsubscribeAnswer,
  unsubscribedMessage,
  unsubscribeQuery,
} from '../../common/schemas/unsubscribe.ts';
import { badRequest } from '../http/errors.ts';
import { unsubscribe } from '../notifications/unsubscribe.ts';

/** A one-click body is a few bytes; anything longer is not one. */
const FORM_BODY_LIMIT = 1024;

export async function unsubscribeRoutes(app: FastifyInstance) {
  // RFC 8058's body, form-encoded or multipart: read (within its small limit) and ignored, here only.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, _body, done) => done(null, {}),
    );
  }

  app.post(
    UNSUBSCRIBE_API_PATH,
    {
      schema: {
        summary: 'One-click unsubscribe from a mail (RFC 8058): the signed token is the authorisation',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeAnswer },
      },
    },
    async (request) => {
      const { token } = request.query;
      const check = app.notificationMail.tokens.verify(token);
      if (!check.ok) {
        throw badRequest(check.why === 'expired' ? UNSUBSCRIBE_LINK_EXPIRED : UNSUBSCRIBE_LINK_INVALID);
      }
      await unsubscribe(app.db, check.userId, check.kind);
      request.log.info({ userId: check.userId, kind: check.kind }, 'unsubscribed from a mailed link');
      return { kind: check.kind, message: unsubscribedMessage(check.kind) };
    },
  );

  app.get(
    UNSUBSCRIBE_API_PATH,
    {
      schema: {
        summary: "Open the unsubscribe page for a mail's signed token (303 to it)",
        querystring: unsubscribeQuery,
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      return reply.redirect(`${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`, 303);
    },
  );
}
