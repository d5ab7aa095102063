// Long unbroken text never scrolls the page sideways (issue 8 item 2): every user-supplied field at its
// longest, on every screen and dialog, at 360 and 1280 px, with axe on each. Each screen is also scanned for
// the word "timeline" as product-name.spec.ts scans its own (one name for the product): that file walks only
// the screens and states this one does not have. To cover a new screen (posts, messages...), add an entry to
// SCREENS: it opens the screen as one of the people below, once, and is checked at 360 px then resized in
// place to 1280 px (`reopen: true` if the screen decides something by width while opening; see screens.ts).
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { TEXT_LIMITS } from '../common/limits.ts';
import { clientAddress, expectAccessible, PASSWORD } from './helpers.ts';
import { expectNoHorizontalScroll, longEmail, unbroken } from './layout-helpers.ts';
import {
  clickRemoveAndBlock,
  dashboardTabScreens,
  dialog,
  expectNoTimeline,
  type Screen as ScreenOf,
  showBlockedTab,
  type Who,
  walkScreens,
} from './screens.ts';
import {
  apiComment,
  apiCreateTimeline,
  apiJoin,
  apiPost,
  apiRejectPending,
  apiRequireApproval,
} from './timeline-helpers.ts';

interface World {
  pages: Record<Who, Page>;
  emails: Record<Exclude<Who, 'visitor'>, string>;
  /** The active threadline with members, a blocked user, a pending request and long posts. */
  threadline: { id: string; name: string };
  /** An archived threadline with a long post (read-only for its owner). */
  archived: { id: string };
}

type Screen = ScreenOf<World>;

test.use({ actionTimeout: 15_000 });

async function openThreadlineDialog(page: Page, world: World, menuItem: string, title: string) {
  await page.goto(`/timeline/${world.threadline.id}`);
  await page.getByRole('button', { name: 'Threadline settings' }).click();
  await page.getByRole('menuitem', { name: menuItem }).click();
  await expect(dialog(page, title)).toBeVisible();
}

async function openMembers(page: Page, world: World) {
  await page.goto(`/timeline/${world.threadline.id}`);
  await page.getByRole('button', { name: /^\d+ members?$/ }).click();
  await expect(dialog(page, 'Threadline Members')).toBeVisible();
}

