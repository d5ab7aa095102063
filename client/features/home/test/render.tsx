// A tiny render harness for this feature's tests (no testing library in the project).
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '../../../lib/queryClient.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: { root: Root; container: HTMLElement }[] = [];

export function render(
  ui: React.ReactNode,
  { path = '/', queryClient = createQueryClient() }: { path?: string; queryClient?: QueryClient } = {},
) {
  const location = memoryLocation({ path, record: true });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push({ root, container });
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook}>{ui}</Router>
      </QueryClientProvider>,
    ),
  );
  return { container, queryClient, history: location.history };
}

export function cleanup() {
  for (const { root, container } of mounted.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
  document.body.innerHTML = '';
}

/** A button by its accessible text (text content, sr-only parts included). */
export function button(container: ParentNode, name: string | RegExp): HTMLButtonElement | undefined {
  return [...container.querySelectorAll('button')].find((b) => {
    const text = (b.textContent ?? '').replace(/\s+/g, ' ').trim();
    return typeof name === 'string' ? text === name : name.test(text);
  });
}

/** Types into a React-controlled field the way a browser does (native setter, then an input event). */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function HookProbe<T>({ hook, result }: { hook: () => T; result: { current: T | undefined } }) {
  result.current = hook();
  return null;
}

/** Runs a hook inside a component; `result.current` holds its latest return value. */
export function renderHook<T>(hook: () => T, options?: Parameters<typeof render>[1]) {
  const result: { current: T | undefined } = { current: undefined };
  render(<HookProbe hook={hook} result={result} />, options);
  return result as { current: T };
}

/** Retries `check` (inside act) until it stops throwing, for answers that arrive after a few ticks. */
export async function waitFor(check: () => void, timeoutMs = 2000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }
}
