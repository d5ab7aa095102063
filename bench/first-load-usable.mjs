// How soon a signed-in page is usable on an empty cache, and how much it shifts (issue 25 item 13): the
// dashboard and a threadline of 20 posts at 360 px, each load in a fresh context. Not part of npm run bench.
// Usage: start the app (PORT, DATA_DIR, WRITE_LIMIT_FACTOR=100), then BASE=http://127.0.0.1:PORT node
// bench/first-load-usable.mjs; RATE (CPU slowdown, default 4), RUNS (default 3), SHOW=1 prints the requests.
import { chromium } from '@playwright/test';

const base = process.env.BASE;
if (!base) throw new Error('BASE=http://127.0.0.1:PORT of a running app');
{
  const call = async (method, url, body, cookie) => {
    const res = await fetch(base + url, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
      body: body && JSON.stringify(body),
    });
    return { res, json: await res.json().catch(() => null) };
  };
  const email = `m${Date.now()}@example.com`;
  const reg = await call('POST', '/api/auth/register', {
    email,
    password: 'correct horse battery staple',
    firstName: 'Olive',
    lastName: 'Long',
  });
  const cookie = reg.res.headers.get('set-cookie').split(';')[0];
  const tl = (await call('POST', '/api/timelines', { name: 'Measure' }, cookie)).json;
  for (let i = 0; i < 20; i++) {
    const r = await call(
      'POST',
      `/api/posts`,
      { timelineId: tl.id, content: `Post ${i} `.repeat(20) },
      cookie,
    );
    if (i === 0) console.log('post', r.res.status, JSON.stringify(r.json).slice(0, 200));
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  for (const [name, url, ready] of [
    ['dashboard', '/', 'Measure'],
    ['threadline', `/timeline/${tl.id}`, 'Post 19'],
  ]) {
    for (let run = 0; run < Number(process.env.RUNS ?? 3); run++) {
      const ctx = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const [n, v] = cookie.split('=');
      await ctx.addCookies([{ name: n, value: v, url: base }]);
      await ctx.addInitScript(() => {
        window.__cls = [];
        new PerformanceObserver((l) => {
          for (const e of l.getEntries())
            if (!e.hadRecentInput)
              window.__cls.push({
                v: e.value,
                t: Math.round(e.startTime),
                src: e.sources
                  ?.map((s) => `${s.node?.nodeName}.${s.node?.className?.baseVal ?? s.node?.className ?? ''}`)
                  .join(' | '),
              });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
      const t0 = Date.now();
      page.on('websocket', (ws) => {
        const c = Date.now() - t0;
        ws.on('framereceived', (f) => {
          if (run === 0)
            console.log(`ws ${c} frame at ${Date.now() - t0}: ${String(f.payload).slice(0, 80)}`);
        });
      });
      await page.goto(base + url);
      await page.getByText(ready).first().waitFor();
      const usable = Date.now() - t0;
      await page.waitForTimeout(2500);
      const res = await page.evaluate(() => ({
        api: performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/') || e.name.includes('.js'))
          .map(
            (e) =>
              `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.name.replace(location.origin, '').slice(0, 60)}`,
          ),
        cls: window.__cls,
      }));
      console.log(
        `${name} run ${run}: usable ${usable} ms; CLS ${res.cls.reduce((a, e) => a + e.v, 0).toFixed(3)}`,
      );
      if (run === 0 && process.env.SHOW) {
        console.log(res.api.join('\n'));
        console.log(JSON.stringify(res.cls));
      }
      await ctx.close();
    }
  }
  await browser.close();
}
