import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { pickOption, waitForToast as toast } from './support/ui.ts';

let session: Session;
const ingested: number[] = [];

beforeAll(async () => {
  session = await startSession();
  const key = await createEngineKey(session.api, 'e2e-exports');
  const refs = await demoRefs(session.api);
  const image = await solidImage('#2980b9', { width: 96, height: 64 });
  for (const [i, result] of ['E2E export one', 'E2E export two'].entries()) {
    const fields = {
      cameraId: refs.cameraId,
      algorithmId: refs.algorithmId,
      priority: '120004',
      eventId: `e2e-export-${i}`,
      alarmTime: new Date(Date.now() - i * 1000).toISOString(),
      alarmResult: result,
    };
    ingested.push(await ingestAlarm(session.server.url, key, fields, { image, imageDraw: image }));
  }
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

async function historyAlarms(locale: string): Promise<Page> {
  const page = await session.loggedInPage(locale);
  await page.goto('/historyRecords/historyAlarm');
  await page.getByTestId('history-alarm-page').waitFor();
  return page;
}

async function readSheet(path: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('alarm exports and the download center', () => {
  it('exports the filtered alarms, then downloads the xlsx from the download center', async () => {
    const page = await historyAlarms('en-US');
    await pickOption(page, 'alarm-filter-level', 'Urgent');
    // Export at once after the search: the export holds the searched level, not the filters of
    // before (the URL the filters are kept in is written a moment later).
    const asked = page.waitForRequest((r) => r.url().endsWith('/export/download/videoAlarmRecordExport'));
    await page.getByTestId('alarm-search').click();
    await page.getByTestId('alarm-export').click();
    expect(JSON.parse((await asked).postData() ?? '{}')).toMatchObject({ priority: 120004 });
    await toast(page, 'Generating the file, please wait.');
    await page.getByTestId(`alarm-row-${ingested[0]}`).waitFor();
    await page.waitForURL((url) => url.searchParams.get('priority') === '120004');

    await page.getByTestId('download-center').click();
    const drawer = page.getByTestId('download-center-drawer');
    const item = drawer.getByTestId('export-item').first();
    await item.waitFor();
    expect(await item.innerText()).toMatch(/video-alarms-\d{8}-\d{6}\.xlsx/);
    // generating at first (or already done on a fast machine); the 3 s refresh shows it completed
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 30_000 }).toBe('completed');
    expect(await item.getByTestId('export-state').innerText()).toContain('Completed');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByTestId('export-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^video-alarms-\d{8}-\d{6}\.xlsx$/);
    const path = await download.path();
    const rows = await readSheet(path);
    expect(rows[0]).toEqual([
      'ID',
      'Alarm time',
      'Level',
      'Type',
      'Scene',
      'Camera',
      'Area',
      'Plant',
      'Status',
      'False positive',
      'Comment',
      'Handler',
      'Approver',
    ]);
    const body = rows.slice(1);
    const { count } = await session.api<{ count: number }>('/api/v2/backend/videoAlarmRecord/list', {
      method: 'POST',
      body: { priority: 120004, limit: 10 },
    });
    expect(body.length).toBe(count);
    expect(body.slice(0, 2).map((r) => r[0])).toEqual(ingested);
    expect(body.every((r) => r[2] === 'Urgent')).toBe(true);
    expect(String(body[0]?.[1])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // delete it with the confirmation
    await item.getByTestId('export-delete').click();
    await page.getByTestId('export-delete-ok').click();
    await toast(page, 'Deleted successfully!');
    await expect.poll(() => drawer.getByTestId('export-item').count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('downloads the alarm images as a zip, or says there are none (Chinese)', async () => {
    const page = await historyAlarms('zh-CN');
    await pickOption(page, 'alarm-filter-level', '紧急');
    await page.getByTestId('alarm-search').click();
    await page.getByTestId(`alarm-row-${ingested[0]}`).waitFor();
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('alarm-export-images').click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/^video-alarm-images-.+\.zip$/);
    const bytes = await readFile(await zip.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from(`${ingested[0]}_original.png`))).toBe(true);

    // a range without alarms: the server's message as an error toast
    const inputs = page.getByTestId('alarm-filters').locator('.ant-picker-range input');
    await inputs.first().click();
    await inputs.first().fill('2001-01-01 00:00:00');
    await page.keyboard.press('Enter');
    await inputs.last().fill('2001-01-02 00:00:00');
    await page.keyboard.press('Enter');
    await page.getByTestId('history-alarm-page').click({ position: { x: 4, y: 4 } });
    // The images of the searched range once the search shows (no zip of the level alone): the
    // search applies through the URL, so wait for it and for the list it shows, as a user would.
    await page.getByTestId('alarm-search').click();
    await page.waitForURL((url) => url.searchParams.get('startTime')?.startsWith('2001-01-01') === true);
    await expect.poll(() => page.getByTestId(`alarm-row-${ingested[0]}`).count()).toBe(0);
    await page.getByTestId('alarm-export-images').click();
    await toast(page, '暂时没有可下载报警图片');
    await page.context().close();
  }, 120_000);
});
