import type { Envelope } from '@sentinel/contract';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiChangePassword, apiLogin, NEW_PASSWORD } from './support/api.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { expectPath, loginThroughForm, toastText } from './support/ui.ts';

let server: RunningServer;
let browser: Browser;
let token: string;
/** Alarms this spec ingests: two pending urgent ones, two awaiting approval. */
const ids = { dealt: 0, cancelled: 0, approval: 0, approval2: 0, conflict: 0, batch1: 0, batch2: 0 };

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

/** Reports an alarm as an engine would (multipart with a real PNG). */
async function ingest(key: string, fields: Record<string, string>, image: Buffer): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'image.png');
  form.set('imageDraw', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'draw.png');
  const res = await fetch(`${server.url}/api/v2/backend/ingest/videoAlarm`, {
    method: 'POST',
    headers: { 'x-engine-key': key },
    body: form,
  });
  const envelope = (await res.json()) as Envelope<{ id: number }>;
  if (res.status !== 200) throw new Error(`ingest: ${res.status} ${envelope.message}`);
  return envelope.data.id;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await apiChangePassword(server.url, 'admin', server.initialPasswords.admin ?? '', NEW_PASSWORD);
  token = await apiLogin(server.url, 'admin', NEW_PASSWORD);
  const engine = await api<{ key: string }>('/api/v2/backend/engine', {
    method: 'POST',
    body: { name: 'e2e-alarms' },
  });
  const cameras = await api<{ id: number }[]>('/api/v2/backend/camera/list/all', {
    method: 'POST',
    body: {},
  });
  const algorithms = await api<{ id: number }[]>('/api/v2/backend/algorithm/list/all');
  const camera = cameras[0];
  const algorithm = algorithms[0];
  if (!camera || !algorithm) throw new Error('the demo plant has no camera or algorithm');
  const image = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const base = { cameraId: String(camera.id), algorithmId: String(algorithm.id), priority: '120004' };
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
  ids.approval2 = await ingest(
    engine.key,
    { ...base, eventId: 'e2e-4', alarmTime: at(40), requireApproval: 'true' },
    image,
  );
  ids.approval = await ingest(
    engine.key,
    { ...base, eventId: 'e2e-3', alarmTime: at(30), requireApproval: 'true' },
    image,
  );
  ids.cancelled = await ingest(
    engine.key,
    { ...base, eventId: 'e2e-2', alarmTime: at(20), alarmResult: 'E2E cancel' },
    image,
  );
  ids.dealt = await ingest(
    engine.key,
    { ...base, eventId: 'e2e-1', alarmTime: at(10), alarmResult: 'E2E deal' },
    image,
  );
  ids.conflict = await ingest(engine.key, { ...base, eventId: 'e2e-5', alarmTime: at(1) }, image);
  ids.batch1 = await ingest(engine.key, { ...base, eventId: 'e2e-6', alarmTime: at(0.5) }, image);
  ids.batch2 = await ingest(engine.key, { ...base, eventId: 'e2e-7', alarmTime: at(0) }, image);
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

const row = (page: Page, id: number) => page.getByTestId(`alarm-row-${id}`);
const stateOf = (page: Page, id: number) => row(page, id).getByTestId('alarm-state').innerText();

/** Waits for a toast holding this text (earlier toasts may still be shown). */
async function toast(page: Page, text: string) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

async function confirmOk(page: Page) {
  await page.locator('.ant-modal-confirm .ant-btn-primary').last().click();
}

