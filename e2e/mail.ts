// The e2e server has no SMTP_URL, so its mail lands as .eml files in DATA_DIR/outbox (DECISIONS §10), where a
// self-hoster would find it too. These read it back.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';

const outbox = () => path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

async function mailsTo(address: string): Promise<ParsedMail[]> {
  const files = await readdir(outbox()).catch(() => [] as string[]);
  const mails = await Promise.all(
    files
      .filter((f) => f.endsWith('.eml'))
      .map(async (f) => simpleParser(await readFile(path.join(outbox(), f)))),
  );
  return mails.filter((m) => [m.to ?? []].flat()[0]?.value[0]?.address === address);
}

/** The mail to `address` with this subject, once the server's mail worker has written it. */
export async function mailTo(address: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((m) => m.subject === subject);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The path and query of the first link to this site in a mail (the server's own host differs). */
export function linkIn(mail: ParsedMail, pathname: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${pathname}\\?[^\\s"<]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${pathname} link in: ${mail.text}`);
  return match[1]!;
}
