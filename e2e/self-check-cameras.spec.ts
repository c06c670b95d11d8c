import {
  type CameraHealthListResult,
  type CameraProbeResult,
  type OutageListResult,
  SELF_CHECK_CAMERAS_API,
  type SnapshotListResult,
} from '@sentinel/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiChangePassword, apiClient, apiLogin, NEW_PASSWORD } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { loggedInPage } from './support/session.ts';

let server: RunningServer;
let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  // Probe and monitor passes every few seconds, so the 60 s offline limit is the only wait.
  server = await startServer({
    env: { CAMERA_PROBE_SECONDS: '3', CAMERA_CHECK_SECONDS: '3', CAMERA_SNAPSHOT_SECONDS: '20' },
  });
  browser = await launchBrowser();
  await apiChangePassword(server.url, 'admin', server.initialPasswords.admin ?? '', NEW_PASSWORD);
  api = apiClient(server.url, await apiLogin(server.url, 'admin', NEW_PASSWORD));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('camera self-check pages', () => {
  it('stopping a demo stream from the record page takes its camera offline with an outage in the error log', async () => {
    const cameras = await api<CameraHealthListResult>(SELF_CHECK_CAMERAS_API.cameras, {
      method: 'POST',
      body: { page: 1, limit: 50 },
    });
    const demo = cameras.list.find((c) => c.target === 'demo');
    if (!demo) throw new Error('the demo plant has no demo camera');
    const id = demo.cameraId;

    const page = await loggedInPage(browser, server.url, 'en-US');
    await page.goto(`/selfCheck/cameraRecord?cameraId=${id}`);
    const row = page.getByTestId(`camera-record-row-${id}`);
    await row.waitFor();
    // Probe now drives a pass for this camera and shows its result.
    await page.getByTestId(`camera-probe-${id}`).click();
    await expect
      .poll(() => page.getByTestId('camera-probe-result').innerText())
      .toContain('the stream answered');
    await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain('Online');

    await page.getByTestId(`camera-demo-${id}`).click();
    await expect.poll(() => row.innerText(), { timeout: 20_000 }).toContain('Demo stream stopped');
    await page.getByTestId(`camera-probe-${id}`).click();
    await expect
      .poll(() => page.getByTestId('camera-probe-result').innerText(), { timeout: 20_000 })
      .toContain('The demo stream is stopped');

    // Offline once its last good probe is over 60 s old (the passes run every 3 s).
    await expect.poll(() => row.innerText(), { timeout: 120_000, interval: 2_000 }).toContain('Offline');

    await page.goto(`/selfCheck/cameraErrorLog?cameraId=${id}&openOnly=true`);
    const outages = page.getByTestId('camera-outages-table');
    await outages.waitFor();
    await expect.poll(() => outages.innerText(), { timeout: 20_000 }).toContain(demo.name);
    expect(await outages.innerText()).toContain('Stream');
    expect(await outages.innerText()).toContain('Open');

    // Start it again: the camera recovers and the outage is closed with its duration.
    await api(SELF_CHECK_CAMERAS_API.demoStream, { method: 'POST', body: { cameraId: id, running: true } });
    await api<CameraProbeResult>(SELF_CHECK_CAMERAS_API.probe, { method: 'POST', body: { cameraId: id } });
    const closed = await api<OutageListResult>(SELF_CHECK_CAMERAS_API.outages, {
      method: 'POST',
      body: { page: 1, limit: 10, cameraId: id },
    });
    expect(closed.list[0]).toMatchObject({ open: false, cause: 'stream' });
    expect(closed.list[0]?.durationSeconds).toBeGreaterThanOrEqual(60);
    await page.close();
  }, 240_000);

  it('shows the snapshot grid with the simulated label (zh-CN)', async () => {
    await expect
      .poll(
        async () =>
          (
            await api<SnapshotListResult>(SELF_CHECK_CAMERAS_API.snapshots, {
              method: 'POST',
              body: { page: 1, limit: 10 },
            })
          ).count,
        { timeout: 60_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    const page = await loggedInPage(browser, server.url, 'zh-CN');
    await page.goto('/selfCheck/cameraScreenshotLog');
    const grid = page.getByTestId('camera-snapshots');
    await grid.waitFor();
    const text = await grid.innerText();
    expect(text).toMatch(/正常|失败/);
    const first = await api<SnapshotListResult>(SELF_CHECK_CAMERAS_API.snapshots, {
      method: 'POST',
      body: { page: 1, limit: 50 },
    });
    // Without ffmpeg on the server the demo snapshots are simulated, and labelled so.
    if (first.list.some((s) => s.simulated)) expect(text).toContain('模拟');
    await page.close();
  }, 120_000);
});
