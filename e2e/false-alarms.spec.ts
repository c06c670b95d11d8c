import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { confirmModal, expectHalfRangeRefused, naturalWidth, waitForToast } from './support/ui.ts';

let session: Session;
let alarmId = 0;

beforeAll(async () => {
  session = await startSession();
  const key = await createEngineKey(session.api, 'e2e-false-alarms');
  const refs = await demoRefs(session.api);
  // original (blue) and drawn (red): the record keeps a copy of the original
  const original = await solidImage('#2e86de', { width: 120, height: 80 });
  const drawn = await solidImage('#c0392b', { width: 120, height: 80 });
  alarmId = await ingestAlarm(
    session.server.url,
    key,
    {
      cameraId: refs.cameraId,
      algorithmId: refs.algorithmId,
      priority: '120003',
      eventId: 'e2e-false-alarm-1',
      alarmTime: new Date().toISOString(),
      alarmResult: 'E2E false alarm',
    },
    { image: original, imageDraw: drawn },
  );
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const loggedInPage = (locale?: string) => session.loggedInPage(locale);
const firstWidth = (page: Page, selector: string) => naturalWidth(page.locator(selector).first());

describe('false alarm records', () => {
  it('an alarm marked false positive in history appears as a record with its frame (English)', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyAlarm');
    const row = page.getByTestId(`alarm-row-${alarmId}`);
    await row.waitFor();
    await page.getByTestId(`alarm-${alarmId}-cancel`).click();
    expect(await page.locator('.ant-modal-confirm').innerText()).toContain('Mark as false positive?');
    await confirmModal(page);
    await waitForToast(page, 'Marked successfully');
    await expect.poll(() => row.getByTestId('alarm-state').innerText()).toBe('False positive');

    await page.goto('/AIOpenPlatform/FalseAlarmRecord');
    await page.getByTestId('false-alarm-page').waitFor();
    const record = page.getByTestId(`false-alarm-row-${alarmId}`);
    await record.waitFor();
    const text = await record.innerText();
    expect(text).toContain('admin'); // who marked it
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    const thumb = `[data-testid="false-alarm-thumb-${alarmId}"] img`;
    await expect.poll(() => firstWidth(page, thumb)).toBeGreaterThan(0);

    // the thumb opens the review view on the record's own frame copy
    await page.getByTestId(`false-alarm-thumb-${alarmId}`).click();
    const view = page.getByTestId('false-alarm-review');
    await view.waitFor();
    expect(await view.innerText()).toContain('Marked by');
    await expect.poll(() => naturalWidth(view.locator('img').first())).toBe(120);
    await page.locator('.ant-modal-close').last().click();
    await view.waitFor({ state: 'detached' });

    // a half-filled custom range is refused
    await expectHalfRangeRefused(
      page,
      'false-alarm',
      'false-alarm-page',
      'Please choose the start and end time!',
    );
    await page.context().close();
  }, 120_000);

  it('shows the page in Chinese', async () => {
    const page = await loggedInPage('zh-CN');
    await page.goto('/AIOpenPlatform/FalseAlarmRecord');
    await page.getByTestId(`false-alarm-row-${alarmId}`).waitFor();
    const content = await page.getByTestId('false-alarm-page').innerText();
    expect(content).toContain('误报记录');
    expect(content).toContain('标记人');
    expect(content).toMatch(/共 \d+ 条/);
    await page.context().close();
  }, 120_000);
});
