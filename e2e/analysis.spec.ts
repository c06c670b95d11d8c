import { ALARM_API, JOB_RUN_API } from '@sentinel/contract';
import dayjs from 'dayjs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';
import { expectPath } from './support/ui.ts';

let session: Session;

/**
 * The demo plant's alarms and runs fill the analyses; this spec adds its own of today (urgent
 * alarms, one processed by admin, a run completed with a violation and an alarm during it), so
 * each figure it drills through is there whatever the demo holds. No simulator adds alarms while
 * it runs (startServer), so a figure and its list count the same rows.
 */
beforeAll(async () => {
  session = await startSession();
  const { api, server } = session;
  const key = await createEngineKey(api, 'e2e-analysis');
  const refs = await demoRefs(api);
  const image = await solidImage('#8e44ad', { format: 'jpeg' });
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const alarm = (eventId: string, minutesAgo: number, extra: Record<string, string | number> = {}) =>
    ingestAlarm(
      server.url,
      key,
      {
        eventId,
        alarmTime: at(minutesAgo),
        priority: 120004,
        sceneId: refs.sceneId,
        cameraId: refs.cameraId,
        algorithmId: refs.algorithmId,
        ...extra,
      },
      { image },
    );
  const first = await alarm('e2e-analysis-1', 20);
  await alarm('e2e-analysis-2', 15);
  await api(ALARM_API.deal, { method: 'POST', body: { id: first, comment: 'e2e analysis' } });

  const run = {
    runId: 'e2e-analysis-run',
    jobNumber: 'E2E-AN-1',
    jobName: 'E2E analysis',
    sceneId: refs.sceneId,
  };
  const runId = (
    await api<{ id: number }>(JOB_RUN_API.ingest, {
      method: 'POST',
      key,
      body: { ...run, state: 1, startTime: at(40) },
    })
  ).id;
  await alarm('e2e-analysis-run-1', 10, { historyAssignmentId: runId, jobNumber: run.jobNumber });
  await api(JOB_RUN_API.ingest, {
    method: 'POST',
    key,
    body: { runId: run.runId, state: 3, endTime: at(5) },
  });
}, 180_000);

afterAll(async () => {
  await session?.stop();
});

/** The number a figure shows ("1,234" or "1234"). */
const numberIn = async (locator: Locator) => Number((await locator.innerText()).replace(/[^\d]/g, ''));

/** The total a list page shows under its table ("12 in total", "共 12 条"). */
const listTotal = async (page: Page, pageTestId: string) => {
  const total = page.getByTestId(pageTestId).locator('.ant-pagination-total-text');
  if (!(await total.count())) return -1;
  return numberIn(total.first());
};

/** The text an antd select shows (its chosen option). */
const selectText = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator(
      'xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
    )
    .innerText();

/** The values of the two inputs of a range picker. */
const rangeValues = (page: Page, testId: string) =>
  page
    .locator(`[data-testid="${testId}"]`)
    .evaluateAll((els) =>
      els.flatMap((el) =>
        el instanceof HTMLInputElement ? [el.value] : [...el.querySelectorAll('input')].map((i) => i.value),
      ),
    )
    .then((values) => [...new Set(values)]);

/** A chart drawn and standing still (its animation finished). */
const renderedChart = async (page: Page, testId: string) => {
  const chart = page.locator(`[data-testid="${testId}"][data-rendered="true"]`);
  await chart.waitFor();
  return chart;
};

/** The search params of the page's URL. */
const urlParams = (page: Page) => new URL(page.url()).searchParams;

const shown = (iso: string | null) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

