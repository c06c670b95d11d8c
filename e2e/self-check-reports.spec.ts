import { DEVICE_API } from '@sentinel/contract';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startSession } from './support/session.ts';
import { pickOption, waitForToast } from './support/ui.ts';

let session: Session;

beforeAll(async () => {
  session = await startSession();
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) =>
  expect.poll(read, { timeout, interval: 250 });

const LANGS = [
  {
    lang: 'en-US',
    camera: 'E2E report cam',
    availability: 'Availability',
    added: 'Saved successfully',
    algorithmPage: 'False positives',
  },
  {
    lang: 'zh-CN',
    camera: '报告相机 E2E',
    availability: '可用率',
    added: '保存成功',
    algorithmPage: '误报数',
  },
];

describe('run reports', () => {
  it.each(LANGS)(
    'renders the camera report; a maintenance window added from the page changes availability ($lang)',
    async (l) => {
      const types = await session.api<{ id: number }[]>(DEVICE_API.cameraTypeAll);
      const tag = Date.now() % 100_000;
      const name = `${l.camera} ${tag}`;
      await session.api(DEVICE_API.camera, {
        method: 'POST',
        body: { name, code: `CAM-RR-${tag}`, cameraTypeId: types[0]?.id, ip: '10.9.8.6', videoPort: 554 },
      });
      const page = await session.loggedInPage(l.lang);
      await page.goto(`${session.server.url}/selfCheck/cameraRunReport`);
      await page.getByTestId('camera-run-report-page').waitFor();
      await page.getByTestId('camera-report-chart').waitFor();
      await page
        .getByTestId('camera-report-table')
        .getByText(l.availability, { exact: true })
        .first()
        .waitFor();

      await pickOption(page, 'run-report-camera', name, { search: true });
      await page.getByTestId('run-report-search').click();
      const today = dayjs().format('YYYY-MM-DD');
      const todayRow = page
        .getByTestId('camera-report-table')
        .locator('tr', { hasText: today })
        .filter({ hasText: name });
      // No outage recorded: the observed part of today is all available.
      await poll(() => todayRow.textContent()).toContain('100 %');

      // An all-day window for this camera: nothing of today is observed any more.
      await page.getByTestId('maintenance-add').click();
      await pickOption(page, 'maintenance-camera', name, { search: true });
      const inputs = page.locator('.ant-modal .ant-picker-range input');
      await inputs.first().click();
      await inputs.first().fill(`${today} 00:00:00`);
      await inputs.first().press('Enter');
      await inputs.last().fill(`${dayjs().add(1, 'day').format('YYYY-MM-DD')} 00:00:00`);
      await inputs.last().press('Enter');
      await page.getByTestId('maintenance-reason').fill(`E2E ${tag}`);
      await page.getByTestId('maintenance-save').click();
      await waitForToast(page, l.added);
      await poll(() => todayRow.textContent()).toContain('—');
      await page.getByTestId('maintenance-table').getByText(`E2E ${tag}`, { exact: true }).waitFor();

      // The algorithm report shows the same windows.
      await page.goto(`${session.server.url}/selfCheck/algorithmRunReport`);
      await page.getByTestId('algorithm-run-report-page').waitFor();
      await page
        .getByTestId('algorithm-report-table')
        .getByText(l.algorithmPage, { exact: true })
        .first()
        .waitFor();
      await page.getByTestId('maintenance-table').getByText(`E2E ${tag}`, { exact: true }).waitFor();
      await page.context().close();
    },
    60_000,
  );
});
