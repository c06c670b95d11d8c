import {
  ALGORITHM_API,
  SCENE_CAMERA_API,
  type SceneCameraAlgorithmOption,
  type SceneCameraScene,
} from '@sentinel/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cameraToBind } from './support/scene-cameras.ts';
import { type Session, startSession } from './support/session.ts';
import { pickOption, rowWithCell, settledBox, toastText } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
});

afterAll(async () => {
  await session?.stop();
});

/** When the demo has no algorithm: one through the algorithms API. */
async function addAlgorithm(): Promise<SceneCameraAlgorithmOption> {
  await session.api(ALGORITHM_API.create, {
    method: 'POST',
    body: {
      name: '安全帽检测',
      code: 'e2e-helmet',
      typeId: null,
      levels: [120002, 120003],
      defaultLevel: 120002,
    },
  });
  const [algorithm] = await session.api<SceneCameraAlgorithmOption[]>(SCENE_CAMERA_API.algorithms);
  if (!algorithm) throw new Error('no algorithm');
  return algorithm;
}

const chinesePage = () => session.loggedInPage('zh-CN');

const row = (page: Page, text: string) =>
  page.locator(
    '[data-testid="scene-camera-table"] .ant-table-row, [data-testid="algorithm-table"] .ant-table-row',
    {
      hasText: text,
    },
  );

async function confirmOk(page: Page, question: string) {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.waitFor();
  expect(await dialog.innerText()).toContain(question);
  await dialog.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await dialog.waitFor({ state: 'detached' });
}

describe('cameras in scenes', () => {
  it('binds a camera, adds an algorithm with a drawn zone, disables and unbinds it — in Chinese', async () => {
    // A demo general scene, a camera not yet bound to it, and an algorithm of the catalogue.
    const scenes = await session.api<SceneCameraScene[]>(`${SCENE_CAMERA_API.scenes}?kind=general`);
    const scene = scenes[0];
    if (!scene) throw new Error('the demo has no general scene');
    const camera = await cameraToBind(session.api, scene.id, {
      model: 'DS-2CD-E2E',
      name: '装车台摄像机',
      code: 'CAM-E2E-1',
      ip: '10.20.0.9',
    });
    const algorithm =
      (await session.api<SceneCameraAlgorithmOption[]>(SCENE_CAMERA_API.algorithms))[0] ??
      (await addAlgorithm());

    const page = await chinesePage();
    const manage = `/sceneManagement/cameraManagement?sceneId=${scene.id}`;
    await page.goto(manage);
    await page.getByTestId('scene-camera-table').waitFor();
    await expect.poll(() => page.getByTestId('scene-select').innerText()).toContain(scene.name);

    // Batch unbind with nothing selected.
    await page.getByTestId('batch-unbind').click();
    expect(await toastText(page)).toContain('请选择需要删除的摄像头!');

    // Bind the camera through the dialog (search by code, tick, bind).
    await page.getByTestId('bind-cameras').click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '绑定摄像机' });
    await dialog.getByPlaceholder('搜索名称、编码或IP').fill(camera.code);
    await dialog.getByPlaceholder('搜索名称、编码或IP').press('Enter');
    await rowWithCell(dialog, '.ant-table-row', camera.code).locator('.ant-checkbox-input').check();
    await page.getByTestId('bind-submit').click();
    await expect.poll(() => page.locator('.ant-message').innerText()).toContain('已绑定 1 个摄像机');
    await row(page, camera.code).waitFor();
    await page.reload();
    await row(page, camera.code).waitFor();
    expect(await row(page, camera.code).innerText()).toContain(camera.name);

    // Scene control: add the algorithm at its default level.
    await page.goto(`/sceneManagement/controlAlgorithm?sceneId=${scene.id}&cameraId=${camera.id}`);
    await page.getByTestId('add-algorithms').click();
    const add = page.locator('.ant-modal').filter({ hasText: '添加算法' });
    await add.waitFor();
    await page.getByTestId('add-algorithms-submit').click();
    await expect.poll(() => add.innerText()).toContain('请先选择算法！');
    // The catalogue loads when the dialog opens: pickOption waits for the option itself (Enter
    // pressed before the options arrived picked nothing).
    await pickOption(page, add.getByTestId('algorithm-select'), algorithm.name, { search: true });
    await add.getByTestId(`level-row-${algorithm.code}`).waitFor();
    // Close the multi-select's dropdown (it stays open for more choices) before submitting.
    await add.locator('.ant-modal-title').click();
    await page.getByTestId('add-algorithms-submit').click();
    await add.waitFor({ state: 'hidden' });
    const table = page.getByTestId('algorithm-table');
    await row(page, algorithm.name).waitFor();
    expect(await table.innerText()).toContain('全画面');

    // Draw a zone: four clicks on the snapshot, Enter closes the polygon, then save.
    const svg = page.getByTestId('zone-svg');
    await svg.waitFor();
    const box = await settledBox(svg);
    for (const [x, y] of [
      [0.2, 0.3],
      [0.7, 0.3],
      [0.75, 0.8],
      [0.15, 0.8],
    ] as const) {
      await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    }
    expect(await page.getByTestId('zone-editor').innerText()).toContain('正在绘制区域：4 个点');
    await page.keyboard.press('Enter');
    await page.getByTestId('zone-row-0').waitFor();
    await page.getByTestId('zone-name-0').fill('装车区');
    await page.getByTestId('zone-save').click();
    await expect.poll(() => page.locator('.ant-message').innerText()).toContain('保存成功');
    await page.reload();
    await row(page, algorithm.name).waitFor();
    await expect.poll(() => row(page, algorithm.name).innerText()).toContain('装车区');
    expect(await page.getByTestId('zone-name-0').inputValue()).toBe('装车区');
    expect(await page.getByTestId('zone-shape-0').locator('polygon').getAttribute('points')).toMatch(/,/);

    // Disable, then unbind — each seen after a reload.
    await page.goto(manage);
    const enabled = page.getByTestId(`enabled-${camera.code}`);
    await enabled.waitFor();
    expect(await enabled.getAttribute('aria-checked')).toBe('true');
    await enabled.click();
    await expect.poll(() => page.locator('.ant-message').innerText()).toContain('已停用');
    await page.reload();
    await expect
      .poll(() => page.getByTestId(`enabled-${camera.code}`).getAttribute('aria-checked'))
      .toBe('false');
    expect(await row(page, camera.code).innerText()).toMatch(/\b1\b/);

    await page.getByTestId(`unbind-${camera.code}`).click();
    await confirmOk(page, '是否确定删除？');
    await expect.poll(() => page.locator('.ant-message').innerText()).toContain('删除成功！');
    await page.reload();
    await page.getByTestId('scene-camera-table').waitFor();
    await expect.poll(() => row(page, camera.code).count()).toBe(0);
    await page.context().close();
  });
});
