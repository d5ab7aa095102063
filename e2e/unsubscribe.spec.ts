// The unsubscribe page a notification mail's or digest's visible link opens (issue 27): signed out or in, it
// changes nothing until "Unsubscribe" is pressed (by keyboard here), then says it is done, with the way to
// the preferences; axe-clean and no sideways scroll at 1280 and 360 px. The token is signed as the server
// signs it, with the secret it keeps in DATA_DIR.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { unsubscribedMessage } from '../common/unsubscribe.ts';
import { UnsubscribeTokens } from '../server/notifications/unsubscribe-tokens.ts';
import { createAccount, expectGoodAtBothWidths, tabTo, uniqueEmail } from './helpers.ts';

async function tokens() {
  const secret = await readFile(path.join(process.env.E2E_DATA_DIR!, 'session-secret'), 'utf8');
  return new UnsubscribeTokens(secret.trim());
}

test('unsubscribing from a mailed link, signed out then signed in', async ({ page, browser }) => {
  await createAccount(page, uniqueEmail('unsub'));
  const { id } = await (await page.request.get('/api/auth/user')).json();
  const signer = await tokens();
  const prefs = async () => (await page.request.get('/api/me/notification-preferences')).json();

  // Signed out (another browser): the question, nothing changed yet.
  const visitor = await browser.newPage();
  await visitor.goto(`/unsubscribe?token=${signer.sign(id, 'messages')}`);
  await expect(visitor.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expect(visitor.getByText('Stop getting e-mail about direct messages?')).toBeVisible();
  await expectGoodAtBothWidths(visitor);
  expect((await prefs()).email.messages).toBe('immediately');

  const press = visitor.getByRole('button', { name: 'Unsubscribe' });
  await tabTo(visitor, press);
  await visitor.keyboard.press('Enter');
  const done = visitor.getByRole('status');
  await expect(done).toHaveText(unsubscribedMessage('messages'));
  await expect(done).toBeFocused();
  await expect(visitor.getByRole('link', { name: 'Choose what you get by e-mail' })).toHaveAttribute(
    'href',
    '/profile',
  );
  await expectGoodAtBothWidths(visitor);
  expect((await prefs()).email.messages).toBe('never');
  await visitor.close();

  // Signed in, the digest; a forged link says so.
  await page.goto(`/unsubscribe?token=${signer.sign(id, 'digest')}`);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toHaveText(
    unsubscribedMessage('digest'),
  );
  expect((await prefs()).digest).toBe('never');
  const forged = new UnsubscribeTokens('not-the-server-secret-0123456789-abcdef').sign(id, 'mentions');
  await page.goto(`/unsubscribe?token=${forged}`);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  await expectGoodAtBothWidths(page);
  expect((await prefs()).email.mentions).toBe('immediately');
});
