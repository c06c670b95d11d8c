// Which JavaScript a browser loads, gzipped, for the login page, the shell (a first page without
// charts) and each chart page, and whether echarts is among it: echarts must load only with the
// pages that draw charts (issue 12). Needs `npm run build` first. Usage: node bench/bundle.mjs
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { adminPage, launchChromium } from './support/browser.mjs';
import { adminToken, root, startServer } from './support/common.mjs';

if (!existsSync(join(root, 'web/dist/index.html'))) {
  console.error('web/dist is missing: run `npm run build` first');
  process.exit(1);
}

/** A marker only echarts' own code holds (its instance key on the DOM element). */
const ECHARTS_MARKER = '_echarts_instance_';

const server = await startServer({ DEMO_DATA: 'true' });
const browser = await launchChromium();
try {
  await adminToken(server);
  const seen = new Map();
  const record = (page) =>
    page.on('response', async (res) => {
      const url = new URL(res.url());
      if (!url.pathname.endsWith('.js') || seen.has(url.pathname)) return;
      const body = await res.body().catch(() => null);
      if (!body) return;
      seen.set(url.pathname, {
        gzip: gzipSync(body).length,
        echarts: body.includes(ECHARTS_MARKER),
      });
    });

  /** The JS first loaded between two marks: files, gzipped kB, and whether echarts is in it. */
  const since = (before) => {
    const files = [...seen.entries()].filter(([path]) => !before.has(path));
    const kb = files.reduce((s, [, f]) => s + f.gzip, 0) / 1024;
    return { files: files.length, kb: kb.toFixed(0), echarts: files.some(([, f]) => f.echarts) };
  };
  const rows = [];

  // 1. The login page, cold.
  const loginPage = await browser.newPage({ baseURL: server.url });
  record(loginPage);
  await loginPage.goto('/login');
  await loginPage.getByTestId('login-submit').waitFor();
  await loginPage.waitForLoadState('networkidle');
  rows.push(['login page (cold)', since(new Set())]);
  await loginPage.close();

  // 2. Log in and land on a page without charts (the shell), then each chart page in turn.
  seen.clear();
  const page = await adminPage(browser, server);
  record(page);
  await page.goto('/historyRecords/historyAlarm');
  await page.getByTestId('history-alarm-page').waitFor();
  await page.waitForLoadState('networkidle');
  rows.push(['shell + History alarms (after login)', since(new Set())]);
  for (const path of [
    '/dashboard',
    '/alarmAnalysis',
    '/safetyAnalysis',
    '/efficiencyAnalysis',
    '/meDetails/statistics',
  ]) {
    const before = new Set(seen.keys());
    await page.goto(path);
    // A drawn chart (echarts' 'finished'), or the page's empty state after the network settles.
    const drawn = await page
      .locator('[data-rendered="true"]')
      .first()
      .waitFor({ timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    await page.waitForLoadState('networkidle');
    rows.push([`${path} (added${drawn ? '' : ', no chart drawn'})`, since(before)]);
  }

  console.log('| load | JS files | gzipped | echarts in it |');
  console.log('| ---- | -------- | ------- | ------------- |');
  for (const [name, r] of rows)
    console.log(`| ${name} | ${r.files} | ${r.kb} kB | ${r.echarts ? 'yes' : 'no'} |`);
  const leaked = rows.slice(0, 2).some(([, r]) => r.echarts);
  console.log(
    leaked
      ? 'FAIL: echarts loads with the login page or the shell'
      : 'echarts stays out of the login and shell chunks',
  );
} finally {
  await browser.close();
  await server.stop();
}
