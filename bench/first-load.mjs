// The first load (issue 17 §8): the JavaScript a cold browser fetches, gzipped, for the login page
// and for the first console route, and whether the layout, chart or player code is among it.
// Target: login ≤ 200 kB, the first shell route ≤ 420 kB. Needs `npm run build` first.
// Usage: node bench/first-load.mjs [runs=1]
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './support/browser.mjs';
import { adminToken, PASSWORD, root, startServer } from './support/common.mjs';

if (!existsSync(join(root, 'web/dist/index.html'))) {
  console.error('web/dist is missing: run `npm run build` first');
  process.exit(1);
}

/** Chunks that must not be on the login page (names from the build: web/vite.config.ts). */
const HEAVY = ['main-layout', 'echart', 'hls', 'mpegts', 'table', 'date-picker'];

/** A fresh context (empty cache) whose page records every JS file it fetches, gzipped. */
async function recordingPage(browser, server, storageState) {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', storageState });
  const page = await context.newPage();
  const files = new Map();
  page.on('response', async (res) => {
    const { pathname } = new URL(res.url());
    if (!pathname.endsWith('.js') || files.has(pathname)) return;
    const body = await res.body().catch(() => null);
    if (body) files.set(pathname, gzipSync(body).length);
  });
  const summary = () => {
    const names = [...files.keys()].map((p) => p.split('/').pop() ?? p);
    return {
      files: files.size,
      kb: [...files.values()].reduce((s, n) => s + n, 0) / 1024,
      heavy: HEAVY.filter((h) => names.some((n) => n.startsWith(`${h}-`))),
      names,
    };
  };
  return { context, page, summary };
}

const runs = Number(process.argv[2] ?? 1);
const server = await startServer({ DEMO_DATA: 'true' });
const browser = await launchChromium();
const rows = [];
try {
  await adminToken(server);
  for (let run = 0; run < runs; run++) {
    // 1. The login page, cold.
    const login = await recordingPage(browser, server);
    await login.page.goto('/login');
    await login.page.getByTestId('login-captcha').waitFor();
    await login.page.waitForLoadState('networkidle');
    rows.push(['login page (cold)', login.summary()]);

    // 2. Log in there: the home (/dashboard) in the shell; all JS of the visit, login included.
    await login.page.getByTestId('login-username').fill('admin');
    await login.page.getByTestId('login-password').fill(PASSWORD);
    await login.page.getByTestId('login-code').fill('abcd');
    await login.page.getByTestId('login-submit').click();
    await login.page.waitForURL((url) => url.pathname === '/dashboard');
    await login.page.getByTestId('dashboard-kpis').waitFor();
    await login.page.waitForLoadState('networkidle');
    rows.push(['login, then the home in the shell (whole visit)', login.summary()]);
    const storageState = await login.context.storageState();
    await login.context.close();

    // 3. A signed-in user opens the console cold (empty cache): the home, then History alarms.
    for (const [path, ready] of [
      ['/dashboard', 'dashboard-kpis'],
      ['/historyRecords/historyAlarm', 'history-alarm-page'],
    ]) {
      const cold = await recordingPage(browser, server, storageState);
      await cold.page.goto(path);
      await cold.page.getByTestId(ready).waitFor();
      await cold.page.waitForLoadState('networkidle');
      rows.push([`${path} (cold, signed in)`, cold.summary()]);
      await cold.context.close();
    }
  }
  console.log('| load | JS files | gzipped | layout, chart, player or table chunks in it |');
  console.log('| ---- | -------- | ------- | -------------------------------------------- |');
  for (const [name, r] of rows)
    console.log(`| ${name} | ${r.files} | ${r.kb.toFixed(0)} kB | ${r.heavy.join(', ') || 'none'} |`);
  if (process.env.FIRST_LOAD_FILES) for (const [name, r] of rows) console.log(name, r.names.join(' '));
} finally {
  await browser.close();
  await server.stop();
}
