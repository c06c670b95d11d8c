import { ALARM_API, ALARM_RULE_API, type AlarmRule, API } from '@sentinel/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAlarmPanel, panelItem, waitPanelLive } from './support/alarm-panel.ts';
import { nowReporter } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { expectPath, toastText } from './support/ui.ts';

let session: Session;
/** An engine reports an alarm through the real ingest API (multipart with an image). */
let ingest: (priority: number) => Promise<number>;

beforeAll(async () => {
  session = await startSession();
  ingest = await nowReporter(session.server.url, session.api, {
    engineName: 'E2E rules engine',
    eventPrefix: 'e2e-rules',
    background: '#2980b9',
  });
});

afterAll(async () => {
  await session?.stop();
});

const loggedInPage = (locale?: string) => session.loggedInPage(locale);

async function openRulesFromUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-alarm-rules').click();
  await expectPath(page, '/index');
  await page.getByTestId('alarm-rule-form').waitFor();
}

const radio = (page: Page, value: string): Locator => page.getByTestId(`frequency-${value}`);
const level = (page: Page, code: number): Locator => page.getByTestId(`priority-${code}`);

async function savedRule(): Promise<AlarmRule> {
  const me = await session.api<{ id: number }>(API.userInfo);
  return session.api<AlarmRule>(`${ALARM_RULE_API.rule}?userId=${me.id}&type=1`);
}

describe('alarm rules page', () => {
  it('opens from the user menu, saves frequency and a threshold, keeps them after a reload', async () => {
    const page = await loggedInPage();
    await openRulesFromUserMenu(page);
    const query = new URL(page.url()).searchParams;
    expect(query.get('type')).toBe('1');
    expect(Number(query.get('userId'))).toBeGreaterThan(0);
    // defaults: real time, no limits, every level
    expect(await radio(page, 'realtime').isChecked()).toBe(true);
    expect(await page.getByTestId('rule-maxPerHour').getAttribute('placeholder')).toBe('No limit');
    for (const code of [120004, 120003, 120002, 120001])
      expect(await level(page, code).isChecked()).toBe(true);

    // interval without minutes: refused on the field, nothing saved
    await page.getByTestId('frequency-interval').click();
    await page.getByTestId('rule-save').click();
    await page.getByText('Enter an interval of 1 to 1440 minutes').waitFor();
    expect((await savedRule()).updatedAt).toBeNull();

    await page.getByTestId('frequency-hour').click();
    await page.getByTestId('rule-maxPerHour').fill('50');
    await page.getByTestId('rule-save').click();
    expect(await toastText(page)).toBe('Saved successfully');
    await expect.poll(async () => (await savedRule()).maxPerHour).toBe(50);

    await page.reload();
    await page.getByTestId('alarm-rule-form').waitFor();
    await expect.poll(() => radio(page, 'hour').isChecked()).toBe(true);
    expect(await page.getByTestId('rule-maxPerHour').inputValue()).toBe('50');
    expect(await page.getByTestId('rule-maxPerDay').inputValue()).toBe('');
    await page.context().close();
  });

  it('a rule limited to urgent alarms: a general alarm is not pushed to the panel, an urgent one is', async () => {
    const page = await loggedInPage();
    await openRulesFromUserMenu(page);
    await page.getByTestId('frequency-realtime').click();
    await page.getByTestId('rule-maxPerHour').fill('');
    for (const code of [120003, 120002, 120001]) await level(page, code).uncheck();
    await page.getByTestId('rule-save').click();
    expect(await toastText(page)).toBe('Saved successfully');
    await expect.poll(async () => (await savedRule()).priorities).toEqual([120004]);

    await openAlarmPanel(page);
    await waitPanelLive(page);
    const general = await ingest(120002);
    const urgent = await ingest(120004);
    const item = (id: number) => panelItem(page, id);
    // the urgent one (reported after the general one) arrives live; the general one did not
    await item(urgent).waitFor({ timeout: 10_000 });
    expect(await item(urgent).innerText()).toContain('Urgent');
    expect(await item(general).count()).toBe(0);
    // it is still in the alarm history
    const list = await session.api<{ list: Array<{ id: number }> }>(ALARM_API.list, {
      method: 'POST',
      body: { page: 1, limit: 10 },
    });
    expect(list.list.map((a) => a.id)).toContain(general);
    await page.context().close();
  });

  it('a threshold holds alarms back: the panel says how many', async () => {
    const me = await session.api<{ id: number }>(API.userInfo);
    const saved = await session.api.envelope<AlarmRule>(ALARM_RULE_API.rule, {
      method: 'PUT',
      body: { userId: me.id, type: 1, maxPerDay: 1 },
    });
    expect(saved.status).toBe(0);
    const page = await loggedInPage();
    await openAlarmPanel(page);
    await waitPanelLive(page);
    const first = await ingest(120003);
    const second = await ingest(120003);
    const item = (id: number) => panelItem(page, id);
    await item(first).waitFor({ timeout: 10_000 });
    const note = page.getByTestId('alarm-held');
    await note.waitFor({ timeout: 10_000 });
    expect(await note.innerText()).toContain('Held back by your alarm rule: 1 more alarms');
    expect(await item(second).count()).toBe(0);
    await page.getByTestId('alarm-held-dismiss').click();
    await expect.poll(() => note.count()).toBe(0);
    await page.context().close();
  });

  it('without a user id shows 暂无数据', async () => {
    const page = await loggedInPage('zh-CN');
    await page.goto('/index?type=1');
    const empty = page.getByTestId('page-empty');
    await empty.waitFor();
    expect(await empty.innerText()).toContain('暂无数据');
    await page.context().close();
  });
});
