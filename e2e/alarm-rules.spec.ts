import {
  ALARM_API,
  ALARM_RULE_API,
  ALGORITHM_API,
  type AlarmRule,
  API,
  type Envelope,
} from '@sentinel/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiChangePassword, apiLogin, NEW_PASSWORD } from './support/api.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { expectPath, loginThroughForm, toastText } from './support/ui.ts';

let server: RunningServer;
let browser: Browser;
let token = '';
let engineKey = '';
let algorithmId = 0;
let image: Buffer;
let eventSeq = 0;

async function api<T>(path: string, init: RequestInit = {}): Promise<Envelope<T>> {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', lang: 'en', token },
  });
  return (await res.json()) as Envelope<T>;
}

/** An engine reports an alarm through the real ingest API (multipart with an image). */
async function ingest(priority: number): Promise<number> {
  eventSeq += 1;
  const form = new FormData();
  form.set('eventId', `e2e-rules-${Date.now()}-${eventSeq}`);
  form.set('alarmTime', new Date().toISOString());
  form.set('priority', String(priority));
  form.set('cameraCode', 'CAM-001');
  form.set('algorithmId', String(algorithmId));
  form.set('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'alarm.jpg');
  const res = await fetch(`${server.url}${ALARM_API.ingest}`, {
    method: 'POST',
    headers: { 'x-engine-key': engineKey, lang: 'en' },
    body: form,
  });
  const body = (await res.json()) as Envelope<{ id: number }>;
  if (body.status !== 0) throw new Error(`ingest failed: ${res.status} ${body.message}`);
  return body.data.id;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await apiChangePassword(server.url, 'admin', server.initialPasswords.admin ?? '', NEW_PASSWORD);
  token = await apiLogin(server.url, 'admin', NEW_PASSWORD);
  const engine = await api<{ key: string }>(ALARM_API.engines, {
    method: 'POST',
    body: JSON.stringify({ name: 'E2E rules engine' }),
  });
  if (engine.status !== 0) throw new Error(`engine: ${engine.message}`);
  engineKey = engine.data.key;
  const algorithms = await api<Array<{ id: number }>>(ALGORITHM_API.all);
  algorithmId = algorithms.data[0]?.id ?? 0;
  if (!algorithmId) throw new Error('no demo algorithm');
  image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2980b9' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function loggedInPage(locale = 'en-US'): Promise<Page> {
  const { page } = await newPage(browser, server.url, { locale });
  await page.goto('/login');
  await loginThroughForm(page, 'admin', NEW_PASSWORD);
  await expectPath(page, '/dashboard');
  return page;
}

async function openRulesFromUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-alarm-rules').click();
  await expectPath(page, '/index');
  await page.getByTestId('alarm-rule-form').waitFor();
}

const radio = (page: Page, value: string): Locator => page.getByTestId(`frequency-${value}`);
const level = (page: Page, code: number): Locator => page.getByTestId(`priority-${code}`);

async function savedRule(): Promise<AlarmRule> {
  const me = await api<{ id: number }>(API.userInfo);
  const body = await api<AlarmRule>(`${ALARM_RULE_API.rule}?userId=${me.data.id}&type=1`);
  return body.data;
}

