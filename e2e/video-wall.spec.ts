import { DEVICE_API, VIDEO_WALL_API, type VideoWallCameras } from '@sentinel/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiChangePassword, NEW_PASSWORD } from './support/api.ts';
import { type Session, startSession } from './support/session.ts';
import { loginThroughForm, pickOption, waitForToast } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) =>
  expect.poll(read, { timeout, interval: 250 });

/** Camera id of each visible cell ('' when empty), in order. */
const cellCameras = (page: Page) =>
  page
    .getByTestId('wall-cell')
    .evaluateAll((cells) => cells.map((c) => (c as HTMLElement).dataset.cameraId ?? ''));

interface StoredWall {
  userId: number;
  sceneId: number;
  equipmentType: number;
  cameraList: Array<{ id: number; cameraName: string }>;
  VideoPlayer: Array<{ src: number | '' }>;
  isCache: boolean;
}

const storedWalls = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('userCache') ?? '[]')) as Promise<StoredWall[]>;

async function openWallOnAllCameras(page: Page) {
  await page.getByTestId('video-wall-open').click();
  await page.getByTestId('video-wall').waitFor();
  await pickOption(page, 'wall-scene', '全部相机');
  await poll(() => page.getByTestId('video-wall').getAttribute('data-scene')).toBe('0');
}

describe('video wall', () => {
  it('replaces the layout, auto-fills, switches grids, clears and adds cells, keeps them per user', async () => {
    const { cameras } = await session.api<VideoWallCameras>(VIDEO_WALL_API.cameras);
    expect(cameras.length).toBeGreaterThanOrEqual(5);
    const ids = cameras.map((c) => String(c.id));
    const [first, second, third, fourth, fifth] = ids;

    const page = await session.loggedInPage('zh-CN');
    await page.getByTestId('layout').waitFor();
    await openWallOnAllCameras(page);
    // The wall replaces the layout (sidebar, header, page).
    expect(await page.getByTestId('layout').count()).toBe(0);

    // The first empty layout: 4 cells with the first 4 cameras, and the demo video plays.
    await poll(() => cellCameras(page)).toEqual([first, second, third, fourth]);
    await poll(
      () => page.locator('[data-testid="video-player"][data-state="playing"]').count(),
      40_000,
    ).toBeGreaterThan(0);
    expect(await page.getByTestId('wall-cell-name').first().innerText()).toBe(cameras[0]?.name);

    await page.getByTestId('wall-grid-9').click();
    await poll(() => cellCameras(page)).toEqual([first, second, third, fourth, '', '', '', '', '']);
    await page.getByTestId('wall-grid-4').click();
    await poll(() => cellCameras(page)).toEqual([first, second, third, fourth]);
    // Cells beyond the grid mount no player.
    expect(await page.getByTestId('video-player').count()).toBe(4);

    // Select the second cell and clear it.
    const cell = page.locator('[data-testid="wall-cell"][data-index="1"]');
    await cell.click();
    expect(await cell.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('wall-clear').click();
    await poll(() => cellCameras(page)).toEqual([first, '', third, fourth]);
    expect(await cell.getByTestId('wall-cell-empty').count()).toBe(1);

    // Adding without a camera selected: 请选择相机.
    await page.getByTestId('wall-add').click();
    await waitForToast(page, '请选择相机');

    // Select the fifth camera and add it to the selected cell.
    await page.locator(`[data-testid="wall-camera"][data-camera-id="${fifth}"]`).click();
    await page.getByTestId('wall-add').click();
    await poll(() => cellCameras(page)).toEqual([first, fifth, third, fourth]);
    await page.getByTestId('wall-grid-9').click();
    await poll(() => page.getByTestId('wall-cell').count()).toBe(9);

    // Stored under userCache in the SPEC's shape.
    const walls = await storedWalls(page);
    const mine = walls.find((w) => w.sceneId === 0);
    expect(mine?.equipmentType).toBe(9);
    expect(mine?.isCache).toBe(true);
    expect(mine?.VideoPlayer).toHaveLength(25);
    expect(mine?.VideoPlayer.slice(0, 5)).toEqual([
      { src: Number(first) },
      { src: Number(fifth) },
      { src: Number(third) },
      { src: Number(fourth) },
      { src: '' },
    ]);
    expect(mine?.cameraList.map((c) => String(c.id))).toEqual([first, fifth, third, fourth]);

    // After a reload: the wall again, same scene, same grid and cells.
    await page.reload();
    await page.getByTestId('video-wall').waitFor();
    await poll(() => page.getByTestId('video-wall').getAttribute('data-scene')).toBe('0');
    await poll(() => cellCameras(page)).toEqual([first, fifth, third, fourth, '', '', '', '', '']);

    // The close button brings the layout back.
    await page.getByTestId('video-wall-close').click();
    await page.getByTestId('layout').waitFor();
    expect(await page.getByTestId('video-wall').count()).toBe(0);

    // Another user in the same browser does not see the first user's choice.
    const operatorPassword = session.server.initialPasswords.operator ?? '';
    await apiChangePassword(session.server.url, 'operator', operatorPassword, NEW_PASSWORD);
    await page.context().clearCookies();
    await page.goto('/login');
    await loginThroughForm(page, 'operator', NEW_PASSWORD);
    await page.getByTestId('layout').waitFor();
    await openWallOnAllCameras(page);
    await poll(() => cellCameras(page)).toEqual([first, second, third, fourth]);
    const after = (await storedWalls(page)).filter((w) => w.sceneId === 0);
    expect(new Set(after.map((w) => w.userId)).size).toBe(2);
    expect(after.find((w) => w.userId === mine?.userId)?.equipmentType).toBe(9);
  });
});

describe('video wall extras', () => {
  it('shows a cell full screen on double-click (Escape leaves) and tours a rotation group', async () => {
    const { cameras } = await session.api<VideoWallCameras>(VIDEO_WALL_API.cameras);
    const ids = cameras.map((c) => String(c.id));
    await session.api(DEVICE_API.rotation, {
      method: 'POST',
      body: { name: 'Wall tour', intervalSeconds: 3, cameraIds: cameras.slice(0, 6).map((c) => c.id) },
    });
    const page = await session.loggedInPage('zh-CN');
    await page.getByTestId('layout').waitFor();
    await openWallOnAllCameras(page);
    await poll(() => cellCameras(page)).toEqual(ids.slice(0, 4));

    const fullScreenIndex = () =>
      page.evaluate(() => (document.fullscreenElement as HTMLElement | null)?.dataset.index ?? null);
    await page.locator('[data-testid="wall-cell"][data-index="2"]').dblclick();
    await poll(fullScreenIndex).toBe('2');
    await page.keyboard.press('Escape');
    await poll(fullScreenIndex).toBeNull();

    await pickOption(page, 'wall-tour-group', 'Wall tour（每 3 秒）');
    await page.getByTestId('wall-tour-start').click();
    await poll(() => page.getByTestId('video-wall').getAttribute('data-touring')).toBe('true');
    // 6 cameras over 4 cells: the second page wraps round to the first cameras.
    await poll(() => cellCameras(page)).toEqual([ids[4], ids[5], ids[0], ids[1]]);
    expect(await page.getByTestId('wall-add').isDisabled()).toBe(true);
    await page.getByTestId('wall-tour-stop').click();
    await poll(() => page.getByTestId('video-wall').getAttribute('data-touring')).toBe('false');
    await poll(() => cellCameras(page)).toEqual(ids.slice(0, 4));
  });
});