describe('alarm analysis', () => {
  it('shows figures and charts; a bar and a KPI open History alarms filtered, with the same count (English)', async () => {
    const page = await session.loggedInPage();
    await page.goto('/alarmAnalysis');
    const total = await numberIn(page.getByTestId('kpi-total-value'));
    expect(total).toBeGreaterThan(0);
    for (const chart of [
      'figure-trend-chart',
      'figure-by-level-chart',
      'figure-by-type-chart',
      'figure-by-area-chart',
      'figure-by-scene-chart',
      'figure-top-cameras-chart',
    ])
      expect(await (await renderedChart(page, chart)).locator('svg path').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('alarm-analysis-page').innerText()).toContain('Alarm trend');

    // The first type's figure (its table view), then a click on its bar in the chart.
    await page.getByTestId('figure-by-type-view').getByText('Table').click();
    const firstType = page.getByTestId('figure-by-type-table').locator('tbody tr').first();
    const typeName = (await firstType.locator('td').first().innerText()).trim();
    const typeCount = await numberIn(firstType.locator('a[data-drill]'));
    await page.getByTestId('figure-by-type-view').getByText('Chart').click();
    const byType = await renderedChart(page, 'figure-by-type-chart');
    await byType.locator('path[fill="#37f"]').first().click();

    await expectPath(page, '/historyRecords/historyAlarm');
    const params = urlParams(page);
    expect(params.get('algorithmId')).toMatch(/^\d+$/);
    await expect.poll(() => listTotal(page, 'history-alarm-page')).toBe(typeCount);
    await expect.poll(() => selectText(page, 'alarm-filter-type')).toContain(typeName);
    expect(await rangeValues(page, 'alarm-filter-range')).toEqual([
      shown(params.get('startTime')),
      shown(params.get('endTime')),
    ]);

    // A reload keeps the filters (they live in the URL).
    await page.reload();
    await expect.poll(() => selectText(page, 'alarm-filter-type')).toContain(typeName);
    await expect.poll(() => listTotal(page, 'history-alarm-page')).toBe(typeCount);

    // The untreated KPI: History alarms with status "Untreated" and the same count.
    await page.goBack();
    await expectPath(page, '/alarmAnalysis');
    const untreated = await numberIn(page.getByTestId('kpi-untreated-value'));
    await page.getByTestId('kpi-untreated-link').click();
    await expectPath(page, '/historyRecords/historyAlarm');
    await expect.poll(() => selectText(page, 'alarm-filter-status')).toContain('Untreated');
    await expect.poll(() => listTotal(page, 'history-alarm-page')).toBe(untreated);
    await page.context().close();
  }, 120_000);

  it('drills through by keyboard from a table, and asks for a custom range (Chinese)', async () => {
    const page = await session.loggedInPage('zh-CN');
    await page.goto('/alarmAnalysis');
    await renderedChart(page, 'figure-by-level-chart');
    expect(await page.getByTestId('alarm-analysis-page').innerText()).toContain('报警趋势');

    // By level, as a table: the urgent level's count, opened with the keyboard.
    await page.getByTestId('figure-by-level-view').getByText('表格').click();
    const urgent = page.getByTestId('figure-by-level-table-120004');
    const count = await numberIn(urgent);
    await urgent.focus();
    await page.keyboard.press('Enter');
    await expectPath(page, '/historyRecords/historyAlarm');
    expect(urlParams(page).get('priority')).toBe('120004');
    await expect.poll(() => selectText(page, 'alarm-filter-level')).toContain('紧急');
    await expect.poll(() => listTotal(page, 'history-alarm-page')).toBe(count);
    expect(await page.getByTestId('history-alarm-page').innerText()).toContain(`共 ${count} 条`);

    // A trend bucket: that bucket's own range.
    await page.goto('/alarmAnalysis?preset=today');
    await page.getByTestId('figure-trend-view').getByText('表格').click();
    const bucket = page
      .getByTestId('figure-trend-table')
      .locator('a[data-drill]')
      .filter({ hasNotText: /^0$/ })
      .last();
    const bucketCount = await numberIn(bucket);
    await bucket.click();
    await expectPath(page, '/historyRecords/historyAlarm');
    const params = urlParams(page);
    expect(Date.parse(params.get('endTime') ?? '') - Date.parse(params.get('startTime') ?? '')).toBeLessThan(
      3_600_000,
    );
    await expect.poll(() => listTotal(page, 'history-alarm-page')).toBe(bucketCount);

    // A custom range without its times is refused with the SPEC's message.
    await page.goto('/alarmAnalysis');
    await page.getByTestId('analysis-filter-preset').getByText('自定义').click();
    await page.getByTestId('analysis-search').click();
    await expect
      .poll(() => page.getByTestId('analysis-filters').innerText())
      .toContain('请选择开始时间和截止时间!');
    await page.context().close();
  }, 120_000);
});

describe('safety and efficiency analysis', () => {
  it('opens History tasks from a run outcome and History alarms from violations by type', async () => {
    const page = await session.loggedInPage();
    await page.goto('/safetyAnalysis');
    await renderedChart(page, 'figure-by-outcome-chart');
    const violated = await numberIn(page.getByTestId('kpi-violated-value'));
    expect(violated).toBeGreaterThan(0);
    await page.getByTestId('kpi-violated-link').click();
    await expectPath(page, '/historyRecords/historyTask');
    expect(urlParams(page).get('state')).toBe('3');
    await expect.poll(() => selectText(page, 'job-run-filter-state')).toContain('Completed with violation');
    await expect.poll(() => listTotal(page, 'history-task-page')).toBe(violated);

    await page.goBack();
    await page.getByTestId('figure-violations-by-type-view').getByText('Table').click();
    const link = page.getByTestId('figure-violations-by-type-table').locator('a[data-drill]').first();
    const count = await numberIn(link);
    await link.click();
    await expectPath(page, '/historyRecords/historyAlarm');
    expect(urlParams(page).get('inJob')).toBe('true');
    expect(await page.getByTestId('alarm-filter-tag-inJob').innerText()).toContain('During job runs');
    await expect.poll(() => listTotal(page, 'history-alarm-page')).toBe(count);

    // Closing the tag lists every alarm of the type again.
    await page.getByTestId('alarm-filter-tag-inJob').getByRole('button').click();
    await expect.poll(() => urlParams(page).has('inJob')).toBe(false);
    await expect.poll(() => listTotal(page, 'history-alarm-page')).toBeGreaterThanOrEqual(count);
    await page.context().close();
  }, 120_000);

  it('opens the alarms a handler processed from the efficiency analysis', async () => {
    const page = await session.loggedInPage();
    await page.goto('/efficiencyAnalysis');
    await renderedChart(page, 'figure-handling-by-handler-chart');
    expect(await page.getByTestId('kpi-median-value').innerText()).toMatch(/\d+ (s|min|h|d)/);
    await page.getByTestId('figure-handling-by-handler-view').getByText('Table').click();
    const row = page
      .getByTestId('figure-handling-by-handler-table')
      .locator('tbody tr')
      .filter({ has: page.locator('a[data-drill]') })
      .first();
    const handler = (await row.locator('td').first().innerText()).trim();
    const count = await numberIn(row.locator('a[data-drill]'));
    await row.locator('a[data-drill]').click();
    await expectPath(page, '/historyRecords/historyAlarm');
    expect(urlParams(page).get('handlerId')).toMatch(/^\d+$/);
    await expect.poll(() => selectText(page, 'alarm-filter-status')).toContain('Processed');
    await expect.poll(() => page.getByTestId('alarm-filter-tag-handlerId').innerText()).toContain(handler);
    await expect.poll(() => listTotal(page, 'history-alarm-page')).toBe(count);
    await page.context().close();
  }, 120_000);
});