const SCREENS: Screen[] = [
  { name: 'landing', as: 'visitor', open: (p) => p.goto('/').then(() => {}) },
  {
    name: 'sign-in, create account with a long e-mail',
    as: 'visitor',
    open: async (p) => {
      await p.goto('/login');
      await p.getByRole('tab', { name: 'Create account' }).click();
      await p.getByLabel('First name').fill(unbroken(100, 'First'));
      await p.getByLabel('Email').fill(longEmail('visitor'));
    },
  },
  {
    name: 'Forgot password with a long e-mail',
    as: 'visitor',
    open: async (p) => {
      await p.goto('/forgot-password');
      await p.getByLabel('Email').fill(longEmail('forgot'));
    },
  },
  { name: 'Page Not Found, signed out', as: 'visitor', open: (p) => p.goto('/no/such/page').then(() => {}) },
  ...dashboardTabScreens<World>(),
  {
    name: 'Create Threadline dialog',
    as: 'owner',
    open: async (p) => {
      await p.goto('/');
      await p.getByRole('button', { name: 'Create Threadline' }).filter({ visible: true }).click();
      const d = dialog(p, 'Create Threadline');
      await d.getByLabel('Name').fill(unbroken(TEXT_LIMITS.timelineName, 'Name'));
      await d.getByLabel('Description').fill(unbroken(TEXT_LIMITS.timelineDescription, 'Description'));
    },
  },
  {
    name: 'Join Threadline dialog',
    as: 'owner',
    open: async (p) => {
      await p.goto('/');
      await p.getByRole('button', { name: 'Join Threadline' }).filter({ visible: true }).click();
      await dialog(p, 'Join Threadline')
        .getByLabel(/Message/)
        .fill(unbroken(TEXT_LIMITS.requestMessage));
    },
  },
  {
    name: 'threadline page (owner)',
    as: 'owner',
    open: (p, w) => p.goto(`/timeline/${w.threadline.id}`).then(() => {}),
  },
  {
    name: 'feed with long posts, comments expanded, long drafts',
    as: 'owner',
    open: async (p, w) => {
      await p.goto(`/timeline/${w.threadline.id}`);
      await p.getByRole('button', { name: /^View \d+ more comments$/ }).click();
      await expect(p.getByRole('list', { name: 'Comments' }).getByRole('listitem')).toHaveCount(3);
      await p.getByRole('textbox', { name: 'Write a post' }).fill(unbroken(TEXT_LIMITS.post, 'Draft'));
      await p
        .getByRole('textbox', { name: 'Write a comment' })
        .first()
        .fill(unbroken(TEXT_LIMITS.comment, 'Reply'));
    },
  },
  {
    name: 'feed search and filter bars with a long query',
    as: 'owner',
    open: async (p, w) => {
      await p.goto(`/timeline/${w.threadline.id}`);
      await p.getByRole('button', { name: 'Filter posts' }).click();
      await p.getByRole('button', { name: 'Search posts' }).click();
      await p.getByRole('searchbox', { name: 'Search posts' }).fill(`Post ${unbroken(300, 'Query')}`);
      await expect(p.getByText('No results found')).toBeVisible();
    },
  },
  {
    name: 'delete post confirmation',
    as: 'owner',
    open: async (p, w) => {
      await p.goto(`/timeline/${w.threadline.id}`);
      await p
        .getByRole('button', { name: /^Post actions/ })
        .first()
        .click();
      await p.getByRole('menuitem', { name: 'Delete post' }).click();
      await expect(dialog(p, 'Delete Post')).toBeVisible();
    },
  },
  {
    name: 'archived threadline with posts (read-only)',
    as: 'owner',
    open: async (p, w) => {
      await p.goto(`/timeline/${w.archived.id}`);
      await expect(p.getByRole('article')).toHaveCount(1);
    },
  },
  {
    name: 'Switch Threadline menu',
    as: 'owner',
    open: async (p, w) => {
      await p.goto(`/timeline/${w.threadline.id}`);
      await p.getByRole('button', { name: 'Switch Threadline' }).click();
      await expect(p.getByRole('menuitem', { name: /^Other/ })).toBeVisible();
    },
  },
  {
    name: 'members dialog (owner sees e-mails)',
    as: 'owner',
    open: async (p, w) => {
      await openMembers(p, w);
      // Too long for the row: truncated, the whole address in a tooltip.
      await expect(dialog(p, 'Threadline Members').getByTitle(w.emails.member)).toBeVisible();
    },
  },
  {
    name: 'Remove & Block dialog with a long reason',
    as: 'owner',
    open: async (p, w) => {
      await openMembers(p, w);
      await clickRemoveAndBlock(p);
      await dialog(p, 'Remove & Block Member').getByRole('textbox').fill(unbroken(TEXT_LIMITS.blockReason));
    },
  },
  {
    name: 'blocked users list',
    as: 'owner',
    open: async (p, w) => {
      await openMembers(p, w);
      await showBlockedTab(p);
    },
  },
  {
    name: 'join requests dialog',
    as: 'owner',
    open: async (p, w) => {
      await openThreadlineDialog(p, w, 'Manage Join Requests', 'Manage Join Requests');
      await expect(dialog(p, 'Manage Join Requests').getByTitle(w.emails.requester)).toBeVisible();
    },
  },
  {
    name: 'approve dialog with a long response',
    as: 'owner',
    open: async (p, w) => {
      await openThreadlineDialog(p, w, 'Manage Join Requests', 'Manage Join Requests');
      await dialog(p, 'Manage Join Requests')
        .getByRole('button', { name: /^Approve (?!\()/ })
        .first()
        .click();
      await dialog(p, 'Approve Join Request').getByRole('textbox').fill(unbroken(TEXT_LIMITS.requestMessage));
    },
  },
  {
    name: 'permissions dialog',
    as: 'owner',
    open: (p, w) => openThreadlineDialog(p, w, 'Manage Permissions', 'Threadline Permissions'),
  },
  {
    name: 'feed and emoji picker (participant)',
    as: 'member',
    open: async (p, w) => {
      await p.goto(`/timeline/${w.threadline.id}`);
      await p.getByRole('button', { name: 'Add reaction' }).first().click();
      await expect(p.getByRole('menuitem', { name: /^React with/ }).first()).toBeVisible();
    },
  },
  {
    name: 'threadline page and members (participant)',
    as: 'member',
    open: async (p, w) => {
      await openMembers(p, w);
    },
  },
  {
    name: 'My Join Requests (long messages and responses)',
    as: 'requester',
    open: async (p) => {
      await p.goto('/my-requests');
      await expect(p.getByRole('main').getByRole('listitem')).toHaveCount(2);
    },
  },
  { name: 'My Join Requests, empty', as: 'owner', open: (p) => p.goto('/my-requests').then(() => {}) },
  {
    // Long names in the texts (a join request, replies to a long post in a long-named threadline).
    name: 'notifications: the panel, a page on a phone',
    as: 'owner',
    // The bell opens the panel on a wide screen and goes to /notifications on a phone.
    reopen: true,
    open: async (p) => {
      await p.goto('/');
      await p.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ }).click();
      const wide = (p.viewportSize()?.width ?? 0) >= 640;
      await expect(
        wide ? dialog(p, 'Notifications') : p.getByRole('heading', { level: 1, name: 'Notifications' }),
      ).toBeVisible();
      await expect(
        p.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first(),
      ).toBeVisible();
    },
  },
  {
    name: "a threadline's notification settings",
    as: 'member',
    open: async (p, w) => {
      await p.goto(`/timeline/${w.threadline.id}`);
      await p.getByRole('button', { name: 'Notification settings' }).click();
      await expect(dialog(p, 'Notifications').getByRole('radio', { checked: true })).toBeVisible();
    },
  },
  {
    name: 'Profile',
    as: 'owner',
    open: async (p) => {
      await p.goto('/profile');
      await expect(p.getByLabel('Display Name')).toHaveValue(/^Display/);
    },
  },
  {
    name: 'Delete my account dialog with a long e-mail typed',
    as: 'owner',
    open: async (p) => {
      await p.goto('/profile');
      await p.getByRole('button', { name: 'Delete my account' }).click();
      await p.getByLabel('Type your e-mail to confirm').fill(longEmail('typed'));
    },
  },
  {
    name: 'Billing',
    as: 'owner',
    open: async (p) => {
      await p.goto('/billing');
      await expect(p.getByRole('main').getByRole('radio').first()).toBeVisible();
    },
  },
  { name: 'Page Not Found, signed in', as: 'owner', open: (p) => p.goto('/no/such/page').then(() => {}) },
];

