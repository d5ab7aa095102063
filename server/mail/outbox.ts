// Queues mail in the caller's transaction (DECISIONS §10): it goes out only if what caused it commits.
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { MailContent } from './templates.ts';

export type MailKind =
  | 'password_reset'
  | 'password_changed'
  | 'verify_email'
  | 'change_email'
  | 'account_deleted'
  | 'export_ready'
  | 'notification'
  | 'digest';

/** `headers`: extra ones to send (notification mail's List-Unsubscribe and List-Unsubscribe-Post). */
export async function queueMail(
  db: Db,
  to: string,
  kind: MailKind,
  content: MailContent,
  headers?: Record<string, string>,
): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: to,
    kind,
    subject: content.subject,
    textBody: content.text,
    htmlBody: content.html,
    headers: headers ?? null,
    // The worker compares with its clock in milliseconds; the database's now() has microseconds.
    nextAttemptAt: new Date(),
  });
}
