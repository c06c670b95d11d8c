import { type Envelope, JOB_RUN_API, type JobRunDetail } from '@sentinel/contract';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiChangePassword, apiLogin, NEW_PASSWORD } from './support/api.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { expectPath, loginThroughForm } from './support/ui.ts';

let server: RunningServer;
let browser: Browser;
let token: string;
let runId = 0;
let alarmId = 0;
let engineKey = '';
let image: Buffer;
/** The fields of an alarm of the run (scene, camera, algorithm, run). */
let alarmFields: Record<string, string> = {};

async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; key?: string } = {},
): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      lang: 'en',
      ...(init.key ? { 'x-engine-key': init.key } : { token }),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (res.status !== 200 || envelope.status < 0)
    throw new Error(`${path}: ${res.status} ${envelope.message}`);
  return envelope.data;
}

/** Reports an alarm of the run as an engine would (multipart with a real PNG). */
async function ingestAlarm(key: string, fields: Record<string, string>, image: Buffer): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'image.png');
  const res = await fetch(`${server.url}/api/v2/backend/ingest/videoAlarm`, {
    method: 'POST',
    headers: { 'x-engine-key': key },
    body: form,
  });
  const envelope = (await res.json()) as Envelope<{ id: number }>;
  if (res.status !== 200) throw new Error(`alarm ingest: ${res.status} ${envelope.message}`);
  return envelope.data.id;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await apiChangePassword(server.url, 'admin', server.initialPasswords.admin ?? '', NEW_PASSWORD);
  token = await apiLogin(server.url, 'admin', NEW_PASSWORD);
  const engine = await api<{ key: string }>('/api/v2/backend/engine', {
    method: 'POST',
    body: { name: 'e2e-job-runs' },
  });
  const scenes = await api<{ id: number }[]>('/api/v2/backend/scene/list/all', { method: 'POST', body: {} });
  const cameras = await api<{ id: number }[]>('/api/v2/backend/camera/list/all', {
    method: 'POST',
    body: {},
  });
  const algorithms = await api<{ id: number }[]>('/api/v2/backend/algorithm/list/all');
  const [scene, camera, algorithm] = [scenes[0], cameras[0], algorithms[0]];
  if (!scene || !camera || !algorithm) throw new Error('the demo plant has no scene, camera or algorithm');

  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const run = { runId: 'e2e-run-1', jobNumber: 'E2E-RUN-001', jobName: 'E2E hot work', sceneId: scene.id };
  runId = (
    await api<{ id: number }>(JOB_RUN_API.ingest, {
      method: 'POST',
      key: engine.key,
      body: { ...run, state: 1, startTime: at(30) },
    })
  ).id;
  engineKey = engine.key;
  image = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#2980b9' } })
    .png()
    .toBuffer();
  alarmFields = {
    sceneId: String(scene.id),
    cameraId: String(camera.id),
    algorithmId: String(algorithm.id),
    priority: '120004',
    historyAssignmentId: String(runId),
    jobNumber: run.jobNumber,
  };
  alarmId = await ingestAlarm(
    engine.key,
    { ...alarmFields, eventId: 'e2e-run-alarm-1', alarmTime: at(15), alarmResult: 'E2E run alarm' },
    image,
  );
  await api(JOB_RUN_API.ingest, {
    method: 'POST',
    key: engine.key,
    body: { runId: run.runId, state: 2, endTime: at(5) },
  });
  // The alarm marks the run's detection as violation (asynchronously, from the alarm event).
  await vi.waitFor(
    async () => {
      if ((await api<JobRunDetail>(JOB_RUN_API.detail(runId))).detection !== 1) throw new Error('not yet');
    },
    { timeout: 10_000, interval: 200 },
  );
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

describe('history tasks and task details', () => {
  it('finds the run, opens its details with the timeline and goes back (English)', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyTask');
    await page.getByTestId('history-task-page').waitFor();
    // The demo runs fill the list; the job number filter finds ours.
    await page.getByTestId('job-run-filter-number').fill('E2E-RUN');
    await page.getByTestId('job-run-search').click();
    const row = page.getByTestId(`job-run-row-${runId}`);
    await row.waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    expect(await row.getByTestId('run-state').innerText()).toBe('Normally completed');
    expect(await row.getByTestId('run-detection').innerText()).toBe('Violation');
    expect(await row.innerText()).toContain('E2E hot work');
    expect(await row.innerText()).toContain('0 h 25 min');

    await page.getByTestId(`job-run-${runId}-details`).click();
    await expectPath(page, `/historyRecords/taskDetails/${runId}`);
    await page.getByTestId('task-details-page').waitFor();
    expect(await page.getByTestId('run-header').innerText()).toContain('E2E-RUN-001');
    expect(await page.getByTestId('run-alarm-count').innerText()).toBe('1');
    await page.getByTestId('run-safety-rate').waitFor();
    const entry = page.getByTestId(`timeline-alarm-${alarmId}`);
    await entry.waitFor();
    expect(await entry.innerText()).toContain('E2E run alarm');
    await expect
      .poll(() => entry.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    // A new alarm of the run appears in the open timeline without a reload (event stream).
    const lateId = await ingestAlarm(
      engineKey,
      {
        ...alarmFields,
        eventId: 'e2e-run-alarm-2',
        alarmTime: new Date(Date.now() - 8 * 60_000).toISOString(),
        alarmResult: 'E2E late alarm',
      },
      image,
    );
    await page.getByTestId(`timeline-alarm-${lateId}`).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('run-alarm-count').innerText()).toBe('2');

    // The alarm opens in the shared alarm dialog.
    await page.getByTestId(`timeline-alarm-${alarmId}-view`).click();
    await page.getByTestId(`alarm-detail-${alarmId}`).waitFor();
    await page.locator('.ant-modal-close').first().click();

    // The layout's back link returns to the list.
    await page.getByTestId('back-link').click();
    await expectPath(page, '/historyRecords/historyTask');
    await page.getByTestId('history-task-page').waitFor();

    // An unknown id shows the not-found state.
    await page.goto('/historyRecords/taskDetails/999999');
    await page.getByTestId('task-not-found').waitFor();
    await page.context().close();
  }, 120_000);

  it('shows the task details in Chinese', async () => {
    const page = await loggedInPage('zh-CN');
    await page.goto(`/historyRecords/taskDetails/${runId}`);
    await page.getByTestId('task-details-page').waitFor();
    expect(await page.getByTestId('run-state').innerText()).toBe('正常完成');
    expect(await page.getByTestId('run-detection').innerText()).toBe('违规');
    expect(await page.getByTestId('task-details-page').innerText()).toContain('时间线');
    await page.context().close();
  }, 120_000);
});
