import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import {
  confirmModal,
  expectHalfRangeRefused,
  naturalWidth,
  pickOption,
  pickRangePreset,
  toastText,
  waitForToast,
} from './support/ui.ts';

let session: Session;
/** Alarms this spec ingests: two pending urgent ones, two awaiting approval. */
const ids = { dealt: 0, cancelled: 0, approval: 0, approval2: 0, conflict: 0, batch1: 0, batch2: 0 };

beforeAll(async () => {
  session = await startSession();
  const { api, server } = session;
  const key = await createEngineKey(api, 'e2e-alarms');
  const refs = await demoRefs(api);
  const image = await solidImage('#c0392b', { width: 96, height: 64 });
  const images = { image, imageDraw: image };
  const base = { cameraId: refs.cameraId, algorithmId: refs.algorithmId, priority: '120004' };
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
  const ingest = (fields: Record<string, string>) =>
    ingestAlarm(server.url, key, { ...base, ...fields }, images);
  ids.approval2 = await ingest({ eventId: 'e2e-4', alarmTime: at(40), requireApproval: 'true' });
  ids.approval = await ingest({ eventId: 'e2e-3', alarmTime: at(30), requireApproval: 'true' });
  ids.cancelled = await ingest({ eventId: 'e2e-2', alarmTime: at(20), alarmResult: 'E2E cancel' });
  ids.dealt = await ingest({ eventId: 'e2e-1', alarmTime: at(10), alarmResult: 'E2E deal' });
  ids.conflict = await ingest({ eventId: 'e2e-5', alarmTime: at(1) });
  ids.batch1 = await ingest({ eventId: 'e2e-6', alarmTime: at(0.5) });
  ids.batch2 = await ingest({ eventId: 'e2e-7', alarmTime: at(0) });
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

const loggedInPage = (locale?: string) => session.loggedInPage(locale);
const row = (page: Page, id: number) => page.getByTestId(`alarm-row-${id}`);
const stateOf = (page: Page, id: number) => row(page, id).getByTestId('alarm-state').innerText();

describe('alarm screens', () => {
  it('filters, browses details, processes and marks a false positive (English)', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyAlarm');
    await page.getByTestId('history-alarm-page').waitFor();

    // Filter: preset "Today" and level "Urgent".
    await pickRangePreset(page, 'alarm-filter-range', 'Today');
    await pickOption(page, 'alarm-filter-level', 'Urgent');
    await page.getByTestId('alarm-search').click();
    await row(page, ids.dealt).waitFor();
    await row(page, ids.cancelled).waitFor();
    expect(await stateOf(page, ids.dealt)).toBe('Untreated');

    // Details with previous / next.
    await page.getByTestId(`alarm-${ids.dealt}-view`).click();
    await page.getByTestId(`alarm-detail-${ids.dealt}`).waitFor();
    expect(await page.getByTestId('alarm-timeline').innerText()).toContain('Alarm raised');
    await page.getByTestId('alarm-next').click();
    await page.getByTestId(`alarm-detail-${ids.cancelled}`).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId(`alarm-detail-${ids.dealt}`).waitFor();
    // one more step back: the newer alarm listed above it
    await page.getByTestId('alarm-prev').click();
    await page.getByTestId(`alarm-detail-${ids.conflict}`).waitFor();
    await page.getByTestId('alarm-next').click();
    await page.getByTestId(`alarm-detail-${ids.dealt}`).waitFor();
    await page.locator('.ant-modal-close').first().click();

    // Process with a comment.
    await page.getByTestId(`alarm-${ids.dealt}-deal`).click();
    await page.getByTestId('alarm-deal-comment').fill('Helmet put back on');
    await page.getByTestId('alarm-deal-ok').click();
    expect(await toastText(page)).toBeTruthy();
    await expect.poll(() => stateOf(page, ids.dealt)).toBe('Processed');

    // Mark another one false positive.
    await page.getByTestId(`alarm-${ids.cancelled}-cancel`).click();
    expect(await page.locator('.ant-modal-confirm').innerText()).toContain('Mark as false positive?');
    await confirmModal(page);
    await waitForToast(page, 'Marked successfully');

    // After a reload the states stay, and the timeline holds the comment.
    await page.reload();
    await page.getByTestId('alarm-search').click();
    await expect.poll(() => stateOf(page, ids.dealt)).toBe('Processed');
    expect(await stateOf(page, ids.cancelled)).toBe('False positive');
    await page.getByTestId(`alarm-${ids.dealt}-view`).click();
    await page.getByTestId(`alarm-detail-${ids.dealt}`).waitFor();
    expect(await page.getByTestId('alarm-timeline').innerText()).toContain('Helmet put back on');
    await page.context().close();
  }, 120_000);

  it('keeps the typed comment when someone else handled the alarm first, and checks the range', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyAlarm');
    await row(page, ids.conflict).waitFor();
    await expect.poll(() => naturalWidth(row(page, ids.conflict).locator('img'))).toBeGreaterThan(0);

    await page.getByTestId(`alarm-${ids.conflict}-deal`).click();
    await page.getByTestId('alarm-deal-comment').fill('My careful note');
    await session.api('/api/v2/backend/videoAlarmRecord/deal', {
      method: 'POST',
      body: { id: ids.conflict, comment: 'first' },
    });
    await page.getByTestId('alarm-deal-ok').click();
    await waitForToast(page, 'already handled by someone else');
    expect(await page.getByTestId('alarm-deal-comment').inputValue()).toBe('My careful note');
    await expect.poll(() => stateOf(page, ids.conflict)).toBe('Processed');
    await page.locator('.ant-modal-footer button', { hasText: 'Cancel' }).last().click();

    // A half-filled custom range is refused.
    await expectHalfRangeRefused(
      page,
      'alarm',
      'history-alarm-page',
      'Please choose the start and end time!',
    );
    await page.context().close();
  }, 120_000);

  it('marks selected alarms false positive in a batch and shows each outcome', async () => {
    const page = await loggedInPage();
    await page.goto('/historyRecords/historyAlarm');
    for (const id of [ids.batch1, ids.batch2]) await row(page, id).locator('.ant-checkbox-input').check();
    expect(await page.getByTestId('history-alarm-page').innerText()).toContain('2 selected');
    await page.getByTestId('alarm-batch-cancel').click();
    await confirmModal(page);
    await page.getByTestId('alarm-batch-result').waitFor();
    const result = await page.getByTestId('alarm-batch-result').innerText();
    expect(result).toContain(`#${ids.batch1}`);
    expect(result.match(/Done/g)?.length).toBe(2);
    await expect.poll(() => stateOf(page, ids.batch2)).toBe('False positive');
    await page.context().close();
  }, 120_000);

  it('approves and revokes an approval (Chinese)', async () => {
    const page = await loggedInPage('zh-CN');
    await page.goto('/meDetails/alarmApproval');
    await page.getByTestId('alarm-approval-page').waitFor();
    expect(await page.getByTestId('alarm-approval-page').innerText()).toContain('报警审批');
    await expect
      .poll(async () => Number(await page.getByTestId('approve-count').innerText()))
      .toBeGreaterThanOrEqual(2);
    await row(page, ids.approval).waitFor();
    expect(await stateOf(page, ids.approval)).toBe('待审批');

    await page.getByTestId(`alarm-${ids.approval}-approve`).click();
    expect(await page.locator('.ant-modal-confirm').innerText()).toContain('确定审批吗?');
    await confirmModal(page);
    await waitForToast(page, '确定成功');
    await expect.poll(() => row(page, ids.approval).count()).toBe(0);

    await page.getByRole('tab', { name: '已审批' }).click();
    await row(page, ids.approval).waitFor();
    expect(await stateOf(page, ids.approval)).toBe('已审批');
    await page.getByTestId(`alarm-${ids.approval}-noApprove`).click();
    expect(await page.locator('.ant-modal-confirm').innerText()).toContain('确定取消审批吗?');
    await confirmModal(page);
    await waitForToast(page, '撤销成功');
    await expect.poll(() => row(page, ids.approval).count()).toBe(0);

    await page.getByRole('tab', { name: '待审批' }).click();
    await row(page, ids.approval).waitFor();
    await page.context().close();
  }, 120_000);
});
