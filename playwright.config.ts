import { defineConfig } from '@playwright/test';

// Browser journeys against a real server (fresh PGlite data directory) in Debian's Chromium, as its headless
// shell (package chromium-headless-shell, the same Chromium build without the browser's UI; Playwright's own
// default for headless runs): a quarter less CPU than /usr/bin/chromium on 2 cores, and a third less wall time.
// The page-speed budget keeps the full browser (Lighthouse).
const port = Number(process.env.E2E_PORT ?? 5099);
// Fixed once in the runner and inherited by its workers, which read the server's mail there (e2e/mail.ts).
process.env.E2E_DATA_DIR ??= `.tmp/e2e-data-${process.pid}`;
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No trace by default: recording one (a screencast and a DOM snapshot per action) cost a fifth of the
    // journeys' CPU even when kept only on failure. Rerun a failing journey with `--trace on` to get one.
    trace: 'off',
    // An action on something that never comes (a card that left) fails with what it waited for, instead of
    // waiting out the test's whole timeout.
    actionTimeout: 30_000,
    screenshot: 'only-on-failure',
    // The app's service worker (issue 27) would answer /assets requests itself, out of page.route()'s sight
    // (reactions-who.spec.ts holds a lazy chunk that way): journeys run without it; e2e/install.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node --import tsx server/index.ts`,
    url: `http://127.0.0.1:${port}/api/meta`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Loopback is the trusted proxy, so tests can pose as several visitors (e2e/helpers.ts clientAddress).
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
      // Five times the per-user write limits: journeys share accounts across files (sharedAccount) and one seeds
      // 46 posts at once (e2e/feed.spec.ts); the flood journey (e2e/write-limits.spec.ts) writes until refused.
      WRITE_LIMIT_FACTOR: '5',
    },
  },
});
