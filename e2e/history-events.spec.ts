import type { Envelope } from '@sentinel/contract';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiChangePassword, apiLogin, NEW_PASSWORD } from './support/api.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { expectPath, loginThroughForm } from './support/ui.ts';

let server: RunningServer;
let browser: Browser;
let token: string;
let engineKey: string;
const ids = { event: 0, dcs: 0, dcsZh: 0 };
const EVENT_NAME = 'E2E forklift entered';

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      token,
      lang: 'en',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (res.status !== 200 || envelope.status < 0)
    throw new Error(`${path}: ${res.status} ${envelope.message}`);
  return envelope.data;
}

/** Reports as an engine would: `ingest/event` (multipart with a real JPEG) or `ingest/dcsAlarm` (JSON). */
async function ingest(path: string, body: FormData | object): Promise<number> {
  const json = !(body instanceof FormData);
  const res = await fetch(`${server.url}/api/v2/backend/ingest/${path}`, {
    method: 'POST',
    headers: { 'x-engine-key': engineKey, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : body,
  });
  const envelope = (await res.json()) as Envelope<{ id: number }>;
  if (res.status !== 200) throw new Error(`ingest ${path}: ${res.status} ${envelope.message}`);
  return envelope.data.id;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await apiChangePassword(server.url, 'admin', server.initialPasswords.admin ?? '', NEW_PASSWORD);
  token = await apiLogin(server.url, 'admin', NEW_PASSWORD);
  engineKey = (
    await api<{ key: string }>('/api/v2/backend/engine', { method: 'POST', body: { name: 'e2e-history' } })
  ).key;
  const cameras = await api<{ id: number }[]>('/api/v2/backend/camera/list/all', {
    method: 'POST',
    body: {},
  });
  const camera = cameras[0];
  if (!camera) throw new Error('the demo plant has no camera');
  const image = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#2e86c1' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('eventId', 'e2e-event-1');
  form.set('eventName', EVENT_NAME);
  form.set('cameraId', String(camera.id));
  form.set('eventTime', new Date().toISOString());
  form.set('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'event.jpg');
  ids.event = await ingest('event', form);
  const now = Date.now();
  ids.dcsZh = await ingest('dcsAlarm', {
    eventId: 'e2e-dcs-2',
    tag: 'PI-4201.PV',
    value: 0.95,
    priority: 120004,
    message: 'E2E 空压机压力高',
    alarmTime: new Date(now - 1000).toISOString(),
  });
  ids.dcs = await ingest('dcsAlarm', {
    eventId: 'e2e-dcs-1',
    tag: 'TI-1101.PV',
    value: 103.5,
    priority: 120003,
    message: 'E2E collector main too hot',
    alarmTime: new Date(now).toISOString(),
  });
}, 180_000);

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

describe('history events and DCS alarms', () => {
  it('lists an ingested event with its thumbnail and opens the image viewer (English)', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyEvent');
    await page.getByTestId('history-event-page').waitFor();
    const row = page.getByTestId(`event-row-${ids.event}`);
    await row.waitFor();
    expect(await row.innerText()).toContain(EVENT_NAME);
    await expect
      .poll(() => row.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    // Filter by name with the "Last 30 days" preset: only this event is left.
    await page.locator('[data-testid="event-filter-range"]').first().click();
    await page.locator('.ant-picker-presets li', { hasText: 'Last 30 days' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('event-filter-name').fill('forklift');
    await page.getByTestId('event-search').click();
    await expect.poll(() => page.locator('[data-testid^="event-row-"]').count()).toBe(1);
    expect(await page.getByTestId('history-event-page').innerText()).toContain('1 in total');

    // Details: the full-size image in the shared viewer, and the event's fields.
    await page.getByTestId(`event-${ids.event}-view`).click();
    const detail = page.getByTestId('event-detail');
    await detail.waitFor();
    expect(await detail.innerText()).toContain(EVENT_NAME);
    const image = detail.getByTestId('image-viewer-image').locator('img');
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);
    await image.click();
    await page.locator('.ant-image-preview-img').waitFor();
    await page.keyboard.press('Escape');
    await page.context().close();
  }, 120_000);

  it('lists an ingested DCS alarm and processes it with a comment (English)', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/dcsAlarm');
    await page.getByTestId('dcs-alarm-page').waitFor();
    await page.getByTestId('dcs-filter-tag').fill('TI-1101');
    await page.getByTestId('dcs-search').click();
    const row = page.getByTestId(`dcs-row-${ids.dcs}`);
    await row.waitFor();
    const text = await row.innerText();
    for (const part of [
      'TI-1101.PV',
      '103.5 ℃',
      '75 ~ 95 ℃',
      'Serious',
      'E2E collector main too hot',
      'Untreated',
    ])
      expect(text).toContain(part);

    await page.getByTestId(`dcs-${ids.dcs}-deal`).click();
    await page.getByTestId('dcs-deal-comment').fill('Cooling water opened');
    await page.getByTestId('dcs-deal-ok').click();
    await page.locator('.ant-message-notice', { hasText: 'Processed successfully' }).first().waitFor();
    await expect.poll(() => row.innerText()).toContain('Processed');
    expect(await page.getByTestId(`dcs-${ids.dcs}-deal`).count()).toBe(0);
    // The table shows who processed it.
    await expect.poll(() => row.getByTestId('dcs-handler').innerText()).toBe('admin');

    await page.getByTestId(`dcs-${ids.dcs}-view`).click();
    await expect.poll(() => page.getByTestId('dcs-detail-comment').innerText()).toBe('Cooling water opened');
    expect(await page.getByTestId('dcs-detail-handler').innerText()).toBe('admin');
    expect(await page.getByTestId('dcs-detail').innerText()).toContain('Processed at');
    await page.context().close();
  }, 120_000);

  it('shows the DCS alarm page in Chinese, with the comment hint and the range check', async () => {
    const page = await loggedInPage('zh-CN');
    await page.goto('/historyRecords/dcsAlarm');
    await page.getByTestId(`dcs-row-${ids.dcsZh}`).waitFor();
    const table = await page.getByTestId('dcs-table').innerText();
    expect(table).toContain('位号');
    expect(await page.getByTestId(`dcs-row-${ids.dcsZh}`).innerText()).toContain('未处理');
    await page.getByTestId(`dcs-${ids.dcsZh}-deal`).click();
    expect(await page.getByTestId('dcs-deal-comment').getAttribute('placeholder')).toBe(
      '处理结果，100字以内',
    );
    await page.locator('.ant-modal-footer button', { hasText: '取' }).last().click();

    // A half-filled custom range is refused with the SPEC message.
    const start = page.locator('[data-testid="dcs-filter-range"]').first();
    await start.click();
    await start.fill('2026-01-01 00:00:00');
    await page.keyboard.press('Enter');
    await page.getByTestId('dcs-alarm-page').click({ position: { x: 4, y: 4 } });
    await page.getByTestId('dcs-search').click();
    await expect
      .poll(() => page.getByTestId('dcs-filters').innerText())
      .toContain('请选择开始时间和截止时间!');
    await page.context().close();
  }, 120_000);
});
