import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startSession } from './support/session.ts';
import { pickOption, toastText } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
});

afterAll(async () => {
  await session?.stop();
});

/** A real 16×16 PNG (blue square). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWOQizpBEmIY1RA1GkpywzVpAAB1t0AQJdl+vgAAAABJRU5ErkJggg==',
  'base64',
);

/** The machine is shared: wait up to 15 s for what the page shows. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 200 });

const CODE = 'CAM-E2E-01';
const NAME = '罐区南门 E2E';

const loggedInPage = () => session.loggedInPage();

const rowOf = (page: Page, text: string) =>
  page.getByTestId('camera-table').locator('tbody tr.ant-table-row', { hasText: text });

describe('cameras', () => {
  it('adds a camera (fixing a bad IP), filters by area and status, uploads a snapshot, survives a reload, reads in Chinese', async () => {
    const page = await loggedInPage();
    await page.goto('/deviceManagement/cameraSet');
    await page.getByTestId('camera-set-page').waitFor();
    // The demo plant: 16 cameras, ten per page.
    await poll(() => page.getByTestId('camera-table').locator('tbody tr.ant-table-row').count()).toBe(10);
    expect(await page.getByTestId('camera-set-page').innerText()).toContain('16 in total');

    // Add a camera with a bad IP: the SPEC's message, then fix it and save.
    await page.getByTestId('camera-add').click();
    const drawer = page.getByTestId('camera-drawer');
    await drawer.locator('#camera_name').fill(NAME);
    await drawer.locator('#camera_code').fill(CODE);
    await pickOption(page, drawer.locator('#camera_cameraTypeId'), 'DS-2CD3T46', {
      search: true,
      exact: false,
    });
    await drawer.locator('#camera_ip').fill('256.1.1.1');
    await drawer.locator('#camera_ip').press('Tab');
    await poll(() => drawer.locator('.ant-form-item-explain-error').allInnerTexts()).toContain(
      'Please enter the correct IP address',
    );
    await page.getByTestId('camera-save').click();
    await poll(() => drawer.isVisible()).toBe(true);
    await drawer.locator('#camera_ip').fill('10.30.1.5');
    await drawer.locator('#camera_controlPort').fill('8000');
    await pickOption(page, 'camera-area', '罐区', { search: true });
    await drawer.locator('#camera_positionLabel').fill('南侧围墙');
    await drawer.locator('#camera_mainStreamUrl').fill('rtsp://10.30.1.5:554/Streaming/Channels/101');
    await poll(() => drawer.locator('.ant-form-item-explain-error').count()).toBe(0);
    await page.getByTestId('camera-save').click();
    expect(await toastText(page)).toContain('Saved successfully');
    await poll(() => drawer.isVisible()).toBe(false);

    // Filter by area and status.
    await pickOption(page, 'filter-area', '罐区', { search: true });
    await pickOption(page, 'filter-status', 'Online');
    await page.getByTestId('camera-search').click();
    await poll(async () =>
      (await page.getByTestId('camera-table').locator('tbody tr.ant-table-row').allInnerTexts()).join('|'),
    ).toMatch(/苯储罐区东[\s\S]*\|[\s\S]*苯储罐区西|苯储罐区西[\s\S]*\|[\s\S]*苯储罐区东/);
    expect(await page.getByTestId('camera-table').locator('tbody tr.ant-table-row').count()).toBe(2);
    await pickOption(page, 'filter-status', 'Offline');
    await page.getByTestId('camera-search').click();
    await poll(() => page.getByTestId('camera-table').locator('tbody tr.ant-table-row').count()).toBe(1);
    const row = rowOf(page, CODE);
    expect(await row.innerText()).toContain('Offline');

    // Upload a snapshot for it.
    await row
      .locator('input[type=file]')
      .setInputFiles({ name: 'gate.png', mimeType: 'image/png', buffer: PNG });
    expect(await toastText(page)).toContain('Saved successfully');
    await poll(() => row.locator('img[src*="/media/snapshot/"]').count()).toBe(1);

    // Reload: everything is still there, and the image loads through the session cookie.
    await page.reload();
    await page.getByTestId('camera-keyword').locator('input').fill(CODE);
    await page.getByTestId('camera-search').click();
    await poll(() => page.getByTestId('camera-table').locator('tbody tr.ant-table-row').count()).toBe(1);
    const again = rowOf(page, CODE);
    const text = await again.innerText();
    for (const expected of [NAME, '10.30.1.5', '罐区', 'DS-2CD3T46', 'Offline'])
      expect(text).toContain(expected);
    const image = again.locator('img[src*="/media/snapshot/"]');
    await poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(
      16,
    );

    // The detail in the drawer keeps every field.
    await again.getByRole('button', { name: 'Edit' }).click();
    await poll(() => page.getByTestId('camera-drawer').locator('#camera_positionLabel').inputValue()).toBe(
      '南侧围墙',
    );
    expect(await page.getByTestId('camera-drawer').locator('#camera_controlPort').inputValue()).toBe('8000');
    await page.keyboard.press('Escape');

    // Chinese.
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-zh-CN').click();
    await poll(() => page.getByTestId('camera-set-page').innerText()).toContain('新增摄像机');
    const zh = await page.getByTestId('camera-set-page').innerText();
    for (const expected of ['名称', '所属区域', '状态', '离线', '品牌 / 型号 / 类型'])
      expect(zh).toContain(expected);
    await page.context().close();
  });
  it('refuses a repeated camera type and shows the demo platforms, rotation groups and virtual cameras', async () => {
    const page = await loggedInPage();
    await page.goto('/deviceManagement/cameraType');
    await page.getByTestId('camera-type-page').waitFor();
    await poll(() => page.getByTestId('camera-type-page').innerText()).toContain('DS-2CD3T46WDV3-I3');
    await page.getByTestId('camera-type-add').click();
    await page.locator('#cameraType_brand').fill('海康威视');
    await page.locator('#cameraType_model').fill('DS-2CD3T46WDV3-I3');
    await page.locator('#cameraType_type').fill('bullet');
    await page.keyboard.press('Escape');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    expect(await toastText(page)).toContain('This camera brand, model and type combination already exists');
    await page.locator('.ant-modal-footer .ant-btn').first().click();

    await page.goto('/deviceManagement/cameraPlatform');
    await poll(() => page.getByTestId('camera-platform-page').innerText()).toContain('东区NVR-01');
    await page.goto('/deviceManagement/cameraRotationSet');
    await poll(() => page.getByTestId('camera-rotation-page').innerText()).toContain('焦化车间轮巡');
    expect(await page.getByTestId('camera-rotation-page').innerText()).toContain('5. 1号皮带机头');
    await page.goto('/deviceManagement/virtualCamera');
    await poll(() => page.getByTestId('virtual-camera-page').innerText()).toContain('VCAM-001');
    await page.context().close();
  });
});
