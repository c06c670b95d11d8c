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
let refs: { cameraId: number; algorithmId: number };
let image: Buffer;

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

let eventCounter = 0;
/** Reports an alarm with this key as an engine would; answers the HTTP status and the alarm id. */
async function ingest(key: string): Promise<{ status: number; id?: number }> {
  const form = new FormData();
  form.set('cameraId', String(refs.cameraId));
  form.set('algorithmId', String(refs.algorithmId));
  form.set('priority', '120002');
  form.set('eventId', `e2e-engine-${Date.now()}-${eventCounter++}`);
  form.set('alarmTime', new Date().toISOString());
  form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'image.png');
  const res = await fetch(`${server.url}/api/v2/backend/ingest/videoAlarm`, {
    method: 'POST',
    headers: { 'x-engine-key': key },
    body: form,
  });
  const envelope = (await res.json()) as Envelope<{ id: number } | null>;
  return { status: res.status, id: envelope.data?.id };
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await apiChangePassword(server.url, 'admin', server.initialPasswords.admin ?? '', NEW_PASSWORD);
  token = await apiLogin(server.url, 'admin', NEW_PASSWORD);
  const cameras = await api<{ id: number }[]>('/api/v2/backend/camera/list/all', {
    method: 'POST',
    body: {},
  });
  const algorithms = await api<{ id: number }[]>('/api/v2/backend/algorithm/list/all');
  if (!cameras[0] || !algorithms[0]) throw new Error('the demo plant has no camera or algorithm');
  refs = { cameraId: cameras[0].id, algorithmId: algorithms[0].id };
  image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#16a085' } })
    .png()
    .toBuffer();
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

describe('engine API keys', () => {
  it('creates a key shown once, ingests with it, disables it (refused), deletes it', async () => {
    const page = await loggedInPage();
    await page.goto('/systemSettings/serverSettings');
    const section = page.getByTestId('engine-keys');
    await section.waitFor();
    expect(await section.innerText()).toContain('Engine API keys');

    // an empty name is refused on the form
    await page.getByTestId('engine-add').click();
    await page.getByTestId('engine-create-form').waitFor();
    const create = page.locator('.ant-modal').filter({ has: page.getByTestId('engine-create-form') });
    await create.locator('.ant-btn-primary').click();
    await expect.poll(() => create.innerText()).toContain('This cannot be empty');
    await page.getByTestId('engine-name').fill('Line 3 engine');
    await create.locator('.ant-btn-primary').click();

    // the key, once, with a warning and a copy button
    const dialog = page.getByTestId('engine-key-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('shown only this once');
    const key = await page.getByTestId('engine-key-value').inputValue();
    expect(key.length).toBeGreaterThanOrEqual(40);
    await page.getByTestId('engine-key-copy').click();
    await expect.poll(() => page.getByTestId('engine-key-copy').innerText()).toContain('Copied');
    await page.getByTestId('engine-key-done').click();
    await dialog.waitFor({ state: 'detached' });

    // the list shows its prefix only, never the key
    const row = page.locator('[data-testid^="engine-row-"]', { hasText: 'Line 3 engine' });
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain(`${key.slice(0, 8)}…`);
    expect(rowText).toContain('Never');
    expect(await page.content()).not.toContain(key);
    const id = Number((await row.getAttribute('data-testid'))?.replace('engine-row-', ''));

    // the key works: an alarm is accepted, and the engine is seen
    const accepted = await ingest(key);
    expect(accepted.status).toBe(200);
    expect(accepted.id).toBeGreaterThan(0);
    await page.reload();
    await row.waitFor();
    await expect.poll(() => row.innerText()).not.toContain('Never');

    // disabled: refused
    await page.getByTestId(`engine-${id}-enabled`).click();
    await expect
      .poll(() => page.getByTestId(`engine-${id}-enabled`).getAttribute('aria-checked'))
      .toBe('false');
    expect([401, 403]).toContain((await ingest(key)).status);

    // enabled again: accepted
    await page.getByTestId(`engine-${id}-enabled`).click();
    await expect
      .poll(() => page.getByTestId(`engine-${id}-enabled`).getAttribute('aria-checked'))
      .toBe('true');
    expect((await ingest(key)).status).toBe(200);

    // deleted (after the confirmation): gone, and its key is refused
    await page.getByTestId(`engine-${id}-delete`).click();
    await page.locator('.ant-popconfirm', { hasText: 'Are you sure you want to delete?' }).waitFor();
    await page.getByTestId('engine-delete-confirm').click();
    await page.locator('.ant-message-notice', { hasText: 'Deleted successfully!' }).first().waitFor();
    await expect.poll(() => page.getByTestId(`engine-row-${id}`).count()).toBe(0);
    expect([401, 403]).toContain((await ingest(key)).status);
    await page.context().close();
  }, 120_000);

  it('shows the section in Chinese', async () => {
    const page = await loggedInPage('zh-CN');
    await page.goto('/systemSettings/serverSettings');
    const section = page.getByTestId('engine-keys');
    await section.waitFor();
    const text = await section.innerText();
    expect(text).toContain('引擎 API 密钥');
    expect(text).toContain('新增引擎');
    await page.context().close();
  }, 120_000);
});
