// One name for the product (issue 25 item 4, DECISIONS §2): no screen says "timeline". Every route and every
// dialog, menu and toast we can reach, at 1280 and 360 px, as a visitor, an owner, a member and a requester:
// the visible text, the visible elements' aria-labels, placeholders, titles and alt texts, and the document
// title never contain /timeline/i, URLs excepted (the `/timeline/{id}` addresses keep the data model's word).
// Toasts are recorded as they appear, so one that comes and goes between two scans still counts. The screens
// long-text.spec.ts walks (landing, dashboard tabs, members, blocked users, permissions, join requests,
// Switch Threadline, search bars, archived, profile, billing, My Join Requests empty, Page Not Found...) are
// scanned there with the same check (screens.ts expectNoTimeline); this file walks the rest: its world's
// media, messages, plan limit, refusals and the states on the way. To cover a new screen, add it to SCREENS
// here, or to long-text's if it shows user text; each is opened once at 360 px and resized in place to
// 1280 px (`reopen: true` if it decides something by width while opening; see screens.ts).
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { clientAddress, PASSWORD, recordToasts, type Shown, uniqueEmail } from './helpers.ts';
import { apiMediaPost, tinyPdf, uploadMedia } from './media-files.ts';
import {
  dialog,
  expectNoTimeline,
  type Screen as ScreenOf,
  saying,
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
  apiSetPermissions,
  postCard,
  toastWith,
} from './timeline-helpers.ts';

interface World {
  pages: Record<Who, Page>;
  ids: Record<'owner' | 'member', string>;
  /** Active, with members, a blocked user, a pending request, media posts and comments. */
  main: { id: string; name: string; joinCode: string };
  /** A member's post there, for live comments. */
  memberPostId: string;
}

type Screen = ScreenOf<World>;

async function openMain(page: Page, world: World) {
  await page.goto(`/timeline/${world.main.id}`);
  await expect(page.getByRole('heading', { level: 1, name: world.main.name })).toBeVisible();
}

