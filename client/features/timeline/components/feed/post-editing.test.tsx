// Editing a post and a comment in place, "edited", and the History dialog (issue 24).
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../../common/schemas/post.ts';
import { loadDropdownMenu } from '../../../../components/ui/dropdown-menu.tsx';
import { button, cleanup, jsonResponse as json, render, typeInto } from '../../../home/test/render.tsx';
import { AUTHOR, makeComment, makePost } from '../../lib/test-posts.ts';
import { PostCard } from './post-card.tsx';

const TL = '00000000-0000-4000-a000-000000000001';
const EDITED = '2026-03-04T10:00:00.000001Z';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Handler = (url: string, init: RequestInit) => Response | undefined;
function stubFetch(handler: Handler) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/meta') return json({ billingProvider: 'sandbox', stripePublishableKey: null });
      return handler(url, init) ?? json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const settle = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 10 });
const key = (el: Element, name: string, init: KeyboardEventInit = {}) =>
  act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true, ...init }));
  });

function mount(post: Post, props: Partial<React.ComponentProps<typeof PostCard>> = {}) {
  return render(
    <ul>
      <PostCard
        post={post}
        timelineId={TL}
        canReact
        canComment
        canPin={false}
        canDelete
        canEdit
        currentUserId={AUTHOR.id}
        {...props}
      />
    </ul>,
  ).container;
}

const trigger = (c: HTMLElement) => c.querySelector<HTMLButtonElement>('[aria-label^="Post actions"]')!;
/** The editor's textarea (the comment box has no counter). */
const textarea = (c: ParentNode) => c.querySelector<HTMLTextAreaElement>('textarea[aria-describedby]')!;

async function openEditor(c: HTMLElement) {
  act(() => trigger(c).focus());
  await key(trigger(c), 'Enter');
  await act(async () => {
    await loadDropdownMenu();
    await new Promise((r) => setTimeout(r, 0));
  });
  const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find(
    (i) => i.textContent === 'Edit post',
  );
  expect(item).toBeTruthy();
  act(() => item!.click());
  await flush();
  await settle(() => expect(textarea(c)).toBeTruthy());
}

describe('editing a post', () => {
  it('Edit post opens the text with the counter; Escape cancels and focus returns to the menu button', async () => {
    const calls = stubFetch(() => undefined);
    const c = mount(makePost({ content: 'Hello world' }));
    await openEditor(c);
    expect(textarea(c).value).toBe('Hello world');
    expect(c.textContent).toContain('11 / 10,000 characters');
    await settle(() => expect(document.activeElement).toBe(textarea(c)));
    await key(textarea(c), 'Escape');
    await flush();
    expect(textarea(c)).toBeNull();
    expect(c.textContent).toContain('Hello world');
    await settle(() => expect(document.activeElement).toBe(trigger(c)));
    expect(calls.filter((x) => x.method === 'PATCH')).toEqual([]);
  });

  it('Save sends the text, closes the editor and focus returns to the menu button', async () => {
    const post = makePost({ content: 'Hello world' });
    const calls = stubFetch((url, init) =>
      url === `/api/posts/${post.id}` && init.method === 'PATCH'
        ? json({ ...post, content: 'Hello there', editedAt: EDITED })
        : undefined,
    );
    const c = mount(post);
    await openEditor(c);
    typeInto(textarea(c), 'Hello there');
    act(() => button(c, 'Save')!.click());
    await settle(() => expect(textarea(c)).toBeNull());
    expect(calls.find((x) => x.method === 'PATCH')?.body).toEqual({ content: 'Hello there' });
    await settle(() => expect(document.activeElement).toBe(trigger(c)));
  });

  it('a text post cannot be saved empty', async () => {
    stubFetch(() => undefined);
    const c = mount(makePost({ content: 'Hello' }));
    await openEditor(c);
    typeInto(textarea(c), '   ');
    expect(button(c, 'Save')!.disabled).toBe(true);
  });

  it('no Edit for someone else’s post', async () => {
    stubFetch(() => undefined);
    const c = mount(makePost(), { canEdit: false, canDelete: false });
    // The menu holds only Copy link (issue 25).
    act(() => trigger(c).focus());
    await key(trigger(c), 'Enter');
    await act(async () => {
      await loadDropdownMenu();
      await new Promise((r) => setTimeout(r, 0));
    });
    const items = [...document.querySelectorAll('[role="menuitem"]')].map((i) => i.textContent);
    expect(items).toEqual(['Copy link']);
  });
});