/** A person with every name field at its longest, signed in through the API in their own context. */
async function longNamedPerson(browser: Browser, tag: string, displayName: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = longEmail(tag);
  const res = await page.request.post('/api/auth/register', {
    data: {
      email,
      password: PASSWORD,
      firstName: unbroken(100, `${tag}First`),
      lastName: unbroken(100, 'Last'),
    },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(res.status(), await res.text()).toBe(201);
  if (displayName) {
    const profile = await page.request.put('/api/profile', {
      data: {
        displayName: unbroken(TEXT_LIMITS.displayName, 'Display'),
        bio: unbroken(TEXT_LIMITS.bio, 'Bio'),
      },
    });
    expect(profile.ok(), await profile.text()).toBe(true);
  }
  const user = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  return { context, page, email, id: user.id };
}

const description = `See https://example.org/${unbroken(TEXT_LIMITS.timelineDescription - 24, 'path')}`;

let world: World;
let contexts: BrowserContext[] = [];

test.beforeAll(async ({ browser }) => {
  const owner = await longNamedPerson(browser, 'owner', true);
  const member = await longNamedPerson(browser, 'member', false);
  const blocked = await longNamedPerson(browser, 'blocked', false);
  const requester = await longNamedPerson(browser, 'requester', false);
  const visitor = await browser.newContext();
  contexts = [owner.context, member.context, blocked.context, requester.context, visitor];

  const name = unbroken(TEXT_LIMITS.timelineName, 'Threadline');
  const main = await apiCreateTimeline(owner.page, name, description);
  const rejecting = await apiCreateTimeline(owner.page, unbroken(255, 'Archived'), description);
  const deleted = await apiCreateTimeline(owner.page, unbroken(255, 'Deleted'), description);
  await apiCreateTimeline(owner.page, unbroken(255, 'Other'), description);

  await apiJoin(member.page, main.joinCode);
  await apiJoin(blocked.page, main.joinCode);
  const block = await owner.page.request.delete(`/api/timelines/${main.id}/members/${blocked.id}`, {
    data: { reason: unbroken(TEXT_LIMITS.blockReason, 'Reason') },
  });
  expect(block.ok(), await block.text()).toBe(true);

  await apiRequireApproval(owner.page, main.id);
  await apiRequireApproval(owner.page, rejecting.id);
  await apiJoin(requester.page, main.joinCode, unbroken(TEXT_LIMITS.requestMessage, 'Message'));
  await apiJoin(requester.page, rejecting.joinCode, unbroken(TEXT_LIMITS.requestMessage, 'Message'));
  await apiRejectPending(owner.page, rejecting.id, unbroken(TEXT_LIMITS.requestMessage, 'Response'));
  // Long posts and comments: a long link, unbroken words at the limits, and long reactions.
  const longPost = `See https://example.org/${unbroken(500, 'path')}\n${unbroken(TEXT_LIMITS.post - 600, 'Post')}`;
  const post = await apiPost(owner.page, main.id, longPost);
  await apiPost(member.page, main.id, unbroken(TEXT_LIMITS.post, 'Member'));
  for (const tag of ['First', 'Second', 'Third']) {
    await apiComment(member.page, post.id, unbroken(TEXT_LIMITS.comment, tag));
  }
  for (const emoji of [
    '\u2764\uFE0F',
    '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}',
    '\u{1F389}',
  ]) {
    const res = await member.page.request.post('/api/reactions', { data: { postId: post.id, emoji } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await apiPost(owner.page, rejecting.id, unbroken(TEXT_LIMITS.post, 'Archived'));
  expect((await owner.page.request.post(`/api/timelines/${rejecting.id}/archive`)).ok()).toBe(true);
  expect((await owner.page.request.delete(`/api/timelines/${deleted.id}`)).ok()).toBe(true);

  world = {
    pages: {
      visitor: await visitor.newPage(),
      owner: owner.page,
      member: member.page,
      requester: requester.page,
    },
    emails: { owner: owner.email, member: member.email, requester: requester.email },
    threadline: { id: main.id, name },
    archived: { id: rejecting.id },
  };
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
});

test('no screen scrolls sideways with long text, or says "timeline", at 360 and 1280 px', async () => {
  test.setTimeout(360_000);
  await walkScreens(SCREENS, world, async (page, where, width) => {
    await expectNoHorizontalScroll(page, where);
    await expectNoTimeline(page, where);
    try {
      await expectAccessible(page);
    } catch (error) {
      throw new Error(`axe on ${where} at ${width}px: ${error instanceof Error ? error.message : error}`);
    }
    // LAYOUT_SHOTS=<folder> keeps a screenshot of every screen, to look the layouts over.
    if (process.env.LAYOUT_SHOTS) {
      const file = `${width}-${where.replace(/\W+/g, '-')}.png`;
      await page.screenshot({ path: `${process.env.LAYOUT_SHOTS}/${file}`, fullPage: true });
    }
  });
});
