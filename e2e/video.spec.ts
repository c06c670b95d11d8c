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

/**
 * Counts the page's websockets and media sources that are still open (installed before the
 * app loads), and lets the test drop the live sockets as a failing network would.
 */
const TRACK_MEDIA = `(() => {
  const sockets = [];
  const sources = [];
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) { super(...args); sockets.push(this); }
  };
  const NativeSource = window.MediaSource;
  window.MediaSource = class extends NativeSource {
    constructor() { super(); sources.push(this); }
  };
  window.__media = () => ({
    sockets: sockets.filter((s) => s.readyState < 2).length,
    sources: sources.filter((s) => s.readyState !== 'closed').length,
    socketsOpened: sockets.length,
  });
  window.__dropSockets = () => sockets.forEach((s) => s.close());
})();`;

interface MediaCounts {
  sockets: number;
  sources: number;
  socketsOpened: number;
}

const mediaCounts = (page: Page) => page.evaluate('window.__media()') as Promise<MediaCounts>;

/** Makes the page hidden or visible again, as switching browser tabs does. */
const setPageHidden = (page: Page, hidden: boolean) =>
  page.evaluate(`(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => '${hidden ? 'hidden' : 'visible'}' });
    document.dispatchEvent(new Event('visibilitychange'));
  })()`);

const firstPlayButton = (page: Page) => page.locator('[data-testid^="camera-play-"]').first();

async function openCameraList(page: Page) {
  await page.goto('/deviceManagement/cameraSet');
  await page.getByTestId('camera-set-page').waitFor();
  await firstPlayButton(page).waitFor();
}

describe('video player', () => {
  it('plays a demo camera (its video time advances), pauses when hidden, reconnects after a drop, releases it on close', async () => {
    const page = await session.loggedInPage();
    await page.addInitScript(TRACK_MEDIA);
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
    expect(await mediaCounts(page)).toMatchObject({ sockets: 1, sources: 1 });

    // Hidden page: decoder, socket and media source released; visible again: plays anew.
    await setPageHidden(page, true);
    await poll(() => mediaCounts(page)).toMatchObject({ sockets: 0, sources: 0 });
    await setPageHidden(page, false);
    await poll(() => player.getAttribute('data-state')).toBe('playing');
    await poll(() => mediaCounts(page)).toMatchObject({ sockets: 1, sources: 1, socketsOpened: 2 });

    // A dropped stream: the player reconnects by itself.
    await page.evaluate('window.__dropSockets()');
    await poll(() => mediaCounts(page)).toMatchObject({ sockets: 1, socketsOpened: 3 });
    await poll(() => player.getAttribute('data-state')).toBe('playing');
    const resumedAt = await video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime);
    await poll(() =>
      video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime),
    ).toBeGreaterThan(resumedAt + 1);

    await page.locator('.ant-modal-close').click();
    await poll(() => page.getByTestId('video-player').count()).toBe(0);
    await poll(() => mediaCounts(page)).toMatchObject({ sockets: 0, sources: 0 });
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
