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
let alarmId = 0;

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

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await apiChangePassword(server.url, 'admin', server.initialPasswords.admin ?? '', NEW_PASSWORD);
  token = await apiLogin(server.url, 'admin', NEW_PASSWORD);
  const engine = await api<{ key: string }>('/api/v2/backend/engine', {
    method: 'POST',
    body: { name: 'e2e-false-alarms' },
  });
  const cameras = await api<{ id: number }[]>('/api/v2/backend/camera/list/all', {
    method: 'POST',
    body: {},
  });
  const algorithms = await api<{ id: number }[]>('/api/v2/backend/algorithm/list/all');
  const camera = cameras[0];
  const algorithm = algorithms[0];
  if (!camera || !algorithm) throw new Error('the demo plant has no camera or algorithm');
  // original (blue) and drawn (red): the viewer must show both
  const original = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();
  const drawn = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('cameraId', String(camera.id));
  form.set('algorithmId', String(algorithm.id));
  form.set('priority', '120003');
  form.set('eventId', 'e2e-false-alarm-1');
  form.set('alarmTime', new Date().toISOString());
  form.set('alarmResult', 'E2E false alarm');
  form.set('image', new Blob([new Uint8Array(original)], { type: 'image/png' }), 'image.png');
  form.set('imageDraw', new Blob([new Uint8Array(drawn)], { type: 'image/png' }), 'draw.png');
  const res = await fetch(`${server.url}/api/v2/backend/ingest/videoAlarm`, {
    method: 'POST',
    headers: { 'x-engine-key': engine.key },
    body: form,
  });
  const envelope = (await res.json()) as Envelope<{ id: number }>;
  if (res.status !== 200) throw new Error(`ingest: ${res.status} ${envelope.message}`);
  alarmId = envelope.data.id;
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

const naturalWidth = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img) => (img as HTMLImageElement).naturalWidth);

describe('false alarm records', () => {
  it('an alarm marked false positive in history appears with its images (English)', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyAlarm');
    const row = page.getByTestId(`alarm-row-${alarmId}`);
    await row.waitFor();
    await page.getByTestId(`alarm-${alarmId}-cancel`).click();
    expect(await page.locator('.ant-modal-confirm').innerText()).toContain('Mark as false positive?');
    await page.locator('.ant-modal-confirm .ant-btn-primary').last().click();
    await page.locator('.ant-message-notice', { hasText: 'Marked successfully' }).first().waitFor();
    await expect.poll(() => row.getByTestId('alarm-state').innerText()).toBe('False positive');

    await page.goto('/AIOpenPlatform/FalseAlarmRecord');
    await page.getByTestId('false-alarm-page').waitFor();
    const record = page.getByTestId(`false-alarm-row-${alarmId}`);
    await record.waitFor();
    const text = await record.innerText();
    expect(text).toContain('admin'); // who marked it
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const thumb = `[data-testid="false-alarm-thumb-${alarmId}"] img`;
    await expect.poll(() => naturalWidth(page, thumb)).toBeGreaterThan(0);

    // the viewer: original and drawn images, both loaded
    await page.getByTestId(`false-alarm-thumb-${alarmId}`).click();
    const viewer = page.getByTestId('false-alarm-viewer');
    await viewer.waitFor();
    expect(await viewer.innerText()).toContain('Original image');
    expect(await viewer.innerText()).toContain('Marked image');
    const images = viewer.locator('img');
    await expect.poll(() => images.count()).toBe(2);
    for (const i of [0, 1]) {
      await expect
        .poll(() => images.nth(i).evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    await page.locator('.ant-modal-close').last().click();
    await viewer.waitFor({ state: 'detached' });

    // a half-filled custom range is refused
    const start = page.locator('[data-testid="false-alarm-filter-range"]').first();
    await start.click();
    await start.fill('2026-01-01 00:00:00');
    await page.keyboard.press('Enter');
    await page.getByTestId('false-alarm-page').click({ position: { x: 4, y: 4 } });
    await page.getByTestId('false-alarm-search').click();
    await expect
      .poll(() => page.getByTestId('false-alarm-filters').innerText())
      .toContain('Please choose the start and end time!');
    await page.context().close();
  }, 120_000);

  it('shows the page in Chinese', async () => {
    const page = await loggedInPage('zh-CN');
    await page.goto('/AIOpenPlatform/FalseAlarmRecord');
    await page.getByTestId(`false-alarm-row-${alarmId}`).waitFor();
    const content = await page.getByTestId('false-alarm-page').innerText();
    expect(content).toContain('误报记录');
    expect(content).toContain('标记人');
    expect(content).toMatch(/共 \d+ 条/);
    await page.context().close();
  }, 120_000);
});
