import { JOB_RUN_API, type JobRunDetail } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { expectPath, naturalWidth } from './support/ui.ts';

let session: Session;
let runId = 0;
let alarmId = 0;
let engineKey = '';
let image: Buffer;
/** The fields of an alarm of the run (scene, camera, algorithm, run). */
let alarmFields: Record<string, string> = {};

/** Reports an alarm of the run as an engine would (multipart with a real PNG). */
const ingestRunAlarm = (fields: Record<string, string>) =>
  ingestAlarm(session.server.url, engineKey, { ...alarmFields, ...fields }, { image });

beforeAll(async () => {
  session = await startSession();
  const { api } = session;
  engineKey = await createEngineKey(api, 'e2e-job-runs');
  const refs = await demoRefs(api);

  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const run = {
    runId: 'e2e-run-1',
    jobNumber: 'E2E-RUN-001',
    jobName: 'E2E hot work',
    sceneId: refs.sceneId,
  };
  runId = (
    await api<{ id: number }>(JOB_RUN_API.ingest, {
      method: 'POST',
      key: engineKey,
      body: { ...run, state: 1, startTime: at(30) },
    })
  ).id;
  image = await solidImage('#2980b9', { width: 96, height: 64 });
  alarmFields = {
    sceneId: String(refs.sceneId),
    cameraId: String(refs.cameraId),
    algorithmId: String(refs.algorithmId),
    priority: '120004',
    historyAssignmentId: String(runId),
    jobNumber: run.jobNumber,
  };
  alarmId = await ingestRunAlarm({
    eventId: 'e2e-run-alarm-1',
    alarmTime: at(15),
    alarmResult: 'E2E run alarm',
  });
  await api(JOB_RUN_API.ingest, {
    method: 'POST',
    key: engineKey,
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
  await session?.stop();
});

const loggedInPage = (locale?: string) => session.loggedInPage(locale);

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
    await expect.poll(() => naturalWidth(entry.locator('img'))).toBeGreaterThan(0);

    // A new alarm of the run appears in the open timeline without a reload (event stream).
    const lateId = await ingestRunAlarm({
      eventId: 'e2e-run-alarm-2',
      alarmTime: new Date(Date.now() - 8 * 60_000).toISOString(),
      alarmResult: 'E2E late alarm',
    });
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
