import {
  JOB_RUN_API,
  SCENE_API,
  type SceneAlgorithmItem,
  type SceneDetail,
  type SceneItem,
} from '@sentinel/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, ingestAlarm, ingestEvent, solidImage, uniqueEventId } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { confirmModal, waitForToast } from './support/ui.ts';

let session: Session;
let engineKey = '';
let image: Buffer;

interface SceneRefs {
  scene: SceneDetail;
  cameraId: number;
  algorithmId: number;
}

/** A demo scene of this kind (by name) with its first camera and an algorithm configured on it. */
async function sceneRefs(kind: SceneItem['kind'], name: string): Promise<SceneRefs> {
  const scenes = await session.api<SceneItem[]>(SCENE_API.listAll, { method: 'POST', body: { kind } });
  const found = scenes.find((s) => s.name === name);
  if (!found) throw new Error(`no demo scene ${name}`);
  const scene = await session.api<SceneDetail>(SCENE_API.detail(found.id));
  const camera = scene.cameras[0];
  if (!camera) throw new Error(`${name} has no camera`);
  const [algorithm] = await session.api<SceneAlgorithmItem[]>(SCENE_API.algorithm(scene.id, camera.cameraId));
  if (!algorithm) throw new Error(`${name}'s first camera has no algorithm`);
  return { scene, cameraId: camera.cameraId, algorithmId: algorithm.algorithmId };
}

/** Reports an alarm in the scene on its first camera, now (extra fields: e.g. the run). */
const reportAlarm = (refs: SceneRefs, fields: Record<string, string | number> = {}) =>
  ingestAlarm(
    session.server.url,
    engineKey,
    {
      eventId: uniqueEventId('e2e-monitor'),
      alarmTime: new Date().toISOString(),
      priority: 120004,
      sceneId: refs.scene.id,
      cameraId: refs.cameraId,
      algorithmId: refs.algorithmId,
      ...fields,
    },
    { image },
  );

beforeAll(async () => {
  session = await startSession();
  engineKey = await createEngineKey(session.api, 'e2e-scene-monitoring');
  image = await solidImage('#8e44ad', { format: 'jpeg' });
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) =>
  expect.poll(read, { timeout, interval: 250 });

const currentTime = (video: Locator) =>
  video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime);

/** The first camera tile plays: its player is playing and the video time advances. */
async function expectPlaying(tile: Locator) {
  await poll(() => tile.getByTestId('video-player').getAttribute('data-state'), 40_000).toBe('playing');
  await poll(() => currentTime(tile.getByTestId('video-player-video'))).toBeGreaterThan(1);
}

const figure = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).locator('.ant-statistic-content').innerText()).replace(/\D/g, ''));

