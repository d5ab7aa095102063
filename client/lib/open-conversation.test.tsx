// Which conversation is on screen (issue 25): Full Screen mounts /messages' thread while the closing modal's
// thread of the same conversation is still fading out; the modal's cleanup must not clear the page's.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { getOpenConversation, setOpenConversation, useOpenConversation } from './open-conversation.ts';

function Thread({ id }: { id: string | null }) {
  useOpenConversation(id);
  return null;
}

const roots: Root[] = [];
function mount(id: string | null): Root {
  const root = createRoot(document.createElement('div'));
  roots.push(root);
  act(() => root.render(<Thread id={id} />));
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  setOpenConversation(null);
});

describe('useOpenConversation', () => {
  it('reports the conversation while its screen is mounted, and nothing after', () => {
    const root = mount('c1');
    expect(getOpenConversation()).toBe('c1');
    act(() => root.unmount());
    expect(getOpenConversation()).toBeNull();
  });

  it('the modal closing after the page opened the same conversation leaves it open', () => {
    const modal = mount('c1');
    mount('c1');
    act(() => modal.unmount());
    expect(getOpenConversation()).toBe('c1');
  });

  it('the latest screen is the open one; closing it goes back to the one below', () => {
    mount('c1');
    const over = mount('c2');
    expect(getOpenConversation()).toBe('c2');
    act(() => over.unmount());
    expect(getOpenConversation()).toBe('c1');
  });
});
