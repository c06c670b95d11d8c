// The operator's home in headless Chromium (issue 12 benchmarks).
// 1. Time to figures: /dashboard opened (cold: new browser context, empty cache; warm: reload in
//    the same context; in-app: from History alarms through the Home tab) until the six figures
//    are shown, then until the list and the drawn heat strip are there. --nav runs each.
// 2. --pages pages on the home (one session each) while --engines engines ingest --rate alarms/s
//    each for --seconds: every page records each change of its "today's alarms" and "untreated"
//    figures (MutationObserver, wall clock); the lag of each ingest is the time from its POST's
//    answer until each page shows a figure that counts it; at the end every page must show the
//    server's final figures. The server's CPU is sampled every second, then the same ingest is run
//    again without browsers (the home's own cost is the difference).
//    --consoles more viewers without a browser (bench/support/home-console.mjs: the home's event
//    stream and refetch rules in Node), for the server's side of many consoles where a Chromium
//    page each does not fit a two-core machine.
// Usage: node bench/dashboard-browsers.mjs [--pages 50] [--consoles 0] [--engines 4] [--rate 5]
//        [--seconds 60] [--nav 10] [--pglite]
// Needs the built web app (`npm run build`) and /usr/bin/chromium.
import { alarmPoster } from './support/alarm-poster.mjs';
import { adminPage, launchChromium } from './support/browser.mjs';
import {
  adminSessions,
  adminToken,
  createDatabase,
  engineKey,
  json,
  loginAs,
  PASSWORD,
  percentile,
  startServer,
} from './support/common.mjs';
import { cpuSampler, cpuSince, cpuText } from './support/cpu.mjs';
import { homeConsole } from './support/home-console.mjs';
import { benchArgs } from './support/options.mjs';

const args = benchArgs({
  numbers: { pages: 50, consoles: 0, engines: 4, rate: 5, seconds: 60, nav: 10 },
  flags: ['pglite'],
});
const { pages, consoles, engines, rate, seconds, nav: navRuns } = args;

const FIGURES = '[data-testid="kpi-untreated-value"]';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const f = (p) => `${Math.round(percentile(s, p))}`;
  return s.length ? `p50 ${f(50)} ms, p95 ${f(95)} ms, max ${Math.round(s[s.length - 1])} ms` : 'none';
};

/**
 * The page's own times (performance.now) of the figures' and of the whole home's appearance, from
 * the navigation's start or from the last click.
 */
