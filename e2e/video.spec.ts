import { DEVICE_API } from '@sentinel/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startSession } from './support/session.ts';
import { waitForToast } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 250 });

const firstPlayButton = (page: Page) => page.locator('[data-testid^="camera-play-"]').first();

async function openCameraList(page: Page) {
  await page.goto('/deviceManagement/cameraSet');
  await page.getByTestId('camera-set-page').waitFor();
  await firstPlayButton(page).waitFor();
}

describe('video player', () => {
  it('plays a demo camera from the camera list (its video time advances) and releases it on close', async () => {
    const page = await session.loggedInPage();
    await openCameraList(page);
    await firstPlayButton(page).click();
    const dialog = page.getByTestId('camera-play-dialog');
    await dialog.waitFor();
    const player = dialog.getByTestId('video-player');
    const video = dialog.getByTestId('video-player-video');
    await poll(() => player.getAttribute('data-state')).toBe('playing');
    await poll(() =>
      video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime),
    ).toBeGreaterThan(1);
    // Live: the picture plays on without playback rates.
    expect(await dialog.getByTestId('video-player-rate').count()).toBe(0);

    await page.locator('.ant-modal-close').click();
    await poll(() => page.getByTestId('video-player').count()).toBe(0);
  });

  it("shows '未找到摄像头！' in Chinese for a camera that no longer exists", async () => {
    const types = await session.api<{ id: number }[]>(DEVICE_API.cameraTypeAll);
    const created = await session.api<{ id: number }>(DEVICE_API.camera, {
      method: 'POST',
      body: {
        name: '临时相机 E2E',
        code: 'CAM-E2E-VIDEO',
        cameraTypeId: types[0]?.id,
        ip: '10.9.8.7',
        videoPort: 554,
      },
    });
    const page = await session.loggedInPage('zh-CN');
    await openCameraList(page);
    const play = page.getByTestId(`camera-play-${created.id}`);
    await play.waitFor();
    // Deleted after the list was shown: the row is still there, the server no longer knows it.
    await session.api(DEVICE_API.cameraById(created.id), { method: 'DELETE' });
    await play.click();
    const player = page.getByTestId('camera-play-dialog').getByTestId('video-player');
    await poll(() => player.getAttribute('data-state')).toBe('failed');
    expect(await player.getByTestId('video-player-message').innerText()).toBe('未找到摄像头！');
    await waitForToast(page, '未找到摄像头！');
  });
});