describe('alarm rules page', () => {
  it('opens from the user menu, saves frequency and a threshold, keeps them after a reload', async () => {
    const page = await loggedInPage();
    await openRulesFromUserMenu(page);
    const query = new URL(page.url()).searchParams;
    expect(query.get('type')).toBe('1');
    expect(Number(query.get('userId'))).toBeGreaterThan(0);
    // defaults: real time, no limits, every level
    expect(await radio(page, 'realtime').isChecked()).toBe(true);
    expect(await page.getByTestId('rule-maxPerHour').getAttribute('placeholder')).toBe('No limit');
    for (const code of [120004, 120003, 120002, 120001])
      expect(await level(page, code).isChecked()).toBe(true);

    // interval without minutes: refused on the field, nothing saved
    await page.getByTestId('frequency-interval').click();
    await page.getByTestId('rule-save').click();
    await page.getByText('Enter an interval of 1 to 1440 minutes').waitFor();
    expect((await savedRule()).updatedAt).toBeNull();

    await page.getByTestId('frequency-hour').click();
    await page.getByTestId('rule-maxPerHour').fill('50');
    await page.getByTestId('rule-save').click();
    expect(await toastText(page)).toBe('Saved successfully');
    await expect.poll(async () => (await savedRule()).maxPerHour).toBe(50);

    await page.reload();
    await page.getByTestId('alarm-rule-form').waitFor();
    await expect.poll(() => radio(page, 'hour').isChecked()).toBe(true);
    expect(await page.getByTestId('rule-maxPerHour').inputValue()).toBe('50');
    expect(await page.getByTestId('rule-maxPerDay').inputValue()).toBe('');
    await page.context().close();
  });

  it('a rule limited to urgent alarms: a general alarm is not pushed to the panel, an urgent one is', async () => {
    const page = await loggedInPage();
    await openRulesFromUserMenu(page);
    await page.getByTestId('frequency-realtime').click();
    await page.getByTestId('rule-maxPerHour').fill('');
    for (const code of [120003, 120002, 120001]) await level(page, code).uncheck();
    await page.getByTestId('rule-save').click();
    expect(await toastText(page)).toBe('Saved successfully');
    await expect.poll(async () => (await savedRule()).priorities).toEqual([120004]);

    await page.getByTestId('alarm-panel-tab').click();
    await page.getByTestId('alarm-panel').waitFor();
    await expect
      .poll(() => page.getByTestId('alarm-connection').getAttribute('data-state'))
      .toBe('connected');
    const general = await ingest(120002);
    const urgent = await ingest(120004);
    const item = (id: number) => page.locator(`[data-testid="alarm-item"][data-id="${id}"]`);
    // the urgent one (reported after the general one) arrives live; the general one did not
    await item(urgent).waitFor({ timeout: 10_000 });
    expect(await item(urgent).innerText()).toContain('Urgent');
    expect(await item(general).count()).toBe(0);
    // it is still in the alarm history
    const list = await api<{ list: Array<{ id: number }> }>(ALARM_API.list, {
      method: 'POST',
      body: JSON.stringify({ page: 1, limit: 10 }),
    });
    expect(list.data.list.map((a) => a.id)).toContain(general);
    await page.context().close();
  });

  it('a threshold holds alarms back: the panel says how many', async () => {
    const me = await api<{ id: number }>(API.userInfo);
    const saved = await api<AlarmRule>(ALARM_RULE_API.rule, {
      method: 'PUT',
      body: JSON.stringify({ userId: me.data.id, type: 1, maxPerDay: 1 }),
    });
    expect(saved.status).toBe(0);
    const page = await loggedInPage();
    await page.getByTestId('alarm-panel-tab').click();
    await page.getByTestId('alarm-panel').waitFor();
    await expect
      .poll(() => page.getByTestId('alarm-connection').getAttribute('data-state'))
      .toBe('connected');
    const first = await ingest(120003);
    const second = await ingest(120003);
    const item = (id: number) => page.locator(`[data-testid="alarm-item"][data-id="${id}"]`);
    await item(first).waitFor({ timeout: 10_000 });
    const note = page.getByTestId('alarm-held');
    await note.waitFor({ timeout: 10_000 });
    expect(await note.innerText()).toContain('Held back by your alarm rule: 1 more alarms');
    expect(await item(second).count()).toBe(0);
    await page.getByTestId('alarm-held-dismiss').click();
    await expect.poll(() => note.count()).toBe(0);
    await page.context().close();
  });

  it('without a user id shows 暂无数据', async () => {
    const page = await loggedInPage('zh-CN');
    await page.goto('/index?type=1');
    const empty = page.getByTestId('page-empty');
    await empty.waitFor();
    expect(await empty.innerText()).toContain('暂无数据');
    await page.context().close();
  });
});
