// Who reacted on a touch screen (issue 25 item 9): a long press lists the names and the click that ends it
// does not toggle the reaction; a tap toggles as before and opens nothing. Hover and keyboard focus are in
// e2e/reactions-who.spec.ts (a real browser's :hover and :focus-visible).
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEART } from '../../../../../common/posts.ts';
import { cleanup, jsonResponse as json, render } from '../../../home/test/render.tsx';
import { ReactionBar } from './reaction-bar.tsx';

const POST = '00000000-0000-4000-a000-0000000000aa';
const ME = '00000000-0000-4000-a000-000000000001';
const PAT = '00000000-0000-4000-a000-000000000002';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === `/api/posts/${POST}/reactions`) {
        return json({
          postId: POST,
          reactions: [
            {
              emoji: HEART,
              count: 2,
              users: [
                { id: ME, name: 'Olive Owner', profileImageUrl: null },
                { id: PAT, name: 'Pat Member', profileImageUrl: null },
              ],
            },
          ],
        });
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  const onToggle = vi.fn();
  const { container } = render(
    <ReactionBar
      postId={POST}
      currentUserId={ME}
      counts={{ [HEART]: 2 }}
      mine={[HEART]}
      commentCount={0}
      canReact
      onToggle={onToggle}
    />,
  );
  const like = container.querySelector<HTMLButtonElement>('button[aria-pressed]')!;
  return { like, onToggle, calls };
}

const touch = (el: Element, type: string) =>
  act(() => {
    el.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, pointerType: 'touch' }));
  });
const click = (el: Element) =>
  act(() => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
const tooltip = () => document.querySelector('[data-testid="who-reacted"]');

describe('who reacted, by touch', () => {
  it('a long press lists the names ("You" first here) and its click does not toggle', async () => {
    const { like, onToggle, calls } = setup();
    touch(like, 'pointerdown');
    await vi.waitFor(() => expect(tooltip()?.textContent).toContain('You and Pat Member'), {
      timeout: 3000,
      interval: 20,
    });
    expect(calls).toEqual([`/api/posts/${POST}/reactions`]);
    const chip = document.querySelector<HTMLButtonElement>('button[aria-pressed]')!;
    touch(chip, 'pointerup');
    click(chip);
    expect(onToggle).not.toHaveBeenCalled();
    expect(tooltip()).not.toBeNull();
  });

  it('a tap toggles at once and lists nobody', async () => {
    const { like, onToggle, calls } = setup();
    touch(like, 'pointerdown');
    touch(like, 'pointerup');
    click(like);
    expect(onToggle).toHaveBeenCalledWith(HEART);
    // Past the long press's time nothing opens: the press ended.
    await act(() => new Promise((r) => setTimeout(r, 700)));
    expect(tooltip()).toBeNull();
    expect(calls).toEqual([]);
  });
});
