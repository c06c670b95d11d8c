import {
  type ListResult,
  SCENE_API,
  SCENE_CAMERA_API,
  type SceneCameraScene,
  type SceneItem,
} from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraToBind } from './support/scene-cameras.ts';
import { type Session, startSession } from './support/session.ts';
import { pickOption, rowWithCell } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
});

afterAll(async () => {
  await session?.stop();
});

const englishPage = () => session.loggedInPage('en-US');

describe('temporary jobs', () => {
  it('binds a camera to the demo temporary job scene and sees it in the temporary job details', async () => {
    const temporary = await session.api<SceneCameraScene[]>(`${SCENE_CAMERA_API.scenes}?kind=temporary`);
    const scene = temporary[0];
    if (!scene) throw new Error('the demo has no temporary job scene');
    const general = (await session.api<SceneCameraScene[]>(`${SCENE_CAMERA_API.scenes}?kind=general`))[0];
    const camera = await cameraToBind(session.api, scene.id, {
      model: 'DS-2CD-TJ',
      name: '检修平台摄像机',
      code: 'CAM-TJ-1',
      ip: '10.20.0.19',
    });
    const { list } = await session.api<ListResult<SceneItem>>(SCENE_API.list, {
      method: 'POST',
      body: { page: 1, limit: 50, kind: 'temporary' },
    });
    const job = list.find((s) => s.id === scene.id);
    if (!job?.temporaryJob) throw new Error('the demo temporary scene has no job');
    const before = job.cameraCount;

    const page = await englishPage();

    // Temporary job scenes: only temporary scenes to pick from.
    await page.goto('/sceneManagement/temporaryOperationScene');
    await page.getByTestId('scene-camera-table').waitFor();
    await expect.poll(() => page.getByTestId('scene-select').innerText()).toContain(scene.name);
    await page.getByTestId('scene-select').click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await dropdown.waitFor();
    expect(await dropdown.innerText()).toContain(scene.name);
    if (general) expect(await dropdown.innerText()).not.toContain(general.name);
    await page.keyboard.press('Escape');

    // Bind the camera through the dialog.
    await page.getByTestId('bind-cameras').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Bind cameras to' });
    await dialog.getByPlaceholder('Search name, code or IP').fill(camera.code);
    await dialog.getByPlaceholder('Search name, code or IP').press('Enter');
    await rowWithCell(dialog, '.ant-table-row', camera.code).locator('.ant-checkbox-input').check();
    await page.getByTestId('bind-submit').click();
    await expect.poll(() => page.locator('.ant-message').innerText()).toContain('1 camera(s) bound');
    const row = rowWithCell(page, '[data-testid="scene-camera-table"] .ant-table-row', camera.code);
    await row.waitFor();

    // Temporary job details: the job with one more camera, and that camera in its expanded row.
    await page.goto('/sceneManagement/temporaryDetail');
    await page.getByTestId('temporary-detail-table').waitFor();
    await page.reload();
    const search = page.getByTestId('job-search').locator('input');
    await search.fill(job.temporaryJob.number);
    await search.press('Enter');
    const jobRow = page.locator('[data-testid="temporary-detail-table"] .ant-table-row', {
      hasText: job.temporaryJob.number,
    });
    await jobRow.waitFor();
    await expect
      .poll(() => page.getByTestId(`job-camera-count-${scene.id}`).innerText())
      .toBe(String(before + 1));
    expect(await jobRow.innerText()).toContain(job.temporaryJob.name);
    expect(await jobRow.innerText()).toContain('In progress');

    // The job-status filter: a running demo job is not among the ended ones.
    await pickOption(page, 'job-state-filter', 'Ended');
    await expect.poll(() => jobRow.count()).toBe(0);
    await pickOption(page, 'job-state-filter', 'In progress');
    await jobRow.waitFor();

    await jobRow.locator('.ant-table-row-expand-icon').click();
    const cameras = page.getByTestId(`job-cameras-${scene.id}`);
    await cameras.waitFor();
    await expect.poll(() => cameras.innerText()).toContain(camera.code);
    expect(await cameras.innerText()).toContain(camera.name);
    expect(await cameras.locator('.ant-badge-status').count()).toBe(before + 1);
    expect(await page.getByTestId(`job-open-${scene.id}`).getAttribute('href')).toBe(
      `/temporaryJobScene/temporaryJobManage/${scene.id}`,
    );
    await page.context().close();
  });
});