async function settingsDialog(page: Page, world: World, item: string, title: string) {
  await openMain(page, world);
  await page.getByRole('button', { name: 'Threadline settings' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(dialog(page, title)).toBeVisible();
}

async function openMembers(page: Page, world: World) {
  await openMain(page, world);
  await page.getByRole('button', { name: /^\d+ members?$/ }).click();
  await expect(dialog(page, 'Threadline Members')).toBeVisible();
}

async function openDashboardDialog(page: Page, name: 'Create Threadline' | 'Join Threadline') {
  await page.goto('/');
  await page.getByRole('button', { name }).filter({ visible: true }).first().click();
  await expect(dialog(page, name)).toBeVisible();
  return dialog(page, name);
}

const SCREENS: Screen[] = [
  {
    name: 'sign-in',
    as: 'visitor',
    open: async (p) => {
      await p.goto('/login');
      await p.getByRole('button', { name: 'Sign in' }).filter({ visible: true }).last().click();
    },
  },
  {
    name: 'register',
    as: 'visitor',
    open: async (p) => {
      await p.goto('/login');
      await p.getByRole('tab', { name: 'Create account' }).click();
      await p.getByRole('button', { name: 'Create account' }).filter({ visible: true }).last().click();
    },
  },
  {
    name: 'a threadline link, signed out',
    as: 'visitor',
    open: async (p, w) => {
      await p.goto(`/timeline/${w.main.id}`);
      await expect(p).toHaveURL(/\/login/);
    },
  },
  {
    name: 'header menu',
    as: 'owner',
    // The menu button shows below md (48rem) only: opened at 360 px, the dashboard without it at 1280 px.
    reopen: true,
    open: async (p) => {
      await p.goto('/');
      await expect(p.getByRole('main').getByRole('listitem').first()).toBeVisible();
      if ((p.viewportSize()?.width ?? 0) < 768) {
        await p.getByRole('button', { name: /^Menu/ }).click();
        await expect(p.getByRole('menu')).toBeVisible();
      }
    },
  },
  {
    name: 'Create Threadline dialog: an empty name, then past the plan limit',
    as: 'owner',
    open: async (p, _w, checkHere) => {
      const create = await openDashboardDialog(p, 'Create Threadline');
      await create.getByRole('button', { name: 'Create Threadline' }).click();
      await expect(create.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
      await checkHere('Create Threadline, empty name');
      await create.getByLabel('Name').fill('One too many');
      await create.getByRole('button', { name: 'Create Threadline' }).click();
      await expect(toastWith(p, /Limit Reached/)).toBeVisible();
    },
  },
  {
    name: 'Join Threadline dialog: an empty code, an unknown code, then one of ours',
    as: 'owner',
    open: async (p, w, checkHere) => {
      const join = await openDashboardDialog(p, 'Join Threadline');
      await join.getByRole('button', { name: 'Join Threadline' }).click();
      await expect(join.getByLabel(/code/i)).toHaveAttribute('aria-invalid', 'true');
      await checkHere('Join Threadline, empty code');
      await join.getByLabel(/code/i).fill('ZZZZ2222');
      await join.getByRole('button', { name: 'Join Threadline' }).click();
      await expect(toastWith(p, /Please check the code/)).toBeVisible();
      await checkHere('Join Threadline, unknown code');
      await join.getByLabel(/code/i).fill(w.main.joinCode);
      await join.getByRole('button', { name: 'Join Threadline' }).click();
      await expect(p).toHaveURL(`/timeline/${w.main.id}`);
      await expect(toastWith(p, /already a member/)).toBeVisible();
    },
  },
  {
    name: 'threadline page (owner): posts, media, comments expanded',
    as: 'owner',
    open: async (p, w) => {
      await openMain(p, w);
      const welcome = postCard(p, 'Welcome, everyone');
      await welcome.getByRole('button', { name: /^View \d+ more comments?$/ }).click();
      await expect(welcome.getByRole('list', { name: 'Comments' }).getByRole('listitem')).toHaveCount(3);
      await p.getByRole('button', { name: 'Open image photo.png' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'threadline settings menu',
    as: 'owner',
    open: async (p, w) => {
      await openMain(p, w);
      await p.getByRole('button', { name: 'Threadline settings' }).click();
      await expect(p.getByRole('menu')).toBeVisible();
    },
  },
  {
    name: 'appearance dialog',
    as: 'owner',
    open: (p, w) => settingsDialog(p, w, 'Appearance', 'Appearance'),
  },
  { name: 'insights dialog', as: 'owner', open: (p, w) => settingsDialog(p, w, 'Insights', 'Insights') },
  {
    name: 'delete threadline confirmation',
    as: 'owner',
    open: (p, w) => settingsDialog(p, w, 'Delete Threadline', 'Delete Threadline'),
  },
  {
    name: 'post actions menu, then Delete Post',
    as: 'owner',
    open: async (p, w, checkHere) => {
      await openMain(p, w);
      await p
        .getByRole('button', { name: /^Post actions/ })
        .first()
        .click();
      await expect(p.getByRole('menu')).toBeVisible();
      await checkHere('post actions menu');
      await p.getByRole('menuitem', { name: 'Delete post' }).click();
      await expect(dialog(p, 'Delete Post')).toBeVisible();
    },
  },
  ...(['Upload Files', 'Media upload help', 'Record Audio'] as const).map(
    (button): Screen => ({
      name: `composer: ${button}`,
      as: 'owner',
      open: async (p, w) => {
        await openMain(p, w);
        await p.getByRole('button', { name: button }).click();
        await expect(p.getByRole('dialog')).toBeVisible();
      },
    }),
  ),
  {
    name: 'image lightbox',
    as: 'owner',
    open: async (p, w) => {
      await openMain(p, w);
      await p.getByRole('button', { name: 'Open image photo.png' }).click();
      await expect(p.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'PDF preview',
    as: 'owner',
    open: async (p, w) => {
      await openMain(p, w);
      await p.getByRole('button', { name: 'Preview minutes.pdf' }).click();
      await expect(p.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'emoji picker',
    as: 'owner',
    open: async (p, w) => {
      await openMain(p, w);
      await p.getByRole('button', { name: 'Add reaction' }).first().click();
      await expect(p.getByRole('menuitem', { name: /^React with/ }).first()).toBeVisible();
    },
  },
  {
    name: 'a missing threadline',
    as: 'owner',
    open: async (p) => {
      await p.goto('/timeline/00000000-0000-4000-8000-000000000000');
      await expect(p).toHaveURL('/');
      await expect(toastWith(p, /Not Found/)).toBeVisible();
    },
  },
  {
    name: 'a notification card for a new comment',
    as: 'owner',
    open: async (p, w) => {
      await p.goto('/');
      await expect(p.getByRole('main').getByRole('listitem').first()).toBeVisible();
      // Comments until one arrives as a card (the socket may still be connecting for the first).
      await expect(async () => {
        await apiComment(w.pages.member, w.memberPostId, 'Lovely');
        await expect(p.getByRole('complementary', { name: 'Notification' })).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 20_000 });
    },
  },
  {
    name: 'messages page with a conversation',
    as: 'owner',
    // Picking a conversation moves the focus to its thread below md only (decided at the click).
    reopen: true,
    open: async (p) => {
      await p.goto('/messages');
      const item = p.getByTestId('conversation-list').getByRole('button').first();
      await item.click();
      await expect(p.getByTestId('message-list')).toBeVisible();
    },
  },
  {
    name: 'messaging modal from the members list, then Full Screen (Back to Threadline)',
    as: 'owner',
    open: async (p, w, checkHere) => {
      await openMembers(p, w);
      await dialog(p, 'Threadline Members').getByRole('button', { name: 'Message Mika Namecheck' }).click();
      await expect(p.getByRole('dialog').getByRole('button', { name: 'Full Screen' })).toBeVisible();
      await checkHere('messaging modal');
      await p.getByRole('dialog').getByRole('button', { name: 'Full Screen' }).click();
      await expect(
        p.getByTestId('messages-page').getByRole('button', { name: 'Back to Threadline' }),
      ).toBeVisible();
    },
  },
  {
    name: 'search',
    as: 'owner',
    open: async (p) => {
      await p.goto('/search?q=Welcome');
      await expect(p.getByRole('main')).toBeVisible();
    },
  },
  {
    // The API keeps its words ("...in this timeline"); the toast shows them in the screens' words.
    name: "a server refusal, in the screens' words",
    as: 'member',
    open: async (p, w) => {
      await apiSetPermissions(w.pages.owner, w.main.id, { allowParticipantPosts: true });
      await openMain(p, w);
      await p.getByRole('textbox', { name: 'Write a post' }).fill('Too late?');
      await apiSetPermissions(w.pages.owner, w.main.id, { allowParticipantPosts: false });
      await p.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(toastWith(p, /Posting is currently disabled/)).toBeVisible();
    },
  },
  {
    name: 'threadline page (participant, posting off)',
    as: 'member',
    open: async (p, w) => {
      await openMain(p, w);
      await expect(p.getByText(/Posting is currently disabled/)).toBeVisible();
    },
  },
  {
    name: 'leave confirmation',
    as: 'member',
    open: async (p, w) => {
      await openMain(p, w);
      await p.getByRole('button', { name: 'Leave', exact: true }).click();
      await expect(p.getByRole('alertdialog')).toBeVisible();
    },
  },
  {
    name: 'My Join Requests (pending and rejected), retract confirmation',
    as: 'requester',
    open: async (p, _w, checkHere) => {
      await p.goto('/my-requests');
      await expect(p.getByRole('main').getByRole('listitem')).toHaveCount(2);
      await checkHere('My Join Requests');
      await p
        .getByRole('button', { name: /^Cancel Request/ })
        .first()
        .click();
      await expect(p.getByRole('alertdialog')).toBeVisible();
    },
  },
  {
    name: 'dashboard (requester, no threadlines)',
    as: 'requester',
    open: async (p) => {
      await p.goto('/');
      await expect(p.getByRole('button', { name: 'Join Threadline' }).first()).toBeVisible();
    },
  },
];

async function person(context: BrowserContext, firstName: string) {
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/register', {
    data: {
      email: uniqueEmail(firstName.toLowerCase()),
      password: PASSWORD,
      firstName,
      lastName: 'Namecheck',
    },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { page, id: ((await res.json()) as { id: string }).id };
}

/** One file through the upload flow (spec 001 §7), ready to attach to a post. */
async function upload(request: APIRequestContext, bytes: Buffer, fileName: string, contentType: string) {
  const category = contentType.startsWith('image/') ? 'image' : 'document';
  const stored = await uploadMedia(request, bytes, fileName, contentType, category);
  return { mediaUrl: stored.objectPath, fileName, fileSize: stored.size };
}

let world: World;
let contexts: BrowserContext[] = [];
const toasts: Partial<Record<Who, Shown[]>> = {};

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  contexts = await Promise.all([1, 2, 3, 4, 5].map(() => browser.newContext()));
  const [ownerContext, memberContext, blockedContext, requesterContext, visitorContext] = contexts as [
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
  ];
  const owner = await person(ownerContext, 'Orla');
  const member = await person(memberContext, 'Mika');
  // The member's pages stay as they loaded (no live updates), so the server's refusal is what they hear.
  await memberContext.routeWebSocket(/\/ws$/, () => {});
  const blocked = await person(blockedContext, 'Bo');
  const requester = await person(requesterContext, 'Rex');

  const main = {
    ...(await apiCreateTimeline(owner.page, 'Garden Club', 'Seeds and plots')),
    name: 'Garden Club',
  };
  // Archived (its screens are long-text's), and counted against the plan's limit below.
  const archived = await apiCreateTimeline(owner.page, 'Old Plots', 'Last year');
  const rejecting = await apiCreateTimeline(owner.page, 'Seed Swap', 'Closed circle');
  const deleted = await apiCreateTimeline(owner.page, 'Gone Club');
  expect((await owner.page.request.delete(`/api/timelines/${deleted.id}`)).ok()).toBe(true);
  // The free plan's limit, so Create can show its limit toast (deleted ones do not count).
  const free = 10;
  for (let i = 4; i <= free; i++) await apiCreateTimeline(owner.page, `Plot ${i}`);

  await apiJoin(member.page, main.joinCode);
  await apiJoin(blocked.page, main.joinCode);
  const block = await owner.page.request.delete(`/api/timelines/${main.id}/members/${blocked.id}`, {
    data: { reason: 'Spam' },
  });
  expect(block.ok(), await block.text()).toBe(true);
  await apiRequireApproval(owner.page, main.id);
  await apiRequireApproval(owner.page, rejecting.id);
  await apiJoin(requester.page, main.joinCode, 'May I join?');
  await apiJoin(requester.page, rejecting.joinCode, 'Me too?');
  await apiRejectPending(owner.page, rejecting.id, 'Not this season');

  const post = await apiPost(owner.page, main.id, 'Welcome, everyone: plots are assigned on Monday.');
  for (const text of ['First!', 'Second', 'Third']) await apiComment(member.page, post.id, text);
  const memberPost = await apiPost(member.page, main.id, 'Tomatoes are in.');
  const reacted = await member.page.request.post('/api/reactions', {
    data: { postId: post.id, emoji: '🎉' },
  });
  expect(reacted.ok(), await reacted.text()).toBe(true);
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  const image = await upload(owner.page.request, photo, 'photo.png', 'image/png');
  await apiMediaPost(owner.page.request, {
    timelineId: main.id,
    type: 'image',
    content: 'The plot map',
    ...image,
  });
  const pdf = await upload(owner.page.request, tinyPdf('Minutes'), 'minutes.pdf', 'application/pdf');
  await apiMediaPost(owner.page.request, { timelineId: main.id, type: 'file', content: 'Minutes', ...pdf });
  await apiSetPermissions(owner.page, main.id, { allowParticipantPosts: false });

  const started = await owner.page.request.post('/api/conversations', {
    data: { timelineId: main.id, recipientId: member.id },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { id: conversationId } = (await started.json()) as { id: string };
  const sent = await owner.page.request.post(`/api/conversations/${conversationId}/messages`, {
    data: { content: 'Can you water my plot?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await apiPost(owner.page, archived.id, 'Last harvest');
  expect((await owner.page.request.post(`/api/timelines/${archived.id}/archive`)).ok()).toBe(true);
  await blockedContext.close();

  world = {
    pages: {
      visitor: await visitorContext.newPage(),
      owner: owner.page,
      member: member.page,
      requester: requester.page,
    },
    ids: { owner: owner.id, member: member.id },
    main,
    memberPostId: memberPost.id,
  };
  for (const who of Object.keys(world.pages) as Who[]) toasts[who] = await recordToasts(world.pages[who]);
});

test.afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
});

test('no screen says "timeline", at 360 and 1280 px', async () => {
  test.setTimeout(600_000);
  await walkScreens(SCREENS, world, expectNoTimeline, (page) => page.keyboard.press('Escape'));
  // The limit, join and not-found toasts at least.
  expect(toasts.owner?.length).toBeGreaterThanOrEqual(4);
  for (const [who, shown] of Object.entries(toasts)) {
    expect
      .soft(
        shown.flatMap((t) => saying(t.text)),
        `${who}'s toasts`,
      )
      .toEqual([]);
  }
});
