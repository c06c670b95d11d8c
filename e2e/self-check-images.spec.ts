import { type CameraOption, DEVICE_API, IMAGE_CHECK_API } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage, uniqueEventId } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { pickOption, waitForToast } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
  // The checker takes at most 200 records per source and run: let it reach the end of the demo's
  // alarms first, so one "check now" on the page checks exactly the alarm a test reports.
  for (let run = 0; run < 100; run++) {
    const { checked } = await session.api<{ checked: number }>(IMAGE_CHECK_API.run, {
      method: 'POST',
      body: {},
    });
    if (checked === 0) return;
  }
  throw new Error('the image checker did not catch up');
}, 480_000);

afterAll(async () => {
  await session?.stop();
});

const LANGS = [
  {
    lang: 'en-US',
    required: 'Camera, image type and time are required',
    missing: 'Missing',
    drawn: 'Marked image',
    checked: 'checked',
  },
  {
    lang: 'zh-CN',
    required: '摄像机，图片类型，时间是必选项！',
    missing: '缺失',
    drawn: '标注图',
    checked: '已检查',
  },
];

describe('alarm and event image checks', () => {
  it.each(LANGS)('refuses to list without camera, image type and time ($lang)', async (l) => {
    const cameras = await session.api<CameraOption[]>(DEVICE_API.cameraListAll, { method: 'POST', body: {} });
    const camera = cameras[0];
    if (!camera) throw new Error('no camera');
    const page = await session.loggedInPage(l.lang);
    for (const path of ['/selfCheck/alarmImg', '/selfCheck/eventImg']) {
      await page.goto(path);
      const required = page.getByTestId('image-check-required');
      await required.waitFor();
      expect(await required.innerText()).toContain(l.required);
      expect(await page.getByTestId('image-checks-table').count()).toBe(0);
    }
    // A camera alone is not enough: the page still says so and lists nothing.
    await pickOption(page, 'image-check-camera', camera.name, { search: true });
    await page.getByTestId('image-check-search').click();
    await page.waitForURL((url) => url.searchParams.get('cameraId') === String(camera.id));
    expect(await page.getByTestId('image-check-required').innerText()).toContain(l.required);
    expect(await page.getByTestId('image-checks-table').count()).toBe(0);
    await page.close();
  });

  it.each(LANGS)('shows a missing image after a check run, with the counts ($lang)', async (l) => {
    const key = await createEngineKey(session.api, `E2E images ${l.lang} ${Date.now()}`);
    const { algorithmId } = await demoRefs(session.api);
    const cameras = await session.api<CameraOption[]>(DEVICE_API.cameraListAll, { method: 'POST', body: {} });
    const camera = cameras.find((c) => c.code === 'CAM-001');
    if (!camera) throw new Error('no CAM-001');
    // An alarm reported with its original image only: its drawn image is missing.
    const alarmId = await ingestAlarm(
      session.server.url,
      key,
      {
        eventId: uniqueEventId('e2e-img'),
        alarmTime: new Date().toISOString(),
        priority: 120002,
        cameraCode: 'CAM-001',
        algorithmId,
      },
      { image: await solidImage('#2266aa', { format: 'jpeg' }) },
    );
    const start = new Date(Date.now() - 3_600_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const page = await session.loggedInPage(l.lang);
    const query = new URLSearchParams({
      cameraId: String(camera.id),
      imageType: 'drawn',
      startTime: start,
      endTime: end,
    });
    await page.goto(`/selfCheck/alarmImg?${query}`);
    await page.getByTestId('alarm-img-page').waitFor();
    await page.getByTestId('image-check-summary').waitFor();
    const row = page
      .getByTestId('image-checks-table')
      .locator('tr', { hasText: l.drawn })
      .filter({
        has: page.locator('td', { hasText: new RegExp(`^${alarmId}$`) }),
      });
    await page.getByTestId('image-check-run').click();
    await waitForToast(page, l.checked);
    await row.waitFor({ timeout: 30_000 });
    expect(await row.innerText()).toContain(l.missing);
    const missingCount = await page.getByTestId('image-check-count-missing').innerText();
    expect(Number(missingCount.split(':').pop())).toBeGreaterThanOrEqual(1);
    await page.close();
  });
});
