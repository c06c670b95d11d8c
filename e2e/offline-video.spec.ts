import { readFile } from 'node:fs/promises';
import { ALGORITHM_API, type FieldError, OFFLINE_VIDEO_API } from '@sentinel/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startSession } from './support/session.ts';
import { confirmModal, naturalWidth, pickOption, rowWithCell, waitForToast } from './support/ui.ts';

/** A real 6 s H.264 clip (320x180), 42 KB. */
const CLIP = new URL('./fixtures/playback-clip.mp4', import.meta.url);
const PAGE_PATH = '/offLineVideo/offLineVideoSet';

let session: Session;
let algorithmName = '';
let algorithmId = 0;

beforeAll(async () => {
  session = await startSession();
  const algorithms = await session.api<{ id: number; name: string }[]>(ALGORITHM_API.all);
  const first = algorithms[0];
  if (!first) throw new Error('the demo data needs an enabled algorithm');
  algorithmName = first.name;
  algorithmId = first.id;
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) =>
  expect.poll(read, { timeout, interval: 250 });

async function openPage(page: Page): Promise<void> {
  await page.goto(PAGE_PATH);
  await page.getByTestId('offline-video-page').waitFor();
}

/** Records in the page whether the upload progress bar was ever shown (a 42 KB upload is quick). */
async function watchProgressBar(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __progressSeen?: boolean };
    w.__progressSeen = false;
    const seen = () => {
      if (document.querySelector('[data-testid="offline-progress"]')) w.__progressSeen = true;
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
  });
}

const progressSeen = (page: Page) =>
  page.evaluate(() => Boolean((window as unknown as { __progressSeen?: boolean }).__progressSeen));

/**
 * Slows uploads down (bytes per second) through the DevTools protocol so the bar has time to
 * move; best effort (the observer above sees the bar either way). Returns a setter (-1 = off).
 */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<(rate: number) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const set = async (rate: number) => {
    try {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: rate,
      });
    } catch {
      // Not supported by this browser: the upload runs at full speed.
    }
  };
  await cdp.send('Network.enable').catch(() => undefined);
  await set(bytesPerSecond);
  return set;
}

const fileInput = (page: Page) => page.locator('[data-testid="offline-upload"] input[type="file"]');

