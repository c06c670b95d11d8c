import { readFile } from 'node:fs/promises';
import { ALARM_API, ALGORITHM_API, DEVICE_API, type Envelope } from '@sentinel/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, solidImage, uniqueEventId } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { expectHalfRangeRefused, pickOption, pickRangePreset } from './support/ui.ts';

/** A real 6 s H.264 clip (320x180, ffmpeg testsrc2, faststart), 42 KB. */
const CLIP = new URL('./fixtures/playback-clip.mp4', import.meta.url);
const PAGE_PATH = '/historyRecords/videoPlayback';

let session: Session;
const refs = { alarmId: 0, brokenAlarmId: 0, typeName: '', withClip: '', withoutClip: '', brokenClip: '' };

/** Reports an alarm with a clip as an engine does (multipart: fields, image, clip). */
async function ingestAlarmWithClip(
  key: string,
  fields: Record<string, string | number>,
  clip: Buffer,
): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  const image = await solidImage('#1f618d', { width: 320, height: 180, format: 'jpeg' });
  form.set('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'image.jpg');
  form.set('clip', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), 'clip.mp4');
  const res = await fetch(`${session.server.url}${ALARM_API.ingest}`, {
    method: 'POST',
    headers: { 'x-engine-key': key, lang: 'en' },
    body: form,
  });
  const envelope = (await res.json()) as Envelope<{ id: number } | null>;
  if (res.status !== 200 || !envelope.data?.id)
    throw new Error(`alarm ingest: ${res.status} ${envelope.message}`);
  return envelope.data.id;
}

beforeAll(async () => {
  session = await startSession();
  const { api } = session;
  const cameras = await api<{ id: number; name: string }[]>(DEVICE_API.cameraListAll, {
    method: 'POST',
    body: {},
  });
  const algorithms = await api<{ id: number; name: string }[]>(ALGORITHM_API.all);
  const [withClip, withoutClip, brokenClip] = cameras;
  const algorithm = algorithms[0];
  if (!withClip || !withoutClip || !brokenClip || !algorithm)
    throw new Error('the demo plant needs three cameras and an algorithm');
  const key = await createEngineKey(api, 'e2e-playback');
  refs.alarmId = await ingestAlarmWithClip(
    key,
    {
      eventId: uniqueEventId('e2e-playback'),
      alarmTime: new Date().toISOString(),
      priority: 120003,
      cameraId: withClip.id,
      algorithmId: algorithm.id,
    },
    await readFile(CLIP),
  );
  // An engine's clip that starts like an MP4 (accepted at ingest) but holds no playable video.
  const unplayable = Buffer.alloc(4096, 7);
  unplayable.writeUInt32BE(24, 0);
  unplayable.write('ftypisom', 4, 'latin1');
  refs.brokenAlarmId = await ingestAlarmWithClip(
    key,
    {
      eventId: uniqueEventId('e2e-playback-broken'),
      alarmTime: new Date().toISOString(),
      priority: 120002,
      cameraId: brokenClip.id,
      algorithmId: algorithm.id,
    },
    unplayable,
  );
  refs.brokenClip = brokenClip.name;
  refs.typeName = algorithm.name;
  refs.withClip = withClip.name;
  refs.withoutClip = withoutClip.name;
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 250 });
const currentTime = (video: Locator) =>
  video.evaluate((v) => (v as unknown as { currentTime: number }).currentTime);
const playbackRate = (video: Locator) =>
  video.evaluate((v) => (v as unknown as { playbackRate: number }).playbackRate);

async function openPlayback(page: Page): Promise<void> {
  await page.goto(PAGE_PATH);
  await page.getByTestId('video-playback-page').waitFor();
}

describe('video playback', () => {
  it("lists a camera's alarm clip, plays it (its time advances) and changes the rate (English)", async () => {
    const page = await session.loggedInPage();
    await openPlayback(page);
    // No camera yet: the page asks for one.
    expect(await page.getByTestId('playback-select-camera').innerText()).toContain('Please select a camera');

    await pickOption(page, 'playback-filter-camera', refs.withClip);
    await pickRangePreset(page, 'playback-filter-range', 'Last 30 days');
    await page.getByTestId('playback-search').click();
    const row = page.getByTestId(`playback-row-alarm-${refs.alarmId}`);
    await row.waitFor();
    expect(await row.innerText()).toContain(refs.typeName);

    // Keyboard: focus the row's Play button and press Enter.
    const play = page.getByTestId(`playback-play-alarm-${refs.alarmId}`);
    await play.focus();
    await page.keyboard.press('Enter');
    await poll(() => play.getAttribute('aria-pressed')).toBe('true');
    const player = page.getByTestId('playback-player');
    const video = player.getByTestId('video-player-video');
    await poll(() => player.getByTestId('video-player').getAttribute('data-state')).toBe('playing');
    await poll(() => currentTime(video)).toBeGreaterThan(0.5);

    // Recorded media: the rate selector, 2× speeds the element up.
    await pickOption(page, player.getByTestId('video-player-rate'), '2×');
    await poll(() => playbackRate(video)).toBe(2);
    await page.context().close();
  }, 120_000);

  it("says '此相机下暂无视频!' for a camera without clips and refuses a half range (Chinese)", async () => {
    const page = await session.loggedInPage('zh-CN');
    await openPlayback(page);
    expect(await page.getByTestId('playback-select-camera').innerText()).toContain('请选择相机');

    await expectHalfRangeRefused(page, 'playback', 'video-playback-page', '请选择开始时间和截止时间!');
    await page.getByRole('button', { name: /重\s*置/ }).click();

    await pickOption(page, 'playback-filter-camera', refs.withoutClip);
    await page.getByTestId('playback-search').click();
    await poll(() => page.getByTestId('playback-no-video').count()).toBe(1);
    expect(await page.getByTestId('playback-no-video').innerText()).toContain('此相机下暂无视频!');
    expect(await page.locator('[data-testid^="playback-row-"]').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it("says '此视频暂无法播放，请稍后再试' for a clip that cannot be played, with a retry (Chinese)", async () => {
    const page = await session.loggedInPage('zh-CN');
    await openPlayback(page);
    await pickOption(page, 'playback-filter-camera', refs.brokenClip);
    await page.getByTestId('playback-search').click();
    const play = page.getByTestId(`playback-play-alarm-${refs.brokenAlarmId}`);
    await play.click();
    const player = page.getByTestId('playback-player');
    // The player retries a few times (1, 2, 4, 8, 10 s apart) before it gives up.
    await expect
      .poll(() => player.getByTestId('video-player').getAttribute('data-state'), {
        timeout: 60_000,
        interval: 500,
      })
      .toBe('failed');
    expect(await player.getByTestId('video-player-message').innerText()).toContain(
      '此视频暂无法播放，请稍后再试',
    );
    expect(await player.getByTestId('video-player-retry').isVisible()).toBe(true);
    await page.context().close();
  }, 120_000);
});
