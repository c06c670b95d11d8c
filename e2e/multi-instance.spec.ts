import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALARM_API, ALGORITHM_API, type Envelope } from '@sentinel/contract';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiChangePassword, apiLogin, NEW_PASSWORD } from './support/api.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { freshDatabase } from './support/database.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { expectPath, loginThroughForm } from './support/ui.ts';

// Two server instances on ONE fresh PostgreSQL database with the Redis event bus: an alarm
// ingested on instance A reaches a browser subscribed to instance B's event stream.
//
// It needs TEST_DATABASE_URL (a PostgreSQL server where it may create and drop a database) and
// TEST_REDIS_URL; `.ci/run` sets both when the machine's PostgreSQL and Redis answer. Without
// them, under CI (CI set) the file fails with a message saying so — a missing service must not
// pass unnoticed; on a developer machine it runs the same scenario on a single embedded instance
// (A = B, in-process bus) and says so in the test's name: nothing is skipped, and the two-instance
// claim is only made when it was really tested.
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const twoInstances = Boolean(databaseUrl && redisUrl);
if (!twoInstances && process.env.CI) {
  throw new Error(
    'multi-instance.spec.ts: TEST_DATABASE_URL and TEST_REDIS_URL must be set under CI ' +
      '(PostgreSQL and Redis for the two-instance test; .ci/run sets them when the services answer).',
  );
}

let a: RunningServer;
let b: RunningServer;
let browser: Browser;
let dropDatabase: () => Promise<void> = async () => undefined;
let sharedDataDir = '';

beforeAll(async () => {
  if (databaseUrl && redisUrl) {
    const database = await freshDatabase(databaseUrl, 'sentinel_e2e_multi');
    dropDatabase = database.drop;
    // Instances of one deployment share the media directory (alarm images) as well.
    sharedDataDir = mkdtempSync(join(tmpdir(), 'sentinel-e2e-multi-'));
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl, DATA_DIR: sharedDataDir };
    // A migrates and seeds (and prints the initial passwords); B finds the database ready.
    a = await startServer({ env });
    b = await startServer({ env });
  } else {
    a = await startServer();
    b = a;
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (b && b !== a) await b.stop();
  await a?.stop();
  await dropDatabase();
  if (sharedDataDir) rmSync(sharedDataDir, { recursive: true, force: true });
});

async function api<T>(
  base: string,
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<Envelope<T>> {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', lang: 'en', token },
  });
  return (await res.json()) as Envelope<T>;
}

const title = twoInstances
  ? 'an alarm ingested on instance A appears in the floating panel of a browser on instance B, without reload (PostgreSQL + Redis)'
  : 'single instance (TEST_DATABASE_URL / TEST_REDIS_URL not set): an ingested alarm appears in the floating panel without reload';

describe('several server instances', () => {
  it(title, async () => {
    await apiChangePassword(a.url, 'admin', a.initialPasswords.admin ?? '', NEW_PASSWORD);
    const tokenA = await apiLogin(a.url, 'admin', NEW_PASSWORD);
    const engine = await api<{ key: string }>(a.url, tokenA, ALARM_API.engines, {
      method: 'POST',
      body: JSON.stringify({ name: 'Multi-instance engine' }),
    });
    expect(engine.status).toBe(0);
    const algorithms = await api<Array<{ id: number }>>(a.url, tokenA, ALGORITHM_API.all);
    const algorithmId = algorithms.data[0]?.id;
    expect(algorithmId).toBeGreaterThan(0);

    // The operator's browser is logged in on instance B, its panel open and live.
    const { page, context } = await newPage(browser, b.url);
    await page.goto('/login');
    await loginThroughForm(page, 'admin', NEW_PASSWORD);
    await expectPath(page, '/dashboard');
    if ((await page.getByTestId('alarm-panel').count()) === 0)
      await page.getByTestId('alarm-panel-tab').click();
    await page.getByTestId('alarm-panel').waitFor();
    await expect
      .poll(() => page.getByTestId('alarm-connection').getAttribute('data-state'))
      .toBe('connected');
    // From here the panel may learn of new alarms only through B's event stream: its poll (the
    // fallback that would read the shared database) is refused, and the page must not reload.
    await page.route('**/videoAlarmRecord/poll', (route) => route.abort());
    await page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    // The engine reports to instance A.
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86c1' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('eventId', `e2e-multi-${Date.now()}`);
    form.set('alarmTime', new Date().toISOString());
    form.set('priority', '120004');
    form.set('cameraCode', 'CAM-001');
    form.set('algorithmId', String(algorithmId));
    form.set('alarmResult', 'Reported to instance A');
    form.set('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'alarm.jpg');
    const res = await fetch(`${a.url}${ALARM_API.ingest}`, {
      method: 'POST',
      headers: { 'x-engine-key': engine.data.key, lang: 'en' },
      body: form,
    });
    const ingested = (await res.json()) as Envelope<{ id: number; duplicate: boolean }>;
    expect(res.status).toBe(200);
    expect(ingested.data.duplicate).toBe(false);

    const item = page.locator(`[data-testid="alarm-item"][data-id="${ingested.data.id}"]`);
    await item.waitFor();
    expect(await item.innerText()).toContain('Urgent');
    expect(await page.getByTestId('alarm-item').first().getAttribute('data-id')).toBe(
      String(ingested.data.id),
    );
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await context.close();
  });
});
