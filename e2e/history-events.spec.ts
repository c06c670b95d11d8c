import { HISTORY_API } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestEvent, solidImage } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { expectHalfRangeRefused, naturalWidth, pickRangePreset, waitForToast } from './support/ui.ts';

let session: Session;
const ids = { event: 0, dcs: 0, dcsZh: 0 };
const EVENT_NAME = 'E2E forklift entered';

beforeAll(async () => {
  session = await startSession();
  const { api } = session;
  const key = await createEngineKey(api, 'e2e-history');
  const { cameraId } = await demoRefs(api);
  const image = await solidImage('#2e86c1', { width: 320, height: 180, format: 'jpeg' });
  ids.event = await ingestEvent(
    session.server.url,
    key,
    { eventId: 'e2e-event-1', eventName: EVENT_NAME, cameraId, eventTime: new Date().toISOString() },
    image,
  );
  // DCS alarms are JSON, reported with the engine's key.
  const dcs = (body: object) =>
    api<{ id: number }>(HISTORY_API.ingestDcsAlarm, { method: 'POST', key, body });
  const now = Date.now();
  ids.dcsZh = (
    await dcs({
      eventId: 'e2e-dcs-2',
      tag: 'PI-4201.PV',
      value: 0.95,
      priority: 120004,
      message: 'E2E 空压机压力高',
      alarmTime: new Date(now - 1000).toISOString(),
    })
  ).id;
  ids.dcs = (
    await dcs({
      eventId: 'e2e-dcs-1',
      tag: 'TI-1101.PV',
      value: 103.5,
      priority: 120003,
      message: 'E2E collector main too hot',
      alarmTime: new Date(now).toISOString(),
    })
  ).id;
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const loggedInPage = (locale?: string) => session.loggedInPage(locale);

describe('history events and DCS alarms', () => {
  it('lists an ingested event with its thumbnail and opens the image viewer (English)', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyEvent');
    await page.getByTestId('history-event-page').waitFor();
    const row = page.getByTestId(`event-row-${ids.event}`);
    await row.waitFor();
    expect(await row.innerText()).toContain(EVENT_NAME);
    await expect.poll(() => naturalWidth(row.locator('img'))).toBeGreaterThan(0);

    // Filter by name with the "Last 30 days" preset: only this event is left.
    await pickRangePreset(page, 'event-filter-range', 'Last 30 days');
    await page.getByTestId('event-filter-name').fill('forklift');
    await page.getByTestId('event-search').click();
    await expect.poll(() => page.locator('[data-testid^="event-row-"]').count()).toBe(1);
    expect(await page.getByTestId('history-event-page').innerText()).toContain('1 in total');

    // Details: the full-size image in the shared viewer, and the event's fields.
    await page.getByTestId(`event-${ids.event}-view`).click();
    const detail = page.getByTestId('event-detail');
    await detail.waitFor();
    expect(await detail.innerText()).toContain(EVENT_NAME);
    const image = detail.getByTestId('image-viewer-image').locator('img');
    await expect.poll(() => naturalWidth(image)).toBe(320);
    await image.click();
    await page.locator('.ant-image-preview-img').waitFor();
    await page.keyboard.press('Escape');
    await page.context().close();
  }, 120_000);

  it('lists an ingested DCS alarm and processes it with a comment (English)', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/dcsAlarm');
    await page.getByTestId('dcs-alarm-page').waitFor();
    await page.getByTestId('dcs-filter-tag').fill('TI-1101');
    await page.getByTestId('dcs-search').click();
    const row = page.getByTestId(`dcs-row-${ids.dcs}`);
    await row.waitFor();
    const text = await row.innerText();
    for (const part of [
      'TI-1101.PV',
      '103.5 ℃',
      '75 ~ 95 ℃',
      'Serious',
      'E2E collector main too hot',
      'Untreated',
    ])
      expect(text).toContain(part);

    await page.getByTestId(`dcs-${ids.dcs}-deal`).click();
    await page.getByTestId('dcs-deal-comment').fill('Cooling water opened');
    await page.getByTestId('dcs-deal-ok').click();
    await waitForToast(page, 'Processed successfully');
    await expect.poll(() => row.innerText()).toContain('Processed');
    expect(await page.getByTestId(`dcs-${ids.dcs}-deal`).count()).toBe(0);
    // The table shows who processed it.
    await expect.poll(() => row.getByTestId('dcs-handler').innerText()).toBe('admin');

    await page.getByTestId(`dcs-${ids.dcs}-view`).click();
    await expect.poll(() => page.getByTestId('dcs-detail-comment').innerText()).toBe('Cooling water opened');
    expect(await page.getByTestId('dcs-detail-handler').innerText()).toBe('admin');
    expect(await page.getByTestId('dcs-detail').innerText()).toContain('Processed at');
    await page.context().close();
  }, 120_000);

  it('shows the DCS alarm page in Chinese, with the comment hint and the range check', async () => {
    const page = await loggedInPage('zh-CN');
    await page.goto('/historyRecords/dcsAlarm');
    await page.getByTestId(`dcs-row-${ids.dcsZh}`).waitFor();
    const table = await page.getByTestId('dcs-table').innerText();
    expect(table).toContain('位号');
    expect(await page.getByTestId(`dcs-row-${ids.dcsZh}`).innerText()).toContain('未处理');
    await page.getByTestId(`dcs-${ids.dcsZh}-deal`).click();
    expect(await page.getByTestId('dcs-deal-comment').getAttribute('placeholder')).toBe(
      '处理结果，100字以内',
    );
    await page.locator('.ant-modal-footer button', { hasText: '取' }).last().click();
    // The dialog is gone (destroyed once its closing animation ends) before the filter bar is used.
    await page.getByTestId('dcs-deal-comment').waitFor({ state: 'detached' });

    // A half-filled custom range is refused with the SPEC message.
    await expectHalfRangeRefused(page, 'dcs', 'dcs-alarm-page', '请选择开始时间和截止时间!');
    await page.context().close();
  }, 120_000);
});