const MEASURE_NAV = `(() => {
  window.__nav = { clickAt: null, figuresAt: null, allAt: null };
  document.addEventListener('click', () => {
    window.__nav = { clickAt: performance.now(), figuresAt: null, allAt: null };
  }, true);
  const check = () => {
    const n = window.__nav;
    if (n.figuresAt == null && document.querySelector('[data-testid="kpi-untreated-value"]')) n.figuresAt = performance.now();
    if (n.allAt == null && document.querySelector('[data-testid="dashboard-alarms"]')
      && document.querySelector('[data-testid="dashboard-heat-chart"][data-rendered="true"]')) n.allAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/** Records each change of the two figures with the wall clock (installed before the app loads). */
const WATCH_FIGURES = `(() => {
  window.__figures = [];
  const read = (key) => document.querySelector('[data-testid="kpi-' + key + '"]')?.getAttribute('data-value');
  let last = '';
  const note = () => {
    const today = read('todayAlarms');
    const untreated = read('untreated');
    if (today == null || untreated == null) return;
    const key = today + '|' + untreated;
    if (key === last) return;
    last = key;
    window.__figures.push({ t: Date.now(), today: Number(today), untreated: Number(untreated) });
  };
  // The home's requests (wall-clock start, duration), from resource timing.
  window.__requests = [];
  performance.setResourceTimingBufferSize(100000);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = e.name.endsWith('dashboard/summary') ? 'summary' : e.name.endsWith('dashboard/heat') ? 'heat'
        : e.name.endsWith('videoAlarmRecord/list') ? 'list' : '';
      if (kind) window.__requests.push({ kind, t: performance.timeOrigin + e.startTime, ms: e.duration });
    }
  }).observe({ type: 'resource', buffered: true });
  new MutationObserver(note).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-value'],
  });
})();`;

const database = args.pglite ? undefined : await createDatabase();
const server = await startServer({ DEMO_DATA: 'true', ...(database ? { DATABASE_URL: database.url } : {}) });
const browser = await launchChromium();
try {
  const token = await adminToken(server);
  const summaryNow = () =>
    json(server.url, '/api/v2/backend/dashboard/summary', { method: 'POST', token, body: todayRange() }).then(
      (answer) => answer.data,
    );
  console.log(
    `home: ${database ? 'PostgreSQL' : 'PGlite'}, demo plant (${(await summaryNow()).untreated} untreated alarms)`,
  );

  // --- 1. Time to figures -------------------------------------------------------------------
  const viewport = { width: 1366, height: 768 };
  // Times in the page's own clock: from the navigation's start (or the click on the Home tab) to
  // the figures, and to the list and the drawn heat strip.
  const timeTo = async (page) => {
    await page.locator(FIGURES).waitFor({ timeout: 30_000 });
    await page.getByTestId('dashboard-alarms').waitFor({ timeout: 30_000 });
    await page
      .locator('[data-testid="dashboard-heat-chart"][data-rendered="true"]')
      .waitFor({ timeout: 30_000 });
    const nav = await page.evaluate(() => window.__nav);
    const from = nav.clickAt ?? 0;
    return { figures: nav.figuresAt - from, all: nav.allAt - from };
  };
  const cold = [];
  const warm = [];
  const inApp = [];
  const first = await adminPage(browser, server, viewport);
  const cookies = await first.context().cookies();
  await first.addInitScript(MEASURE_NAV);
  await first.reload();
  await timeTo(first);
  for (let i = 0; i < navRuns; i++) {
    const context = await browser.newContext({ baseURL: server.url, viewport, locale: 'en-US' });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.addInitScript(MEASURE_NAV);
    await page.goto('/dashboard');
    cold.push(await timeTo(page));
    await page.reload();
    warm.push(await timeTo(page));
    await page.goto('/historyRecords/historyAlarm');
    await page.getByTestId('history-alarm-table').waitFor();
    await page.getByTestId('tag').filter({ hasText: 'Home' }).first().click();
    inApp.push(await timeTo(page));
    await context.close();
  }
  await first.context().close();
  for (const [name, runs] of [
    ['cold (new context, empty cache)', cold],
    ['warm (reload)', warm],
    ['in-app (History alarms → Home tab)', inApp],
  ]) {
    console.log(
      `  ${name}: figures ${ms(runs.map((r) => r.figures))}; list and drawn heat strip ${ms(runs.map((r) => r.all))}`,
    );
  }

  // --- 2. Many homes while engines ingest --------------------------------------------------
  const tokens = await adminSessions(server, pages + consoles);
  const homes = [];
  const opened = Date.now();
  for (const sessionToken of tokens.slice(0, pages)) {
    const context = await browser.newContext({ baseURL: server.url, viewport, locale: 'en-US' });
    await context.addCookies([{ name: 'user_token', value: sessionToken, url: server.url }]);
    const page = await context.newPage();
    await page.addInitScript(WATCH_FIGURES);
    await page.goto('/dashboard');
    homes.push(page);
  }
  for (const page of homes) {
    await page.locator(FIGURES).waitFor({ timeout: 60_000 });
    await page
      .locator('[data-testid="dashboard-connection"][data-state="connected"]')
      .waitFor({ timeout: 60_000 });
  }
  const today = todayRange();
  const simulated = await Promise.all(
    tokens.slice(pages).map((sessionToken) => homeConsole(server.url, sessionToken, today)),
  );
  console.log(
    `  ${pages} browser homes and ${consoles} simulated consoles open and live in ` +
      `${((Date.now() - opened) / 1000).toFixed(1)} s`,
  );
  await sleep(3_000);
  const idle = cpuSince([server.pid]);
  await sleep(10_000);
  const idleCpu = (idle()[0] / 10) * 100;

  const keys = [];
  for (let i = 0; i < engines; i++)
    keys.push(await engineKey(server.url, token, `home bench engine ${i + 1}`));
  const base = await summaryNow();
  const cdp = await browser.newBrowserCDPSession();
  const chromiumCpu = async () => {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    return processInfo.reduce((sum, p) => sum + p.cpuTime, 0);
  };
  const chromiumBefore = await chromiumCpu();
  const load = await ingestFor(keys, 'pages');
  const chromiumUsed = (await chromiumCpu()) - chromiumBefore;
  const final = await summaryNow();
  const loadSeconds = (load.lastAnswer - load.started) / 1000;
  console.log(
    `  ${engines} engines × ${rate} alarms/s for ${seconds} s: ${load.answers.length} alarms ` +
      `(${load.failed} refused), figures ${base.todayAlarms} → ${final.todayAlarms} today, ` +
      `${base.untreated} → ${final.untreated} untreated`,
  );

  // Every viewer must come to the server's final figures (waited for up to 60 s).
  const wanted = `${final.todayAlarms}|${final.untreated}`;
  const deadline = Date.now() + 60_000;
  const finalOf = async (read) => {
    for (;;) {
      const timeline = await read();
      const last = timeline.at(-1);
      if (last && `${last.today}|${last.untreated}` === wanted) return Math.max(0, last.t - load.lastAnswer);
      if (Date.now() > deadline) return undefined;
      await sleep(100);
    }
  };
  const report = async (name, viewers) => {
    if (viewers.length === 0) return;
    const converged = [];
    for (const v of viewers) {
      const after = await finalOf(v.timeline);
      if (after !== undefined) converged.push(after);
    }
    // Lag of each ingest on each viewer: its answer → the first figure that counts it.
    const lags = [];
    const updates = [];
    for (const v of viewers) {
      const timeline = await v.timeline();
      load.answers.forEach((answeredAt, k) => {
        const shown = timeline.find((f) => f.today >= base.todayAlarms + k + 1);
        if (shown) lags.push(Math.max(0, shown.t - answeredAt));
      });
      updates.push(timeline.filter((f) => f.t >= load.started).length);
    }
    const during = (await Promise.all(viewers.map((v) => v.requests())))
      .flat()
      .filter((r) => r.t >= load.started && r.t <= load.lastAnswer);
    const requests = { summary: 0, heat: 0, list: 0 };
    for (const r of during) requests[r.kind]++;
    const summaryMs = during.filter((r) => r.kind === 'summary').map((r) => r.ms);
    console.log(`  ${name}:`);
    console.log(
      `    with the final figures: ${converged.length} / ${viewers.length}; after the last ingest: ${ms(converged)}`,
    );
    console.log(`    ingest answer → figure: ${ms(lags)}; within 1 s: ${share(lags, 1_000)}`);
    console.log(
      `    figure updates each: ${Math.min(...updates)}–${Math.max(...updates)} for ${load.answers.length} alarms`,
    );
    console.log(
      `    requests: ${(requests.summary / loadSeconds).toFixed(1)} summary/s, ` +
        `${(requests.heat / loadSeconds).toFixed(1)} heat/s, ${(requests.list / loadSeconds).toFixed(1)} list/s ` +
        `(${((requests.summary + requests.heat + requests.list) / loadSeconds / viewers.length).toFixed(2)} each a second); ` +
        `summary answered in ${ms(summaryMs)}`,
    );
  };
  await report(
    `${pages} browser homes (Chromium used ${((100 * chromiumUsed) / loadSeconds).toFixed(0)} % of one core)`,
    homes.map((page) => ({
      timeline: () => page.evaluate(() => window.__figures),
      requests: () => page.evaluate(() => window.__requests),
    })),
  );
  await report(
    `${consoles} simulated consoles`,
    simulated.map((c) => ({ timeline: async () => c.timeline, requests: async () => c.requests })),
  );
  for (const page of homes) await page.context().close();
  for (const c of simulated) c.close();

  const without = await ingestFor(keys, 'alone');
  console.log(
    `  server CPU (% of one core): the homes idle ${idleCpu.toFixed(0)} %; ingest with the homes ` +
      `${cpuText(load.cpu)}; the same ingest without them ${cpuText(without.cpu)}`,
  );
} finally {
  await browser.close();
  await server.stop();
  await database?.drop();
}

/** Today as the home asks for it (this machine's time zone). */
function todayRange() {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const end = new Date();
  end.setHours(23, 59, 59, 999);
  return { startTime: start.toISOString(), endTime: end.toISOString() };
}

function share(values, limit) {
  if (!values.length) return 'n/a';
  return `${((100 * values.filter((v) => v <= limit).length) / values.length).toFixed(1)} %`;
}

/**
 * `engines` engines post alarms (a ~100 KB JPEG) at `rate` a second each for `seconds`; answers
 * the wall-clock time of each accepted answer (in order), the refusals and the server's CPU (%
 * of one core) of each second.
 */
async function ingestFor(engineKeys, label) {
  const token = await loginAs(server.url, 'admin', PASSWORD);
  const poster = await alarmPoster(server.url, token);
  const answers = [];
  let failed = 0;
  let next = 0;
  const sampler = cpuSampler(server.pid);
  const started = Date.now();
  const end = started + seconds * 1_000;
  await Promise.all(
    engineKeys.map(async (key) => {
      for (let n = 0; ; n++) {
        const due = started + (n * 1_000) / rate;
        if (due >= end) return;
        if (due > Date.now()) await sleep(due - Date.now());
        const i = next++;
        const res = await poster.post(key, {
          eventId: `home-${label}-${i}`,
          alarmTime: new Date().toISOString(),
          ...poster.target(i),
          alarmResult: 'bench',
        });
        if (res.status === 200) answers.push(Date.now());
        else failed++;
      }
    }),
  );
  const cpu = sampler.stop();
  return { answers, failed, cpu, started, lastAnswer: answers.at(-1) ?? Date.now() };
}