describe('"edited" and History', () => {
  it('"edited" is a button whose tooltip tells the time on focus; it opens the versions with the diff', async () => {
    const post = makePost({ content: 'the slow red fox', editedAt: EDITED });
    stubFetch((url) =>
      url === `/api/posts/${post.id}/versions`
        ? json([
            {
              content: 'the slow red fox',
              editedAt: EDITED,
              editor: { id: AUTHOR.id, name: 'Ada Lovelace' },
            },
            {
              content: 'the quick brown fox',
              editedAt: '2026-03-01T10:00:00.000001Z',
              editor: { id: AUTHOR.id, name: 'Ada Lovelace' },
            },
          ])
        : undefined,
    );
    const c = mount(post);
    const edited = button(c, /^edited/)!;
    const tip = document.getElementById(edited.getAttribute('aria-describedby')!)!;
    expect(tip.textContent).toMatch(/^Edited /);
    expect(tip.className).toContain('sr-only');
    act(() => edited.focus());
    expect(tip.className).not.toContain('sr-only');
    await key(edited, 'Escape');
    expect(tip.className).toContain('sr-only');
    act(() => edited.click());
    await settle(() => expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Original'));
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('History');
    expect([...dialog.querySelectorAll('del')].map((d) => d.textContent)).toEqual(['[removed: quick brown]']);
    expect([...dialog.querySelectorAll('ins')].map((d) => d.textContent)).toEqual(['[added: slow red]']);
    expect(dialog.textContent).toContain('2 words added, 2 words removed');
  });

  it('under a free owner History offers the upgrade', async () => {
    const post = makePost({ editedAt: EDITED });
    stubFetch((url) =>
      url === `/api/posts/${post.id}/versions`
        ? json({ message: 'Version history is part of Pro and Community', planUpgradeRequired: true }, 403)
        : undefined,
    );
    const c = mount(post, { isOwner: true });
    act(() => button(c, /^edited/)!.click());
    await settle(() =>
      expect(document.querySelector('[data-testid="upgrade-card-versionHistory"]')).not.toBeNull(),
    );
    expect(document.querySelector('[role="dialog"] a[href="/billing"]')).not.toBeNull();
  });
});

describe('editing a comment', () => {
  it('own comments have Edit comment; Save sends it and shows "edited"; others have none', async () => {
    const post = makePost();
    const mine = makeComment({ postId: post.id, content: 'typo' });
    const theirs = makeComment({
      postId: post.id,
      content: 'theirs',
      author: { ...AUTHOR, id: '00000000-0000-4000-9000-0000000000bb' },
    });
    const calls = stubFetch((url, init) => {
      if (url.startsWith(`/api/posts/${post.id}/comments`)) return json([theirs, mine]);
      if (url === `/api/comments/${mine.id}` && init.method === 'PATCH') {
        return json({ ...mine, content: 'fixed', editedAt: EDITED });
      }
      return undefined;
    });
    const c = mount({ ...post, commentCount: 2, latestComment: mine });
    act(() => button(c, /View 1 more comment/)!.click());
    await settle(() => expect(c.textContent).toContain('theirs'));
    const edits = () => [...c.querySelectorAll<HTMLButtonElement>('[aria-label="Edit comment"]')];
    expect(edits()).toHaveLength(1);
    act(() => edits()[0]!.click());
    await settle(() => expect(textarea(c)).toBeTruthy());
    expect(c.textContent).toContain('4 / 2,000 characters');
    typeInto(textarea(c), 'fixed');
    await key(textarea(c), 'Enter', { ctrlKey: true });
    await settle(() => expect(c.textContent).toContain('fixed'));
    expect(calls.find((x) => x.method === 'PATCH')).toMatchObject({ body: { content: 'fixed' } });
    expect(button(c, 'edited')).toBeUndefined();
    expect(c.querySelector('span[tabindex="0"]')?.textContent).toBe('edited');
    await settle(() => expect(document.activeElement).toBe(edits()[0]));
  });
});
