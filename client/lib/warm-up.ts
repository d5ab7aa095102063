// Work a signed-in page gets out of the way while it waits for its data (issue 28: first paint). Its own
// module, not lib/utils.ts: the landing's entry carries utils, and none of this.
import { twMerge } from 'tailwind-merge';
import { whenIdle } from './when-idle.ts';

/**
 * Builds tailwind-merge's class map (its first call's cost: about 15 ms, four times that on a slow phone) when
 * the page is next idle, not inside the render that draws the page's data.
 */
export function warmUpWhenIdle(): void {
  whenIdle(() => twMerge('p-0', 'p-1'));
}
