import {
  ALARM_API,
  type AlarmDetail,
  type AlarmListResult,
  ANALYSIS_API,
  type DashboardSummary,
  type HeatStrip,
} from '@sentinel/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowReporter } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { confirmModal, expectPath } from './support/ui.ts';

let session: Session;
/** An engine reports an alarm now through the real ingest API (multipart with an image). */
let ingest: (priority: number) => Promise<number>;

beforeAll(async () => {
  session = await startSession();
  ingest = await nowReporter(session.server.url, session.api, {
    engineName: 'E2E home engine',
    eventPrefix: 'e2e-home',
    background: '#2f54eb',
  });
});

afterAll(async () => {
  await session?.stop();
});

/** Today as the browser sees it (same time zone as this process): what the home asks for. */
function todayRange() {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const end = new Date();
  end.setHours(23, 59, 59, 999);
  return { startTime: start.toISOString(), endTime: end.toISOString() };
}

const summaryNow = () =>
  session.api<DashboardSummary>(ANALYSIS_API.dashboard, { method: 'POST', body: todayRange() });
const untreatedList = () =>
  session.api<AlarmListResult>(ALARM_API.list, {
    method: 'POST',
    body: { page: 1, limit: 10, status: 'untreated' },
  });

/** The number a figure's tile stands for. */
const figure = async (page: Page, key: string) =>
  Number(await page.getByTestId(`kpi-${key}`).getAttribute('data-value'));
const row = (page: Page, id: number) => page.locator(`[data-testid="dashboard-alarm"][data-id="${id}"]`);
const firstRowId = async (page: Page) =>
  Number(await page.getByTestId('dashboard-alarm').first().getAttribute('data-id'));
/** The total History alarms shows under its table. */
const historyTotal = async (page: Page) => {
  const text = await page.locator('.ant-pagination-total-text').first().innerText();
  return Number(text.replace(/[^\d]/g, ''));
};

/**
 * Waits for a part of the home (test id); when it does not come, the error tells what the home
 * shows instead (skeletons, an error with its message, an empty state).
 */
async function shown(page: Page, testId: string): Promise<void> {
  try {
    await page.getByTestId(testId).waitFor();
  } catch (error) {
    const texts = await Promise.all(
      ['dashboard-kpis-loading', 'dashboard-kpis', 'dashboard-untreated', 'dashboard-heat', 'page-error'].map(
        async (id) =>
          `${id}: ${(await page.getByTestId(id).allInnerTexts()).join(' | ').replace(/\s+/g, ' ')}`,
      ),
    );
    throw new Error(`no ${testId} on ${page.url()}; the home shows ${texts.join('; ')}`, { cause: error });
  }
}

/** Waits until the home's event stream is connected (changes arrive live from then on). */
async function waitLive(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByTestId('dashboard-connection').getAttribute('data-state'))
    .toBe('connected');
}

