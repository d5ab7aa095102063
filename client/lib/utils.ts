import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's class map (its first call's cost: about 15 ms, four times that on a slow phone)
 * while the page waits for its data, not inside the render that draws the data (issue 28: first paint).
 */
export function warmUpClassMerging(): void {
  twMerge('p-0', 'p-1');
}