describe('offline video analysis', () => {
  it('uploads the mp4 with a progress bar, runs an algorithm to the end, shows its events with images, deletes it (English)', async () => {
    const page = await session.loggedInPage();
    await openPage(page);
    await page.getByTestId('offline-new').click();
    const dialog = page.getByTestId('offline-dialog');
    await page.getByTestId('offline-name').fill('E2E clip analysis');

    // Slow the upload down so the progress bar has time to move; the observer sees it anyway.
    const throttle = await throttleUploads(page, 16 * 1024);
    await watchProgressBar(page);
    await fileInput(page).setInputFiles({
      name: 'playback-clip.mp4',
      mimeType: 'video/mp4',
      buffer: await readFile(CLIP),
    });
    const accepted = page.getByTestId('offline-upload-accepted');
    await accepted.waitFor({ timeout: 30_000 });
    await throttle(-1);
    expect(await progressSeen(page)).toBe(true);
    const acceptedText = await accepted.innerText();
    expect(acceptedText).toContain('playback-clip.mp4');
    expect(acceptedText).toContain('MP4');
    expect(acceptedText).toContain('00:06');

    await pickOption(page, 'offline-algorithms', algorithmName);
    // Close the dropdown, then Enter in the name field submits.
    await dialog.locator('.ant-modal-title').click();
    await page.getByTestId('offline-name').press('Enter');
    await waitForToast(page, 'The analysis has started');
    await poll(() => dialog.count()).toBe(0);

    const row = rowWithCell(page, '[data-testid^="offline-row-"]', 'E2E clip analysis');
    await row.waitFor();
    const id = Number((await row.getAttribute('data-testid'))?.replace('offline-row-', ''));
    expect(id).toBeGreaterThan(0);
    expect(await row.innerText()).toContain(algorithmName);
    expect(await row.innerText()).toContain('playback-clip.mp4');
    // The list polls every 2 s while the job waits or runs: it finishes on its own.
    await poll(() => page.getByTestId(`offline-${id}-state`).innerText(), 30_000).toBe('Finished');
    const events = Number(await page.getByTestId(`offline-${id}-events`).innerText());
    expect(events).toBeGreaterThan(0);

    await page.getByTestId(`offline-view-${id}`).click();
    const results = page.getByTestId('offline-results');
    await results.getByTestId('offline-events').waitFor();
    const items = results.getByTestId('offline-event');
    expect(await items.count()).toBe(events);
    for (let i = 0; i < events; i += 1) {
      const image = items.nth(i).locator('img').first();
      await poll(() => naturalWidth(image)).toBeGreaterThan(0);
      expect(await items.nth(i).innerText()).toMatch(/\d{2}:\d{2}/);
    }
    expect(await results.getByTestId('offline-results-state').innerText()).toBe('Finished');
    await results.getByTestId('video-player').waitFor();
    // An event's time plays the video from there.
    const last = items.nth(events - 1);
    const [minutes = 0, seconds = 0] = (await last.getByTestId('offline-event-time').innerText())
      .trim()
      .split(':')
      .map(Number);
    await last.getByTestId('offline-event-time').click();
    const video = results.getByTestId('video-player-video');
    await poll(() =>
      video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime),
    ).toBeGreaterThanOrEqual(minutes * 60 + seconds);
    await page.locator('.ant-drawer-close').click();
    await poll(() => results.count()).toBe(0);

    await page.getByTestId(`offline-delete-${id}`).click();
    await confirmModal(page);
    await waitForToast(page, 'Deleted successfully!');
    await poll(() => page.getByTestId(`offline-row-${id}`).count()).toBe(0);
    await page.context().close();
  }, 150_000);

  it('refuses a text file renamed .mp4 and a bad URL, keeping what was typed; Esc closes (Chinese)', async () => {
    const page = await session.loggedInPage('zh-CN');
    await openPage(page);
    await page.getByTestId('offline-new').click();
    const dialog = page.getByTestId('offline-dialog');
    await page.getByTestId('offline-name').fill('坏文件测试');
    await fileInput(page).setInputFiles({
      name: 'notes.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('This is a plain text file, not a video.\n'.repeat(20)),
    });
    const problem = page.getByTestId('offline-upload-error');
    await problem.waitFor();
    expect(await problem.innerText()).toBe('只能上传MP4、MOV、FLV或TS格式的视频文件');
    expect(await page.getByTestId('offline-name').inputValue()).toBe('坏文件测试');
    expect(await page.getByTestId('offline-upload-accepted').count()).toBe(0);

    // A URL source with an address that is not http(s), rtsp or rtmp.
    await dialog.getByText('视频地址', { exact: true }).first().click();
    await page.getByTestId('offline-url').fill('ftp://example.com/video.mp4');
    await pickOption(page, 'offline-algorithms', algorithmName);
    await dialog.locator('.ant-modal-title').click();
    await page.getByTestId('offline-start').click();
    await poll(() => dialog.innerText()).toContain(
      '请输入以http://、https://、rtsp://或rtmp://开头的视频地址',
    );
    expect(await page.getByTestId('offline-name').inputValue()).toBe('坏文件测试');
    expect(await page.getByTestId('offline-url').inputValue()).toBe('ftp://example.com/video.mp4');

    // The server refuses it too, with the same message on the url field.
    const refused = await session.api.envelope<{ fields?: FieldError[] }>(OFFLINE_VIDEO_API.create, {
      method: 'PUT',
      body: { name: 'bad url', url: 'ftp://example.com/video.mp4', algorithmIds: [algorithmId] },
    });
    expect(refused.status).toBeLessThan(0);
    expect(refused.data?.fields?.find((f) => f.field === 'url')?.message).toBe(
      'Please enter a video address starting with http://, https://, rtsp:// or rtmp://',
    );

    // Esc from the name field closes the dialog.
    await page.getByTestId('offline-name').focus();
    await page.keyboard.press('Escape');
    await poll(async () =>
      (await dialog.count()) === 0
        ? 'closed'
        : await page.evaluate(() => `open; focus on ${document.activeElement?.outerHTML.slice(0, 120)}`),
    ).toBe('closed');
    expect(await page.locator('[data-testid^="offline-row-"]', { hasText: '坏文件测试' }).count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