describe('home (/dashboard)', () => {
  it('is where login lands, with the figures, the newest untreated alarms and the heat strip (English)', async () => {
    const page = await session.loggedInPage();
    await shown(page, 'dashboard-kpis');
    const summary = await summaryNow();
    expect(await figure(page, 'todayAlarms')).toBe(summary.todayAlarms);
    expect(await figure(page, 'untreated')).toBe(summary.untreated);
    expect(await figure(page, 'awaitingApproval')).toBe(summary.awaitingApproval);
    expect(await figure(page, 'cameras')).toBe(summary.camerasOnline);
    expect(await figure(page, 'jobsRunning')).toBe(summary.jobsRunning);
    expect(summary.untreated).toBeGreaterThan(0);
    const tiles = await page.getByTestId('dashboard-kpis').innerText();
    for (const title of [
      "Today's alarms",
      'Untreated',
      'Awaiting approval',
      'False-positive rate',
      'Cameras online',
      'Jobs running',
    ]) {
      expect(tiles).toContain(title);
    }
    expect(await page.getByTestId('kpi-untreated-value').innerText()).toBe(String(summary.untreated));

    // The newest untreated alarms, newest first, as the alarm list has them.
    const newest = await untreatedList();
    await expect.poll(() => page.getByTestId('dashboard-alarm').count()).toBe(Math.min(8, newest.count));
    expect(await firstRowId(page)).toBe(newest.list[0]?.id);
    expect(await page.getByTestId('dashboard-untreated').innerText()).toContain('Newest untreated alarms');

    // The heat strip: drawn, with the 24 hours' total of the API.
    const heat = await session.api<HeatStrip>(ANALYSIS_API.heat, { method: 'POST', body: {} });
    const total = heat.cells.reduce((sum, c) => sum + c.count, 0);
    await shown(page, 'dashboard-heat-chart');
    expect(await page.getByTestId('dashboard-heat').innerText()).toContain('Alarms by level, last 24 hours');
    expect(await page.getByTestId('dashboard-heat-total').innerText()).toBe(`${total} alarms`);
    const urgent = heat.cells.filter((c) => c.priority === 120004).reduce((sum, c) => sum + c.count, 0);
    expect(await page.getByTestId('heat-level-120004').innerText()).toBe(`Urgent: ${urgent}`);
    await page.context().close();
  });

  it('shows the same in Chinese', async () => {
    const page = await session.loggedInPage('zh-CN');
    await shown(page, 'dashboard-kpis');
    const summary = await summaryNow();
    const tiles = await page.getByTestId('dashboard-kpis').innerText();
    for (const title of ['今日报警', '未处理', '待审批', '误报率', '在线摄像机', '进行中作业']) {
      expect(tiles).toContain(title);
    }
    expect(await figure(page, 'untreated')).toBe(summary.untreated);
    expect(await page.getByTestId('dashboard-untreated').innerText()).toContain('最新未处理报警');
    expect(await page.getByTestId('dashboard-untreated-all').innerText()).toBe(
      `全部未处理（${summary.untreated}）`,
    );
    await shown(page, 'dashboard-heat-chart');
    expect(await page.getByTestId('dashboard-heat').innerText()).toContain('近24小时各级别报警');
    expect(await page.getByTestId('heat-level-120004').innerText()).toMatch(/^紧急：\d+$/);
    // The rows name their level in Chinese and offer the home's two actions.
    const first = page.getByTestId('dashboard-alarm').first();
    expect(await first.innerText()).toMatch(/紧急|严重|一般|提示/);
    expect(await first.innerText()).toContain('标记误报');
    await page.context().close();
  });

  it('takes an ingested alarm live (figures and list, no reload) and handles it in one click', async () => {
    const page = await session.loggedInPage();
    await shown(page, 'dashboard-alarms');
    await waitLive(page);
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    const before = await summaryNow();
    await expect.poll(() => figure(page, 'untreated')).toBe(before.untreated);

    const id = await ingest(120004);
    // The figures move and the alarm tops the list, through the event stream.
    await expect.poll(() => figure(page, 'untreated')).toBe(before.untreated + 1);
    await expect.poll(() => figure(page, 'todayAlarms')).toBe(before.todayAlarms + 1);
    await row(page, id).waitFor();
    expect(await firstRowId(page)).toBe(id);
    expect(await row(page, id).innerText()).toContain('Urgent');

    // A click on the row opens the alarm's details.
    await row(page, id).getByTestId('dashboard-alarm-open').click();
    await page.getByTestId(`alarm-detail-${id}`).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId(`alarm-detail-${id}`).count()).toBe(0);

    // Process: one click, the comment is optional; the row leaves, the figure goes down.
    await row(page, id).getByTestId(`alarm-${id}-deal`).click();
    await page.getByTestId('alarm-deal-ok').click();
    await expect.poll(() => row(page, id).count()).toBe(0);
    await expect.poll(() => figure(page, 'untreated')).toBe(before.untreated);
    expect((await session.api<AlarmDetail>(ALARM_API.detail(id))).alarmState).toBe(2);

    // Mark false positive, confirmed with the SPEC's question.
    const second = await ingest(120003);
    await row(page, second).waitFor();
    await expect.poll(() => figure(page, 'untreated')).toBe(before.untreated + 1);
    await row(page, second).getByTestId(`alarm-${second}-cancel`).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Mark as false positive?');
    await confirmModal(page);
    await expect.poll(() => row(page, second).count()).toBe(0);
    await expect.poll(() => figure(page, 'untreated')).toBe(before.untreated);
    expect((await session.api<AlarmDetail>(ALARM_API.detail(second))).alarmState).toBe(3);

    // All of it without a reload.
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await page.context().close();
  });

  it('in Chinese, the false-positive action asks 标记为误报?', async () => {
    const page = await session.loggedInPage('zh-CN');
    await shown(page, 'dashboard-alarms');
    await waitLive(page);
    const id = await ingest(120002);
    await row(page, id).waitFor();
    await row(page, id).getByTestId(`alarm-${id}-cancel`).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('标记为误报?');
    await confirmModal(page);
    await expect.poll(() => row(page, id).count()).toBe(0);
    await page.context().close();
  });

  it('opens History alarms from a figure, with the same count', async () => {
    const page = await session.loggedInPage();
    await shown(page, 'dashboard-kpis');

    const untreated = await figure(page, 'untreated');
    await page.getByTestId('kpi-untreated').click();
    await expectPath(page, '/historyRecords/historyAlarm');
    expect(new URL(page.url()).searchParams.get('status')).toBe('untreated');
    await expect.poll(() => historyTotal(page)).toBe(untreated);

    await page.goBack();
    await expectPath(page, '/dashboard');
    await shown(page, 'dashboard-kpis');
    const today = await figure(page, 'todayAlarms');
    await page.getByTestId('kpi-todayAlarms').click();
    await expectPath(page, '/historyRecords/historyAlarm');
    const params = new URL(page.url()).searchParams;
    expect(params.get('startTime')).toBe(todayRange().startTime);
    expect(params.get('endTime')).toBe(todayRange().endTime);
    await expect.poll(() => historyTotal(page)).toBe(today);

    // Jobs running open History tasks of state 1 (running).
    await page.goBack();
    await page.getByTestId('kpi-jobsRunning').click();
    await expectPath(page, '/historyRecords/historyTask');
    expect(new URL(page.url()).searchParams.get('state')).toBe('1');
    await page.context().close();
  });

  it('opens History alarms of one level for the last 24 hours from the heat strip', async () => {
    const page = await session.loggedInPage();
    const tag = page.getByTestId('heat-level-120003');
    await shown(page, 'heat-level-120003');
    const count = Number(await tag.getAttribute('data-value'));
    expect(count).toBeGreaterThan(0);
    await tag.click();
    await expectPath(page, '/historyRecords/historyAlarm');
    expect(new URL(page.url()).searchParams.get('priority')).toBe('120003');
    await expect.poll(() => historyTotal(page)).toBe(count);
    await page.context().close();
  });

  it('opens History alarms of one hour and level from a heat strip cell, with the count it shows', async () => {
    const page = await session.loggedInPage();
    await shown(page, 'dashboard-heat-chart');
    const chart = page.locator('[data-testid="dashboard-heat-chart"][data-rendered="true"]');
    await chart.waitFor();
    // The busy cells carry their count; the axes' labels are hours ("14:00") and level names.
    const label = chart.locator('svg text').filter({ hasText: /^\d+$/ }).first();
    const count = Number(await label.textContent());
    expect(count).toBeGreaterThan(0);
    await label.click();
    await expectPath(page, '/historyRecords/historyAlarm');
    const params = new URL(page.url()).searchParams;
    expect(['120001', '120002', '120003', '120004']).toContain(params.get('priority'));
    const start = Date.parse(params.get('startTime') ?? '');
    expect(Date.parse(params.get('endTime') ?? '') - start).toBe(3_600_000 - 1);
    expect(new Date(start).getUTCMinutes()).toBe(0);
    await expect.poll(() => historyTotal(page)).toBe(count);
    await page.context().close();
  });
});
