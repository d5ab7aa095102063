// Per-user write limits (issue 23; DECISIONS §3): a member who has posted, commented and messaged as fast as
// the server allows is told "You're posting too fast. Try again in N seconds." by the composer, the comment
// box and the message box, and what they typed stays there.
import { type APIResponse, expect, type Page, test } from '@playwright/test';
import {
  apiCreateTimeline,
  apiJoin,
  apiUserId,
  openThreadline,
  postCard,
  sharedAccount,
  signedInAs,
  toastWith,
  uniqueName,
} from './timeline-helpers.ts';

const TOO_FAST = /You're posting too fast\. Try again in \d+ seconds?\./;

/** Sends `write` until the server refuses one with 429 (whatever WRITE_LIMIT_FACTOR the server has). */
async function floodUntilRefused(write: (i: number) => Promise<APIResponse>): Promise<void> {
  // In batches of 25 at once: hundreds of writes one by one would take most of the journey's time.
  for (let start = 0; start < 1000; start += 25) {
    const batch = await Promise.all(Array.from({ length: 25 }, (_, j) => write(start + j)));
    const refused = batch.findIndex((res) => res.status() === 429);
    for (const res of batch.slice(0, refused < 0 ? undefined : refused)) {
      expect(res.status(), await res.text()).toBeLessThan(300);
    }
    if (refused >= 0) {
      expect((await batch[refused]!.json()).message).toMatch(TOO_FAST);
      expect(Number(batch[refused]!.headers()['retry-after'])).toBeGreaterThan(0);
      return;
    }
  }
  throw new Error('1000 writes were all accepted');
}

const post = (page: Page, timelineId: string, content: string) =>
  page.request.post('/api/posts', { data: { timelineId, type: 'text', content } });

test('past the write limit the composer, comment box and message box keep the text and say when to try again', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const o = await signedInAs(browser, await sharedAccount(browser, 'Fay', 'Flood'));
  const m = await signedInAs(browser, await sharedAccount(browser, 'Gus', 'Flood'));
  const name = uniqueName('Flood Gate');
  const { id, joinCode } = await apiCreateTimeline(o.page, name);
  await apiJoin(m.page, joinCode);

  // Posts.
  await floodUntilRefused((i) => post(o.page, id, `Flood number ${i}.`));
  await openThreadline(o.page, id, name);
  const composer = o.page.getByRole('textbox', { name: 'Write a post' });
  await composer.fill('A thought worth keeping');
  await o.page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(toastWith(o.page, TOO_FAST)).toBeVisible();
  await expect(composer).toHaveValue('A thought worth keeping');

  // Comments, on the newest post.
  const feed = await o.page.request.get(`/api/timelines/${id}/posts`);
  const [newest] = (await feed.json()) as { id: string; content: string }[];
  const postId = newest!.id;
  await floodUntilRefused((i) =>
    o.page.request.post('/api/comments', { data: { postId, content: `Re ${i}` } }),
  );
  const card = postCard(o.page, newest!.content);
  const commentBox = card.getByRole('textbox', { name: 'Write a comment' });
  await commentBox.fill('A reply worth keeping');
  await commentBox.press('Enter');
  await expect(toastWith(o.page, TOO_FAST).last()).toBeVisible();
  await expect(commentBox).toHaveValue('A reply worth keeping');

  // Messages.
  const started = await o.page.request.post('/api/conversations', {
    data: { timelineId: id, recipientId: await apiUserId(m.page) },
  });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const { id: conversationId } = (await started.json()) as { id: string };
  await floodUntilRefused((i) =>
    o.page.request.post(`/api/conversations/${conversationId}/messages`, { data: { content: `Hi ${i}` } }),
  );
  await o.page.goto('/messages');
  const page = o.page.getByTestId('messages-page');
  await page
    .getByTestId('conversation-list')
    .getByRole('button', { name: new RegExp(`^Gus Flood \\(${name}\\)`) })
    .click();
  const field = page.getByPlaceholder('Type a message...');
  await field.fill('A message worth keeping');
  await field.press('Enter');
  await expect(toastWith(o.page, TOO_FAST)).toBeVisible();
  await expect(field).toHaveValue('A message worth keeping');
});
