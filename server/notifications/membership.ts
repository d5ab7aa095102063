// Notifications about membership (issue 27; DECISIONS §10): join requests to manage, a request's outcome, a
// role change, a removal, a threadline archived or deleted. Each writer runs in the transaction of its cause;
// the route publishes the returned changes once it committed (`publishInboxChanges`).
//
// The per-threadline level does not hold these back (they are about one's own membership), with one
// exception: a manager who chose "Nothing" for a threadline gets no `join_request` from it (its pending
// requests still show in the header's badge and the requests panel, as muted threadlines keep unread badges).
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { personName } from '../../common/names.ts';
import type { Role } from '../../common/roles.ts';
import type { Db } from '../db/client.ts';
import { notifications, timelineMembers, users } from '../db/schema/index.ts';
import { publishInbox, publishNotifications } from './publish.ts';
import { type CreatedNotification, createNotifications, hrefs, type NewNotification } from './store.ts';
import {
  joinRequestText,
  removedText,
  requestOutcomeText,
  roleChangedText,
  timelineArchivedText,
  timelineDeletedText,
} from './texts.ts';

/** What a command changed in people's inboxes: notifications written, and users whose ones were marked read. */
export interface InboxChanges {
  created: CreatedNotification[];
  read: string[];
}

export const noInboxChanges = (): InboxChanges => ({ created: [], read: [] });

/** The threadline as the writers need it. */
interface TimelineRef {
  id: string;
  name: string;
}

/** Rows per insert: one statement stays bounded for a threadline without a plan's member cap. */
const ROWS_PER_INSERT = 1000;

async function create(tx: Db, rows: NewNotification[]): Promise<CreatedNotification[]> {
  const created: CreatedNotification[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    created.push(...(await createNotifications(tx, rows.slice(i, i + ROWS_PER_INSERT))));
  }
  return created;
}

export const joinRequestKey = (requestId: string) => `join_request:${requestId}`;

/** A new pending request: its threadline's owner and moderators (but those who chose "Nothing") are told. */
export async function notifyJoinRequest(
  tx: Db,
  timeline: TimelineRef,
  requestId: string,
  requesterId: string,
): Promise<CreatedNotification[]> {
  const [requester] = await tx
    .select({ displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, requesterId));
  const managers = await tx
    .select({ userId: timelineMembers.userId })
    .from(timelineMembers)
    .where(
      and(
        eq(timelineMembers.timelineId, timeline.id),
        inArray(timelineMembers.role, ['owner', 'moderator']),
        ne(timelineMembers.notifyLevel, 'none'),
      ),
    );
  const text = joinRequestText(personName(requester), timeline.name);
  return create(
    tx,
    managers.map((m) => ({
      userId: m.userId,
      type: 'join_request',
      actorId: requesterId,
      timelineId: timeline.id,
      text,
      href: hrefs.joinRequests(timeline.id),
      dedupeKey: joinRequestKey(requestId),
    })),
  );
}

/**
 * Requests that are no longer pending (approved, rejected, retracted, cancelled): the managers' notifications
 * about them are marked read, so nobody is asked to handle what is settled. Looked up per member of the
 * threadline through the (user, dedupe key) index: whoever got one and can still read it. Returns whose changed.
 */
export async function settleJoinRequests(
  tx: Db,
  timelineId: string,
  requestIds: string[],
): Promise<string[]> {
  if (requestIds.length === 0) return [];
  const n = notifications;
  const rows = await tx
    .update(n)
    .set({ readAt: sql`now()`, mailAfter: null })
    .where(
      and(
        inArray(
          n.userId,
          tx
            .select({ userId: timelineMembers.userId })
            .from(timelineMembers)
            .where(eq(timelineMembers.timelineId, timelineId)),
        ),
        inArray(n.dedupeKey, requestIds.map(joinRequestKey)),
        eq(n.type, 'join_request'),
        isNull(n.readAt),
      ),
    )
    .returning({ userId: n.userId });
  return [...new Set(rows.map((r) => r.userId))];
}

/**
 * The requester learns how their request ended: approved links to the threadline (and names who let them
 * in, now a fellow member), rejected to their requests page (and names nobody).
 */
export async function notifyRequestOutcome(
  tx: Db,
  timeline: TimelineRef,
  request: { id: string; userId: string },
  outcome: 'approved' | 'rejected',
  actorId: string,
): Promise<CreatedNotification[]> {
  return create(tx, [
    {
      userId: request.userId,
      type: 'request_outcome',
      actorId: outcome === 'approved' ? actorId : null,
      timelineId: timeline.id,
      text: requestOutcomeText(outcome, timeline.name),
      href: outcome === 'approved' ? hrefs.timeline(timeline.id) : hrefs.myRequests(),
      dedupeKey: `request_outcome:${request.id}`,
    },
  ]);
}

/** The member whose role changed learns the new one. */
export async function notifyRoleChanged(
  tx: Db,
  timeline: TimelineRef,
  userId: string,
  role: Role,
  actorId: string,
): Promise<CreatedNotification[]> {
  return create(tx, [
    {
      userId,
      type: 'role_changed',
      actorId,
      timelineId: timeline.id,
      text: roleChangedText(role, timeline.name),
      href: hrefs.timeline(timeline.id),
    },
  ]);
}

/** A member removed and blocked: the threadline's name, no actor, a link home (they can open nothing there). */
export async function notifyRemoved(tx: Db, timeline: TimelineRef, userId: string) {
  return create(tx, [
    {
      userId,
      type: 'removed',
      timelineId: timeline.id,
      text: removedText(timeline.name),
      href: hrefs.dashboard(),
    },
  ]);
}

/**
 * Archived or deleted: every member but the one who did it. One per archive (keyed by its time: a threadline
 * restored and archived again tells them again), one deletion ever.
 */
export async function notifyTimelineClosed(
  tx: Db,
  timeline: TimelineRef & { archivedAt: Date | null },
  change: 'archived' | 'deleted',
  actorId: string,
): Promise<CreatedNotification[]> {
  const members = await tx
    .select({ userId: timelineMembers.userId })
    .from(timelineMembers)
    .where(and(eq(timelineMembers.timelineId, timeline.id), ne(timelineMembers.userId, actorId)));
  const archived = change === 'archived';
  const text = archived ? timelineArchivedText(timeline.name) : timelineDeletedText(timeline.name);
  const dedupeKey = archived
    ? `timeline_archived:${timeline.id}:${timeline.archivedAt?.getTime() ?? 0}`
    : `timeline_deleted:${timeline.id}`;
  return create(
    tx,
    members.map((m) => ({
      userId: m.userId,
      type: archived ? 'timeline_archived' : 'timeline_deleted',
      actorId,
      timelineId: timeline.id,
      text,
      href: hrefs.dashboard(),
      dedupeKey,
    })),
  );
}

/** After the commit: recipients hear their new counts (and get pushed to), so do those whose ones were read. */
export async function publishInboxChanges(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  changes: InboxChanges,
) {
  await publishNotifications(app, log, changes.created);
  const told = new Set(changes.created.map((c) => c.userId));
  const read = changes.read.filter((id) => !told.has(id));
  if (read.length > 0) await publishInbox(app, log, read);
}