describe('alarm screens', () => {
  it('filters, browses details, processes and marks a false positive (English)', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyAlarm');
    await page.getByTestId('history-alarm-page').waitFor();

    // Filter: preset "Today" and level "Urgent".
    await page.locator('[data-testid="alarm-filter-range"]').first().click();
    await page.locator('.ant-picker-presets li', { hasText: 'Today' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('alarm-filter-level').click();
    await page.locator('.ant-select-item-option[title="Urgent"]').click();
    await page.getByTestId('alarm-search').click();
    await row(page, ids.dealt).waitFor();
    await row(page, ids.cancelled).waitFor();
    expect(await stateOf(page, ids.dealt)).toBe('Untreated');

    // Details with previous / next.
    await page.getByTestId(`alarm-${ids.dealt}-view`).click();
    await page.getByTestId(`alarm-detail-${ids.dealt}`).waitFor();
    expect(await page.getByTestId('alarm-timeline').innerText()).toContain('Alarm raised');
    await page.getByTestId('alarm-next').click();
    await page.getByTestId(`alarm-detail-${ids.cancelled}`).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId(`alarm-detail-${ids.dealt}`).waitFor();
    // one more step back: the newer alarm listed above it
    await page.getByTestId('alarm-prev').click();
    await page.getByTestId(`alarm-detail-${ids.conflict}`).waitFor();
    await page.getByTestId('alarm-next').click();
    await page.getByTestId(`alarm-detail-${ids.dealt}`).waitFor();
    await page.locator('.ant-modal-close').first().click();

    // Process with a comment.
    await page.getByTestId(`alarm-${ids.dealt}-deal`).click();
    await page.getByTestId('alarm-deal-comment').fill('Helmet put back on');
    await page.getByTestId('alarm-deal-ok').click();
    expect(await toastText(page)).toBeTruthy();
    await expect.poll(() => stateOf(page, ids.dealt)).toBe('Processed');

    // Mark another one false positive.
    await page.getByTestId(`alarm-${ids.cancelled}-cancel`).click();
    expect(await page.locator('.ant-modal-confirm').innerText()).toContain('Mark as false positive?');
    await confirmOk(page);
    await toast(page, 'Marked successfully');

    // After a reload the states stay, and the timeline holds the comment.
    await page.reload();
    await page.getByTestId('alarm-search').click();
    await expect.poll(() => stateOf(page, ids.dealt)).toBe('Processed');
    expect(await stateOf(page, ids.cancelled)).toBe('False positive');
    await page.getByTestId(`alarm-${ids.dealt}-view`).click();
    await page.getByTestId(`alarm-detail-${ids.dealt}`).waitFor();
    expect(await page.getByTestId('alarm-timeline').innerText()).toContain('Helmet put back on');
    await page.context().close();
  }, 120_000);

  it('keeps the typed comment when someone else handled the alarm first, and checks the range', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyAlarm');
    await row(page, ids.conflict).waitFor();
    await expect
      .poll(() =>
        row(page, ids.conflict)
          .locator('img')
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);

    await page.getByTestId(`alarm-${ids.conflict}-deal`).click();
    await page.getByTestId('alarm-deal-comment').fill('My careful note');
    await api('/api/v2/backend/videoAlarmRecord/deal', {
      method: 'POST',
      body: { id: ids.conflict, comment: 'first' },
    });
    await page.getByTestId('alarm-deal-ok').click();
    await toast(page, 'already handled by someone else');
    expect(await page.getByTestId('alarm-deal-comment').inputValue()).toBe('My careful note');
    await expect.poll(() => stateOf(page, ids.conflict)).toBe('Processed');
    await page.locator('.ant-modal-footer button', { hasText: 'Cancel' }).last().click();

    // A half-filled custom range is refused.
    const start = page.locator('[data-testid="alarm-filter-range"]').first();
    await start.click();
    await start.fill('2026-01-01 00:00:00');
    await page.keyboard.press('Enter');
    await page.getByTestId('history-alarm-page').click({ position: { x: 4, y: 4 } });
    await page.getByTestId('alarm-search').click();
    await expect
      .poll(() => page.getByTestId('alarm-filters').innerText())
      .toContain('Please choose the start and end time!');
    await page.context().close();
  }, 120_000);

  it('marks selected alarms false positive in a batch and shows each outcome', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyAlarm');
    for (const id of [ids.batch1, ids.batch2]) await row(page, id).locator('.ant-checkbox-input').check();
    expect(await page.getByTestId('history-alarm-page').innerText()).toContain('2 selected');
    await page.getByTestId('alarm-batch-cancel').click();
    await confirmOk(page);
    await page.getByTestId('alarm-batch-result').waitFor();
    const result = await page.getByTestId('alarm-batch-result').innerText();
    expect(result).toContain(`#${ids.batch1}`);
    expect(result.match(/Done/g)?.length).toBe(2);
    await expect.poll(() => stateOf(page, ids.batch2)).toBe('False positive');
    await page.context().close();
  }, 120_000);

  it('approves and revokes an approval (Chinese)', async () => {
    const page = await loggedInPage('zh-CN');
    await page.goto('/meDetails/alarmApproval');
    await page.getByTestId('alarm-approval-page').waitFor();
    expect(await page.getByTestId('alarm-approval-page').innerText()).toContain('报警审批');
    await expect
      .poll(async () => Number(await page.getByTestId('approve-count').innerText()))
      .toBeGreaterThanOrEqual(2);
    await row(page, ids.approval).waitFor();
    expect(await stateOf(page, ids.approval)).toBe('待审批');

    await page.getByTestId(`alarm-${ids.approval}-approve`).click();
    expect(await page.locator('.ant-modal-confirm').innerText()).toContain('确定审批吗?');
    await confirmOk(page);
    await toast(page, '确定成功');
    await expect.poll(() => row(page, ids.approval).count()).toBe(0);

    await page.getByRole('tab', { name: '已审批' }).click();
    await row(page, ids.approval).waitFor();
    expect(await stateOf(page, ids.approval)).toBe('已审批');
    await page.getByTestId(`alarm-${ids.approval}-noApprove`).click();
    expect(await page.locator('.ant-modal-confirm').innerText()).toContain('确定取消审批吗?');
    await confirmOk(page);
    await toast(page, '撤销成功');
    await expect.poll(() => row(page, ids.approval).count()).toBe(0);

    await page.getByRole('tab', { name: '待审批' }).click();
    await row(page, ids.approval).waitFor();
    await page.context().close();
  }, 120_000);
});
