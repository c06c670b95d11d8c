import { ALARM_API, type AlarmDetail } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  panelItem as item,
  openAlarmPanel as openPanel,
  alarmPanel as panel,
  waitPanelLive as waitLive,
} from './support/alarm-panel.ts';
import { nowReporter } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { toastText, waitForToast } from './support/ui.ts';

let session: Session;
/** An engine reports an alarm through the real ingest API (multipart with an image). */
let ingest: (priority: number) => Promise<number>;
const BATCH_PATH = '/api/v2/backend/videoAlarmRecord/updateOrFilter';

/** Cancels every untreated demo alarm (batch API), so the panel shows only this test's alarms. */
async function clearUntreated(): Promise<void> {
  for (let round = 0; round < 50; round += 1) {
    const page = await session.api<{ list: Array<{ id: number }>; count: number }>(ALARM_API.list, {
      method: 'POST',
      body: { page: 1, limit: 50, status: 'untreated' },
    });
    const ids = page.list.map((a) => a.id);
    if (ids.length === 0) return;
    const done = await session.api.envelope(BATCH_PATH, { method: 'POST', body: { ids, action: 'cancel' } });
    if (done.status !== 0) throw new Error(`batch cancel: ${done.message}`);
  }
  throw new Error('untreated alarms did not clear');
}

const alarmState = (id: number) => session.api<AlarmDetail>(ALARM_API.detail(id));

beforeAll(async () => {
  session = await startSession();
  ingest = await nowReporter(session.server.url, session.api, {
    engineName: 'E2E panel engine',
    eventPrefix: 'e2e-panel',
    background: '#c0392b',
  });
});

afterAll(async () => {
  await session?.stop();
});

const loggedInPage = (locale?: string) => session.loggedInPage(locale);

describe('floating alarm panel', () => {
  it('shows alarms, receives a new one live, processes and cancels in place, closes when all are handled', async () => {
    await clearUntreated();
    const urgent = await ingest(120004);
    const serious = await ingest(120003);
    const page = await loggedInPage();
    const tab = page.getByTestId('alarm-panel-tab');
    await expect.poll(() => tab.getAttribute('data-count')).toBe('2');
    expect(await page.getByTestId('alarm-panel-count').innerText()).toBe('2');

    await openPanel(page);
    await item(page, urgent).waitFor();
    expect(await item(page, urgent).innerText()).toContain('Urgent');
    expect(await item(page, serious).innerText()).toContain('Serious');
    await waitLive(page);

    // A new alarm arrives through the event stream without a reload, on top of the list.
    const started = Date.now();
    const live = await ingest(120002);
    await item(page, live).waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect.poll(() => tab.getAttribute('data-count')).toBe('3');
    expect(await page.getByTestId('alarm-item').first().getAttribute('data-id')).toBe(String(live));

    // Process with a comment, in place.
    await item(page, live).getByTestId('alarm-deal').click();
    const comment = item(page, live).getByTestId('alarm-comment');
    expect(await comment.getAttribute('placeholder')).toBe('Processing result, at most 100 characters');
    await comment.fill('Checked on site, worker reminded');
    await item(page, live).getByTestId('alarm-deal-submit').click();
    await expect.poll(() => item(page, live).getAttribute('data-state')).toBe('2');
    const dealt = await alarmState(live);
    expect(dealt.alarmState).toBe(2);
    expect(dealt.stateComments).toBe('Checked on site, worker reminded');

    // Mark another as a false positive (confirmed).
    await item(page, serious).getByTestId('alarm-false-positive').click();
    const confirm = panel(page).locator('.ant-popconfirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Cancel this alarm as a false positive?');
    await confirm.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    // SPEC §8: cancelling from the panel says 取消成功 (Cancelled successfully).
    await waitForToast(page, 'Cancelled successfully');
    await expect.poll(() => item(page, serious).getAttribute('data-state')).toBe('2');
    expect(await item(page, serious).getByTestId('alarm-handled').innerText()).toBe(
      'Cancelled as false positive',
    );
    expect((await alarmState(serious)).alarmState).toBe(3);
    expect(await panel(page).count()).toBe(1);

    // The last one handled: every listed alarm is state 2, the panel closes.
    await item(page, urgent).getByTestId('alarm-deal').click();
    await item(page, urgent).getByTestId('alarm-deal-submit').click();
    await expect.poll(() => panel(page).count()).toBe(0);
    expect((await alarmState(urgent)).alarmState).toBe(2);
    await expect.poll(() => tab.getAttribute('data-count')).toBe('0');
    await page.context().close();
  });

  it('opens and closes on the tab, closes on a click outside, and remembers the mute toggle', async () => {
    const page = await loggedInPage();
    await openPanel(page);
    await page.getByTestId('alarm-panel-tab').click();
    await expect.poll(() => panel(page).count()).toBe(0);

    await openPanel(page);
    await page.mouse.click(500, 400);
    await expect.poll(() => panel(page).count()).toBe(0);

    await openPanel(page);
    const mute = page.getByTestId('alarm-mute');
    expect(await mute.getAttribute('data-muted')).toBe('false');
    await mute.click();
    expect(await mute.getAttribute('data-muted')).toBe('true');
    await page.reload();
    await openPanel(page);
    expect(await page.getByTestId('alarm-mute').getAttribute('data-muted')).toBe('true');
    await page.getByTestId('alarm-mute').click();
    expect(await page.getByTestId('alarm-mute').getAttribute('data-muted')).toBe('false');
    await page.context().close();
  });

  it('reads the panel in Chinese', async () => {
    await clearUntreated();
    const id = await ingest(120004);
    const page = await loggedInPage('zh-CN');
    const tab = page.getByTestId('alarm-panel-tab');
    await expect.poll(() => tab.innerText()).toContain('报警');
    await openPanel(page);
    await item(page, id).waitFor();
    const text = await item(page, id).innerText();
    expect(text).toContain('紧急');
    expect(text).toMatch(/处\s*理/);
    expect(text).toMatch(/误\s*报/);
    expect(await panel(page).innerText()).toContain('最新报警');

    await item(page, id).getByTestId('alarm-deal').click();
    expect(await item(page, id).getByTestId('alarm-comment').getAttribute('placeholder')).toBe(
      '处理结果，100字以内',
    );
    await item(page, id)
      .getByRole('button', { name: /返\s*回/ })
      .click();

    await item(page, id).getByTestId('alarm-false-positive').click();
    const confirm = panel(page).locator('.ant-popconfirm');
    await confirm.waitFor();
    const confirmText = await confirm.innerText();
    expect(confirmText).toContain('提示');
    expect(confirmText).toContain('确定取消报警?');
    await confirm.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    expect(await toastText(page)).toBeTruthy();
    await expect.poll(() => panel(page).count()).toBe(0);
    expect((await alarmState(id)).alarmState).toBe(3);
    await page.context().close();
  });
});
