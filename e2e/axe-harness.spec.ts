// The journeys' accessibility check itself (e2e/helpers.ts expectAccessible), on pages of its own: a colour
// that fails is reported, and a fade that starts between the "settled" check and axe's run (as a notification
// card's does, a moment after it mounts: stop 40's clean clone failed on it) is judged again once it is done.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers.ts';

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Harness</title><style>
  #card { transition: opacity 300ms ease-out; opacity: 0; }
  #card.on { opacity: 1; }
  button { background: #4338ca; color: #fff; }
  </style></head><body><main><h1>Harness</h1>${body}</main></body></html>`;

test('a fade that starts under the check is judged once it is done', async ({ page: p }) => {
  for (const wait of [0, 60, 150]) {
    await p.setContent(page('<div id="card"><button>View</button></div>'));
    await expectAccessible(p);
    // The next check's axe run: the card starts fading in after the page looked settled, and axe reads the
    // colours `wait` ms into the fade (half-transparent, they fail).
    await p.evaluate((wait) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
      const run = axe.run;
      axe.run = (...args) => {
        axe.run = run;
        document.getElementById('card')?.classList.add('on');
        return new Promise((go) => setTimeout(go, wait + 20)).then(() => run.apply(axe, args));
      };
    }, wait);
    await expectAccessible(p);
  }
});

test('a colour that fails is reported', async ({ page: p }) => {
  await p.setContent(page('<p style="color: #ccc; background: #fff">Faint</p>'));
  await expect(expectAccessible(p)).rejects.toThrow(/color-contrast/);
});
