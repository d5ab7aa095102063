// Opens a post's actions menu the way a keyboard user does, for tests of what the menu offers.
import { act } from 'react';
import { loadDropdownMenu } from '../../../components/ui/dropdown-menu.tsx';

/** Enter on the first post's "Post actions" trigger in `container`; the menu's items once it has loaded. */
export async function openPostMenu(container: HTMLElement): Promise<HTMLElement[]> {
  const trigger = container.querySelector<HTMLButtonElement>('[aria-label^="Post actions"]')!;
  act(() => trigger.focus());
  act(() => {
    trigger.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
  await act(async () => {
    await loadDropdownMenu();
    await new Promise((r) => setTimeout(r, 0));
  });
  return [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')];
}