describe('scene monitoring', () => {
  it('plays the cameras live, shows their algorithms, and a new alarm arrives and is handled in place (English)', async () => {
    const refs = await sceneRefs('general', '装车站安全监管');
    const page = await session.loggedInPage();
    await page.goto(`/generalSceneManage/${refs.scene.id}`);
    await page.getByTestId('scene-page').waitFor();
    // The stub of before the alarm module is gone.
    expect(await page.getByText('once the alarm module is installed').count()).toBe(0);

    const tiles = page.getByTestId('monitor-camera');
    expect(await tiles.count()).toBe(refs.scene.cameras.length);
    const tile = page.locator(`[data-testid="monitor-camera"][data-camera-id="${refs.cameraId}"]`);
    await expectPlaying(tile);
    // Its algorithms, each tagged running or stopped (the demo scene and its cameras are enabled).
    await poll(() =>
      tile.locator('[data-testid="tile-algorithm"][data-running="true"]').count(),
    ).toBeGreaterThan(0);
    expect(await tile.getByTestId('tile-algorithms').innerText()).toContain('Running');

    await poll(() => page.getByTestId('figure-untreated').locator('.ant-statistic-content').count()).toBe(1);
    const untreated = await figure(page, 'figure-untreated');
    const total = await figure(page, 'figure-total');
    const lastAlarm = tile.getByTestId('tile-last-alarm');
    await lastAlarm.waitFor();
    const lastBefore = await lastAlarm.innerText();

    // An alarm reported now appears on top of the list, tagged new, without a reload.
    const alarmId = await reportAlarm(refs, { alarmResult: 'E2E monitoring alarm' });
    const list = page.getByTestId('scene-alarm-list');
    const row = list.getByTestId(`scene-alarm-${alarmId}`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getByTestId('scene-alarm-new').innerText()).toBe('New');
    expect(await row.getByTestId('alarm-state').innerText()).toBe('Untreated');
    await poll(() =>
      list.locator('[data-testid^="scene-alarm-"][data-state]').first().getAttribute('data-testid'),
    ).toBe(`scene-alarm-${alarmId}`);
    await poll(() => figure(page, 'figure-untreated')).toBe(untreated + 1);
    await poll(() => figure(page, 'figure-total')).toBe(total + 1);
    // The camera's latest alarm is this one; so is the scene's, which opens in the alarm dialog.
    await poll(() => lastAlarm.innerText()).not.toBe(lastBefore);
    expect(await lastAlarm.innerText()).toMatch(/^Last alarm: /);
    await page.getByTestId('figure-latest-open').click();
    await page.getByTestId(`alarm-detail-${alarmId}`).waitFor();
    await page.locator('.ant-modal-close').first().click();
    await poll(() => page.getByTestId(`alarm-detail-${alarmId}`).count()).toBe(0);

    // Handled in place: the state changes and the untreated figure drops.
    await row.getByTestId(`alarm-${alarmId}-deal`).click();
    await page.getByTestId('alarm-deal-comment').fill('Checked on site');
    await page.getByTestId('alarm-deal-ok').click();
    await poll(() => row.getByTestId('alarm-state').innerText()).toBe('Processed');
    expect(await row.getByTestId(`alarm-${alarmId}-deal`).count()).toBe(0);
    await poll(() => figure(page, 'figure-untreated')).toBe(untreated);

    // A click opens the alarm detail dialog.
    await row.getByTestId(`scene-alarm-${alarmId}-open`).click();
    const dialog = page.getByTestId(`alarm-detail-${alarmId}`);
    await dialog.waitFor();
    await poll(() => dialog.innerText()).toContain('Checked on site');
    await page.locator('.ant-modal-close').first().click();
    await page.context().close();
  }, 150_000);

  it('shows a job scene run progressing on its flowchart, live, and frees players off screen (Chinese)', async () => {
    const refs = await sceneRefs('job', '2号炉区动火作业');
    // A fresh engine run id each try (a retry must not resend a finished run's start).
    const run = { runId: uniqueEventId('e2e-monitor-run'), jobNumber: 'E2E-MON-001', sceneId: refs.scene.id };
    const runId = (
      await session.api<{ id: number }>(JOB_RUN_API.ingest, {
        method: 'POST',
        key: engineKey,
        body: { ...run, state: 1, startTime: new Date().toISOString() },
      })
    ).id;

    const page = await session.loggedInPage('zh-CN');
    await page.goto(`/jobSceneManage/${refs.scene.id}`);
    const card = page.getByTestId('monitor-run-card');
    await card.waitFor();

    // Players: scrolled out of view a tile frees its player; back in view it plays again.
    const tile = page.getByTestId('monitor-camera').first();
    await expectPlaying(tile);
    await card.getByTestId('monitor-flow').scrollIntoViewIfNeeded();
    await poll(() => tile.getAttribute('data-in-view')).toBe('false');
    expect(await tile.getByTestId('video-player').count()).toBe(0);
    expect(await tile.getByTestId('monitor-paused').innerText()).toBe('已移出视野，暂停播放');
    await tile.scrollIntoViewIfNeeded();
    await expectPlaying(tile);

    await poll(() => card.getByTestId('monitor-run').innerText()).toContain('E2E-MON-001');
    expect(await card.getByTestId('monitor-run-state').innerText()).toBe('进行中');
    const step = (id: string) => card.getByTestId(`flow-step-${id}`);
    await poll(() => step('apply').getAttribute('data-status')).toBe('active');
    expect(await step('start').getAttribute('data-status')).toBe('done');
    expect(await step('gas').getAttribute('data-status')).toBe('pending');
    expect(await step('apply').innerText()).toContain('进行中');
    await card.getByTestId('monitor-safety-rate').waitFor();
    expect(await card.getByTestId('monitor-run-details').getAttribute('href')).toBe(
      `/historyRecords/taskDetails/${runId}`,
    );

    // The engine reports the steps' events: the progress moves on without a reload.
    for (const name of ['作业申请', '气体检测']) {
      await ingestEvent(
        session.server.url,
        engineKey,
        {
          eventId: uniqueEventId('e2e-monitor-step'),
          eventName: name,
          sceneId: refs.scene.id,
          historyAssignmentId: runId,
        },
        image,
      );
    }
    await poll(() => step('gas').getAttribute('data-status')).toBe('active');
    expect(await step('apply').getAttribute('data-status')).toBe('done');
    await poll(() => card.getByTestId('monitor-run-events').innerText()).toBe('2');

    // An alarm of the run: the step in progress becomes a violation, the alarm is listed.
    const alarmId = await reportAlarm(refs, { historyAssignmentId: runId, jobNumber: run.jobNumber });
    await poll(() => step('gas').getAttribute('data-status')).toBe('violation');
    await card.getByTestId('monitor-fixed-alarms').getByTestId(`scene-alarm-${alarmId}`).waitFor();
    await poll(() => card.getByTestId('monitor-run-alarms').innerText()).toBe('1');

    // The run ends with a violation: its state changes live, every other step is done.
    await session.api(JOB_RUN_API.ingest, {
      method: 'POST',
      key: engineKey,
      body: { runId: run.runId, state: 3 },
    });
    await poll(() => card.getByTestId('monitor-run-state').innerText()).toBe('违规完成');
    for (const id of ['start', 'apply', 'guardian', 'work', 'cleanup', 'end']) {
      await poll(() => step(id).getAttribute('data-status')).toBe('done');
    }
    expect(await step('gas').getAttribute('data-status')).toBe('violation');

    // Marked false positive in place: no longer a violation of the step.
    await card.getByTestId(`alarm-${alarmId}-cancel`).click();
    expect(await page.locator('.ant-modal-confirm').innerText()).toContain('标记为误报?');
    await confirmModal(page);
    await waitForToast(page, '标记成功');
    await poll(() => step('gas').getAttribute('data-status')).toBe('done');
    expect(await card.getByTestId(`scene-alarm-${alarmId}`).getByTestId('alarm-state').innerText()).toBe(
      '误报',
    );

    await page.context().close();
  }, 150_000);
});
